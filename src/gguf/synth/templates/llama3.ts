/**
 * edgecall's own Llama 3.x-style chat template: header-delimited turns after the BOS,
 * "Environment: ipython" in the system turn when tools are given, the tools (JSON, indented) in
 * the first user turn, calls as `{"name": ..., "parameters": {...}}`, results in an `ipython`
 * turn (model-facts.md §3, "Llama 3.1/3.2").
 */
export const llama3Template = String.raw`{#- edgecall synthetic template: Llama 3 family (JSON "parameters" tool calls) -#}
{{- bos_token -}}
{%- set state = namespace(system='', first=0, tools_pending=false) -%}
{%- if messages | length > 0 and messages[0].role == 'system' -%}
    {%- set state.system = messages[0].content | trim -%}
    {%- set state.first = 1 -%}
{%- endif -%}
{%- if tools -%}
    {%- set state.tools_pending = true -%}
{%- endif -%}
{{- '<|start_header_id|>system<|end_header_id|>\n\n' -}}
{%- if tools -%}
    {{- 'Environment: ipython\n' -}}
{%- endif -%}
{{- 'Cutting Knowledge Date: December 2023\nToday Date: ' + (date_string if date_string is defined else '26 Jul 2024') + '\n\n' -}}
{{- state.system + '<|eot_id|>' -}}
{%- for message in messages -%}
    {%- if loop.index0 >= state.first -%}
        {%- set text = (message.content | trim) if message.content is string else '' -%}
        {%- if message.role == 'user' and state.tools_pending -%}
            {%- set state.tools_pending = false -%}
            {{- '<|start_header_id|>user<|end_header_id|>\n\n' -}}
            {{- 'Answer the request below by calling one of these functions, with the arguments that fit it best.\n\n' -}}
            {{- 'Respond in the format {"name": function name, "parameters": dictionary of argument name and its value}. Do not use variables.\n\n' -}}
            {%- for tool in tools -%}
                {{- (tool | tojson(indent=4)) + '\n\n' -}}
            {%- endfor -%}
            {{- text + '<|eot_id|>' -}}
        {%- elif message.role == 'assistant' and message.tool_calls -%}
            {{- '<|start_header_id|>assistant<|end_header_id|>\n\n' -}}
            {%- for tool_call in message.tool_calls -%}
                {%- if tool_call.function is defined -%}
                    {%- set tool_call = tool_call.function -%}
                {%- endif -%}
                {{- ('' if loop.first else '\n') + '{"name": "' + tool_call.name + '", "parameters": ' -}}
                {%- if tool_call.arguments is string -%}
                    {{- tool_call.arguments -}}
                {%- else -%}
                    {{- tool_call.arguments | tojson -}}
                {%- endif -%}
                {{- '}' -}}
            {%- endfor -%}
            {{- '<|eot_id|>' -}}
        {%- elif message.role == 'tool' or message.role == 'ipython' -%}
            {{- '<|start_header_id|>ipython<|end_header_id|>\n\n' + text + '<|eot_id|>' -}}
        {%- else -%}
            {{- '<|start_header_id|>' + message.role + '<|end_header_id|>\n\n' + text + '<|eot_id|>' -}}
        {%- endif -%}
    {%- endif -%}
{%- endfor -%}
{%- if add_generation_prompt -%}
    {{- '<|start_header_id|>assistant<|end_header_id|>\n\n' -}}
{%- endif -%}
`;
