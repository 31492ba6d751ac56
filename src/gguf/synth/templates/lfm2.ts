/**
 * edgecall's own LFM2.5-style chat template: ChatML turns after the BOS, tools appended to the
 * system text as `List of tools: [...]`, calls as Python-style lists between
 * `<|tool_call_start|>` and `<|tool_call_end|>`, tool results in a `tool` turn
 * (model-facts.md §3, "LFM2 / LFM2.5").
 */
export const lfm2Template = String.raw`{#- edgecall synthetic template: LFM2.5 family (pythonic tool calls) -#}
{%- macro python_value(value) -%}
    {%- if value is string -%}
        {{- '"' + value.replace('\\', '\\\\').replace('"', '\\"').replace('\n', '\\n') + '"' -}}
    {%- elif value is boolean -%}
        {{- 'True' if value else 'False' -}}
    {%- elif value is none -%}
        {{- 'None' -}}
    {%- else -%}
        {{- value | tojson -}}
    {%- endif -%}
{%- endmacro -%}
{{- bos_token -}}
{%- set state = namespace(system='', first=0) -%}
{%- if messages | length > 0 and messages[0].role == 'system' -%}
    {%- set state.system = messages[0].content -%}
    {%- set state.first = 1 -%}
{%- endif -%}
{%- if tools -%}
    {%- set state.system = state.system + ('\n' if state.system else '') + 'List of tools: [' -%}
    {%- for tool in tools -%}
        {%- set state.system = state.system + (tool if tool is string else (tool | tojson)) + ('' if loop.last else ', ') -%}
    {%- endfor -%}
    {%- set state.system = state.system + ']' -%}
{%- endif -%}
{%- if state.system -%}
    {{- '<|im_start|>system\n' + state.system + '<|im_end|>\n' -}}
{%- endif -%}
{%- for message in messages -%}
    {%- if loop.index0 >= state.first -%}
        {%- set text = message.content if message.content is string else ((message.content | tojson) if message.content is not none else '') -%}
        {{- '<|im_start|>' + message.role + '\n' + text -}}
        {%- if message.role == 'assistant' and message.tool_calls -%}
            {{- '<|tool_call_start|>[' -}}
            {%- for tool_call in message.tool_calls -%}
                {%- if tool_call.function is defined -%}
                    {%- set tool_call = tool_call.function -%}
                {%- endif -%}
                {{- tool_call.name + '(' -}}
                {%- if tool_call.arguments is mapping -%}
                    {%- for name, value in tool_call.arguments | items -%}
                        {{- name + '=' + python_value(value) + ('' if loop.last else ', ') -}}
                    {%- endfor -%}
                {%- endif -%}
                {{- ')' + ('' if loop.last else ', ') -}}
            {%- endfor -%}
            {{- ']<|tool_call_end|>' -}}
        {%- endif -%}
        {{- '<|im_end|>\n' -}}
    {%- endif -%}
{%- endfor -%}
{%- if add_generation_prompt -%}
    {{- '<|im_start|>assistant\n' -}}
{%- endif -%}
`;
