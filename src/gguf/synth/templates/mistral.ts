/**
 * edgecall's own Mistral (v3 / Nemo) style chat template: BOS, `[INST]...[/INST]` turns, the tool
 * list as `[AVAILABLE_TOOLS][...][/AVAILABLE_TOOLS]` just before the last user turn, calls as
 * `[TOOL_CALLS][{"name": ..., "arguments": {...}, "id": ...}]` closed by EOS, results as
 * `[TOOL_RESULTS]{"content": ..., "call_id": ...}[/TOOL_RESULTS]` (model-facts.md §3, "Mistral").
 */
export const mistralTemplate = String.raw`{#- edgecall synthetic template: Mistral family ([TOOL_CALLS] JSON list) -#}
{{- bos_token -}}
{%- set state = namespace(system='', first=0, last_user=-1) -%}
{%- if messages | length > 0 and messages[0].role == 'system' -%}
    {%- set state.system = messages[0].content -%}
    {%- set state.first = 1 -%}
{%- endif -%}
{%- for message in messages -%}
    {%- if message.role == 'user' -%}
        {%- set state.last_user = loop.index0 -%}
    {%- endif -%}
{%- endfor -%}
{%- for message in messages -%}
    {%- if loop.index0 >= state.first -%}
        {%- set text = message.content if message.content is string else '' -%}
        {%- if message.role == 'user' -%}
            {%- if tools and loop.index0 == state.last_user -%}
                {{- '[AVAILABLE_TOOLS]' + (tools | tojson) + '[/AVAILABLE_TOOLS]' -}}
            {%- endif -%}
            {%- if state.system and loop.index0 == state.last_user -%}
                {{- '[INST]' + state.system + '\n\n' + text + '[/INST]' -}}
            {%- else -%}
                {{- '[INST]' + text + '[/INST]' -}}
            {%- endif -%}
        {%- elif message.role == 'assistant' and message.tool_calls -%}
            {%- if text -%}
                {{- text -}}
            {%- endif -%}
            {{- '[TOOL_CALLS][' -}}
            {%- for tool_call in message.tool_calls -%}
                {%- set call_id = tool_call.id if tool_call.id is defined else none -%}
                {%- if tool_call.function is defined -%}
                    {%- set tool_call = tool_call.function -%}
                {%- endif -%}
                {{- '{"name": "' + tool_call.name + '", "arguments": ' -}}
                {%- if tool_call.arguments is string -%}
                    {{- tool_call.arguments -}}
                {%- else -%}
                    {{- tool_call.arguments | tojson -}}
                {%- endif -%}
                {%- if call_id -%}
                    {{- ', "id": "' + call_id + '"' -}}
                {%- endif -%}
                {{- '}' + ('' if loop.last else ', ') -}}
            {%- endfor -%}
            {{- ']' + eos_token -}}
        {%- elif message.role == 'assistant' -%}
            {{- text + eos_token -}}
        {%- elif message.role == 'tool' -%}
            {{- '[TOOL_RESULTS]{"content": ' + (text | tojson) -}}
            {%- if message.tool_call_id is defined and message.tool_call_id -%}
                {{- ', "call_id": "' + message.tool_call_id + '"' -}}
            {%- endif -%}
            {{- '}[/TOOL_RESULTS]' -}}
        {%- endif -%}
    {%- endif -%}
{%- endfor -%}
`;
