/**
 * edgecall's own MiniCPM5-style chat template: BOS, ChatML turns, tools in the system turn
 * followed by "Tool usage guidelines:", calls as
 * `<function name="f"><param name="a">value</param></function>` (CDATA for values with `<`, `&`
 * or newlines), tool results in a user turn inside `<tool_response>` (model-facts.md §3, "MiniCPM5").
 */
export const minicpm5Template = String.raw`{#- edgecall synthetic template: MiniCPM5 family (XML function tags) -#}
{{- bos_token -}}
{%- set has_system = messages | length > 0 and messages[0].role == 'system' -%}
{%- if tools -%}
    {%- set tool_block = namespace(text='# Tools\n\nFunction signatures are listed inside <tools></tools> XML tags:\n<tools>') -%}
    {%- for tool in tools -%}
        {%- set tool_block.text = tool_block.text + '\n' + (tool | tojson) -%}
    {%- endfor -%}
    {%- set tool_block.text = tool_block.text + '\n</tools>\n\nTool usage guidelines:\n- Call as many functions as needed, or none; without a call, simply answer.\n- Write each call as an XML element:\n<function name="function-name"><param name="param-name">param-value</param></function>\n- Wrap a value that contains <, & or a line break in <![CDATA[...]]>.' -%}
    {{- '<|im_start|>system\n' -}}
    {%- if has_system and messages[0].content -%}
        {%- if '<tool_def_sep>' in messages[0].content -%}
            {{- messages[0].content.replace('<tool_def_sep>', tool_block.text) -}}
        {%- else -%}
            {{- messages[0].content + '\n\n' + tool_block.text -}}
        {%- endif -%}
    {%- else -%}
        {{- tool_block.text -}}
    {%- endif -%}
    {{- '<|im_end|>\n' -}}
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
        {%- if loop.index0 > state.last_query and thought -%}
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
                {{- '<function name="' + tool_call.name + '">' -}}
                {%- if tool_call.arguments is mapping -%}
                    {%- for name, value in tool_call.arguments | items -%}
                        {{- '<param name="' + name + '">' -}}
                        {%- if value is string and ('<' in value or '&' in value or '\n' in value) -%}
                            {{- '<![CDATA[' + value + ']]>' -}}
                        {%- elif value is string -%}
                            {{- value -}}
                        {%- else -%}
                            {{- value | tojson -}}
                        {%- endif -%}
                        {{- '</param>' -}}
                    {%- endfor -%}
                {%- endif -%}
                {{- '</function>' -}}
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
    {%- elif enable_thinking is defined and enable_thinking is true -%}
        {{- '<think>\n' -}}
    {%- endif -%}
{%- endif -%}
`;
