/**
 * edgecall's own Qwen3.5-style chat template: ChatML turns, a tools block first in the system
 * turn, calls as `<tool_call>\n<function=NAME>\n<parameter=KEY>\nvalue\n</parameter>\n</function>\n</tool_call>`,
 * tool results in a user turn inside `<tool_response>`, and a generation prompt that opens
 * `<think>` (model-facts.md §3, "Qwen3.5 (XML)").
 */
export const qwen35Template = String.raw`{#- edgecall synthetic template: Qwen3.5 family (XML tool calls) -#}
{%- set has_system = messages | length > 0 and messages[0].role == 'system' -%}
{%- set system_text = (messages[0].content | trim) if has_system and messages[0].content is string else '' -%}
{%- if tools -%}
    {{- '<|im_start|>system\n# Tools\n\nThese functions are available:\n\n<tools>' -}}
    {%- for tool in tools -%}
        {{- '\n' + (tool | tojson) -}}
    {%- endfor -%}
    {{- '\n</tools>\n\nTo call a function, reply with exactly this structure and nothing after it:\n\n<tool_call>\n<function=function_name>\n<parameter=first_parameter>\nvalue\n</parameter>\n<parameter=second_parameter>\na value may\nspan several lines\n</parameter>\n</function>\n</tool_call>\n\n<IMPORTANT>\n- Every <function=...></function> block goes inside <tool_call></tool_call> tags\n- Give every required parameter\n- Any explanation comes BEFORE the call, never after it\n- When no function fits, answer normally\n</IMPORTANT>' -}}
    {%- if system_text -%}
        {{- '\n\n' + system_text -}}
    {%- endif -%}
    {{- '<|im_end|>\n' -}}
{%- elif has_system -%}
    {{- '<|im_start|>system\n' + system_text + '<|im_end|>\n' -}}
{%- endif -%}
{%- set state = namespace(last_query=-1) -%}
{%- for message in messages -%}
    {%- if message.role == 'user' and message.content is string and not (message.content | trim).startswith('<tool_response>') -%}
        {%- set state.last_query = loop.index0 -%}
    {%- endif -%}
{%- endfor -%}
{%- for message in messages -%}
    {%- set text = (message.content | trim) if message.content is string else '' -%}
    {%- if message.role == 'user' or (message.role == 'system' and not loop.first) -%}
        {{- '<|im_start|>' + message.role + '\n' + text + '<|im_end|>\n' -}}
    {%- elif message.role == 'assistant' -%}
        {%- set thought = message.reasoning_content if message.reasoning_content is string else '' -%}
        {%- if '</think>' in text -%}
            {%- if not thought -%}
                {%- set thought = text.split('</think>')[0].split('<think>')[-1] -%}
            {%- endif -%}
            {%- set text = text.split('</think>')[-1].lstrip('\n') -%}
        {%- endif -%}
        {{- '<|im_start|>assistant\n' -}}
        {%- if loop.index0 > state.last_query -%}
            {{- '<think>\n' + (thought | trim) + '\n</think>\n\n' -}}
        {%- endif -%}
        {{- text -}}
        {%- if message.tool_calls -%}
            {%- for tool_call in message.tool_calls -%}
                {%- if tool_call.function is defined -%}
                    {%- set tool_call = tool_call.function -%}
                {%- endif -%}
                {%- if not loop.first -%}
                    {{- '\n' -}}
                {%- elif text -%}
                    {{- '\n\n' -}}
                {%- endif -%}
                {{- '<tool_call>\n<function=' + tool_call.name + '>\n' -}}
                {%- if tool_call.arguments is mapping -%}
                    {%- for name, value in tool_call.arguments | items -%}
                        {{- '<parameter=' + name + '>\n' -}}
                        {%- if value is string -%}
                            {{- value -}}
                        {%- else -%}
                            {{- value | tojson -}}
                        {%- endif -%}
                        {{- '\n</parameter>\n' -}}
                    {%- endfor -%}
                {%- elif tool_call.arguments is defined and tool_call.arguments is not none -%}
                    {{- raise_exception('tool call arguments must be an object, one <parameter=...> per key') -}}
                {%- endif -%}
                {{- '</function>\n</tool_call>' -}}
            {%- endfor -%}
        {%- endif -%}
        {{- '<|im_end|>\n' -}}
    {%- elif message.role == 'tool' -%}
        {%- if loop.first or messages[loop.index0 - 1].role != 'tool' -%}
            {{- '<|im_start|>user' -}}
        {%- endif -%}
        {{- '\n<tool_response>\n' + text + '\n</tool_response>' -}}
        {%- if loop.last or messages[loop.index0 + 1].role != 'tool' -%}
            {{- '<|im_end|>\n' -}}
        {%- endif -%}
    {%- endif -%}
{%- endfor -%}
{%- if add_generation_prompt -%}
    {{- '<|im_start|>assistant\n' -}}
    {%- if enable_thinking is defined and enable_thinking is false -%}
        {{- '<think>\n\n</think>\n\n' -}}
    {%- else -%}
        {{- '<think>\n' -}}
    {%- endif -%}
{%- endif -%}
`;
