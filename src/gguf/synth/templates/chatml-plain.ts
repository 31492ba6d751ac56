/**
 * ChatML that renders only each message's role and content, and no tools, as some small
 * instruction-tuned files ship (SmolLM2-135M-Instruct's template is of this kind). Written for
 * edgecall; used to test that tools still reach such a model (formats/template-tools.ts).
 */
export const chatmlPlainTemplate = `{%- for message in messages -%}
{{- '<|im_start|>' + message['role'] + '\\n' + (message['content'] or '') + '<|im_end|>\\n' -}}
{%- endfor -%}
{%- if add_generation_prompt -%}
{{- '<|im_start|>assistant\\n' -}}
{%- endif -%}`;
