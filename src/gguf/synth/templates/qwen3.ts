/**
 * edgecall's own Qwen3-style chat template: ChatML turns, tools as JSON lines in `<tools>`, calls
 * as `<tool_call>\n{"name": ..., "arguments": {...}}\n</tool_call>`, tool results in a user turn
 * inside `<tool_response>`, reasoning in `<think>` (model-facts.md §3, "Qwen3 (Hermes JSON)").
 */
export const qwen3Template = String.raw`{#- edgecall synthetic template: Qwen3 family (Hermes-style JSON tool calls) -#}
{%- set has_system = messages | length > 0 and messages[0].role == 'system' -%}
{%- if tools -%}
    {{- '<|im_start|>system\n' -}}
    {%- if has_system and messages[0].content -%}
        {{- messages[0].content + '\n\n' -}}
    {%- endif -%}
    {{- '# Tools\n\nYou can call the functions listed below to help with the request.\n\nTheir signatures are given, one JSON object per line, inside <tools></tools> XML tags:\n<tools>' -}}
    {%- for tool in tools -%}
        {{- '\n' + (tool | tojson) -}}
    {%- endfor -%}
    {{- '\n</tools>\n\nTo call a function, write a JSON object with the function name and its arguments between <tool_call></tool_call> XML tags:\n<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call><|im_end|>\n' -}}
{%- elif has_system -%}
    {{- '<|im_start|>system\n' + messages[0].content + '<|im_end|>\n' -}}
{%- endif -%}
{%- set state = namespace(last_query=-1) -%}
{%- for message in messages -%}
    {%- if message.role == 'user' and message.content is string and not message.content.startswith('<tool_response>') -%}
        {%- set state.last_query = loop.index0 -%}
    {%- endif -%}
{%- endfor -%}
{%- for message in messages -%}
    {%- set text = message.content if message.content is string else '' -%}
    {%- if message.role == 'system' -%}
        {%- if not loop.first -%}
            {{- '<|im_start|>system\n' + text + '<|im_end|>\n' -}}
        {%- endif -%}
    {%- elif message.role == 'user' -%}
        {{- '<|im_start|>user\n' + text + '<|im_end|>\n' -}}
    {%- elif message.role == 'assistant' -%}
        {%- set thought = message.reasoning_content if message.reasoning_content is string else '' -%}
        {%- if '</think>' in text -%}
            {%- if not thought -%}
                {%- set thought = text.split('</think>')[0].split('<think>')[-1] -%}
            {%- endif -%}
            {%- set text = text.split('</think>')[-1].lstrip('\n') -%}
        {%- endif -%}
        {{- '<|im_start|>assistant\n' -}}
        {%- if loop.index0 > state.last_query and (loop.last or thought) -%}
            {{- '<think>\n' + thought.strip('\n') + '\n</think>\n\n' -}}
        {%- endif -%}
        {{- text -}}
        {%- if message.tool_calls -%}
            {%- for tool_call in message.tool_calls -%}
                {%- if tool_call.function is defined -%}
                    {%- set tool_call = tool_call.function -%}
                {%- endif -%}
                {%- if text or not loop.first -%}
                    {{- '\n' -}}
                {%- endif -%}
                {{- '<tool_call>\n{"name": "' + tool_call.name + '", "arguments": ' -}}
                {%- if tool_call.arguments is string -%}
                    {{- tool_call.arguments -}}
                {%- else -%}
                    {{- tool_call.arguments | tojson -}}
                {%- endif -%}
                {{- '}\n</tool_call>' -}}
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
    {%- endif -%}
{%- endif -%}
`;
