/**
 * edgecall's own FunctionGemma chat template, written from the public formatting guide (not a
 * copy of the official template): Gemma turns after the BOS, the system text and the tool
 * declarations in a `developer` turn after the line that switches function calling on, calls as
 * `<start_function_call>call:NAME{…}<end_function_call>`, tool results as
 * `<start_function_response>response:NAME{value:<escape>…<escape>}<end_function_response>` in the
 * model's turn, which the model continues (no generation prompt after a result). Values use the
 * `<escape>` string delimiter, bare sorted keys and upper-case schema types. It renders exactly
 * what src/formats/functiongemma/prompt.ts renders (after the BOS).
 */
export const functionGemmaTemplate = String.raw`{#- edgecall synthetic template: FunctionGemma (escaped-string function calls) -#}
{%- macro fg_value(value) -%}
    {%- if value is string -%}
        {{- '<escape>' + value + '<escape>' -}}
    {%- elif value is boolean -%}
        {{- 'true' if value else 'false' -}}
    {%- elif value is none -%}
        {{- 'null' -}}
    {%- elif value is mapping -%}
        {{- '{' -}}
        {%- for key, item in value | dictsort -%}
            {{- key + ':' + fg_value(item) + ('' if loop.last else ',') -}}
        {%- endfor -%}
        {{- '}' -}}
    {%- elif value is iterable -%}
        {{- '[' -}}
        {%- for item in value -%}
            {{- fg_value(item) + ('' if loop.last else ',') -}}
        {%- endfor -%}
        {{- ']' -}}
    {%- else -%}
        {{- value | string -}}
    {%- endif -%}
{%- endmacro -%}
{%- macro fg_type(value) -%}
    {%- if value is string -%}
        {{- '<escape>' + (value | upper) + '<escape>' -}}
    {%- elif value is iterable and value is not mapping -%}
        {{- '[' -}}
        {%- for item in value -%}
            {{- fg_type(item) + ('' if loop.last else ',') -}}
        {%- endfor -%}
        {{- ']' -}}
    {%- else -%}
        {{- fg_value(value) -}}
    {%- endif -%}
{%- endmacro -%}
{%- macro fg_schema(schema) -%}
    {%- if schema is mapping -%}
        {{- '{' -}}
        {%- for key, item in schema | dictsort -%}
            {{- key + ':' -}}
            {%- if key == 'type' -%}
                {{- fg_type(item) -}}
            {%- elif key in ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'] and item is mapping -%}
                {{- '{' -}}
                {%- for name, inner in item | dictsort -%}
                    {{- name + ':' + fg_schema(inner) + ('' if loop.last else ',') -}}
                {%- endfor -%}
                {{- '}' -}}
            {%- elif key in ['items', 'additionalProperties', 'additionalItems', 'unevaluatedProperties', 'unevaluatedItems', 'contains', 'not', 'if', 'then', 'else', 'propertyNames', 'anyOf', 'oneOf', 'allOf', 'prefixItems'] -%}
                {{- fg_schema(item) -}}
            {%- else -%}
                {{- fg_value(item) -}}
            {%- endif -%}
            {{- '' if loop.last else ',' -}}
        {%- endfor -%}
        {{- '}' -}}
    {%- elif schema is iterable and schema is not string -%}
        {{- '[' -}}
        {%- for item in schema -%}
            {{- fg_schema(item) + ('' if loop.last else ',') -}}
        {%- endfor -%}
        {{- ']' -}}
    {%- else -%}
        {{- fg_value(schema) -}}
    {%- endif -%}
{%- endmacro -%}
{%- set switch_line = 'You are a model that can do function calling with the following functions' -%}
{{- bos_token -}}
{%- set ns = namespace(system='', first=0, open=false) -%}
{%- if messages | length > 0 and messages[0].role == 'system' -%}
    {%- set ns.system = messages[0].content | trim -%}
    {%- set ns.first = 1 -%}
{%- endif -%}
{%- if ns.system or tools -%}
    {{- '<start_of_turn>developer\n' + ns.system -}}
    {%- if tools -%}
        {%- if ns.system != switch_line -%}
            {{- ('\n' if ns.system else '') + switch_line -}}
        {%- endif -%}
        {%- for tool in tools -%}
            {%- set fn = tool.function if tool.function is defined else tool -%}
            {{- '<start_function_declaration>declaration:' + fn.name + '{description:<escape>' + (fn.description if fn.description is defined and fn.description is not none else '') + '<escape>,parameters:' + fg_schema(fn.parameters if fn.parameters is defined else {'type': 'object', 'properties': {}}) + '}<end_function_declaration>' -}}
        {%- endfor -%}
    {%- endif -%}
    {{- '<end_of_turn>\n' -}}
{%- endif -%}
{%- set turns = messages[ns.first:] -%}
{%- for message in turns -%}
    {%- if message.role == 'tool' -%}
        {{- '<start_function_response>response:' + (message.name if message.name is defined and message.name is not none else '') + '{value:' + fg_value(message.content if message.content is string else '') + '}<end_function_response>' -}}
        {%- set ns.open = true -%}
    {%- else -%}
        {%- if ns.open and message.role != 'assistant' -%}
            {{- '<end_of_turn>\n' -}}
        {%- endif -%}
        {%- if message.role == 'assistant' -%}
            {%- if not ns.open -%}
                {{- '<start_of_turn>model\n' -}}
            {%- endif -%}
            {{- (message.content | trim) if message.content is string else '' -}}
            {%- if message.tool_calls -%}
                {%- for call in message.tool_calls -%}
                    {%- set fn = call.function if call.function is defined else call -%}
                    {{- '<start_function_call>call:' + fn.name + (fg_value(fn.arguments) if fn.arguments is mapping else '{}') + '<end_function_call>' -}}
                {%- endfor -%}
            {%- endif -%}
            {%- set ns.open = loop.index0 + 1 < turns | length and turns[loop.index0 + 1].role == 'tool' -%}
            {%- if not ns.open -%}
                {{- '<end_of_turn>\n' -}}
            {%- endif -%}
        {%- else -%}
            {%- set ns.open = false -%}
            {{- '<start_of_turn>' + ('developer' if message.role == 'system' else message.role) + '\n' + (message.content | trim) + '<end_of_turn>\n' -}}
        {%- endif -%}
    {%- endif -%}
{%- endfor -%}
{%- if add_generation_prompt and not ns.open -%}
    {{- '<start_of_turn>model\n' -}}
{%- endif -%}`;
