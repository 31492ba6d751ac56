/**
 * What a GGUF without a chat template (a base model, such as Gemma 3 270M) is prompted with. The
 * Gemma family gets Gemma's turn format, written here for edgecall from its public description:
 * `<start_of_turn>user\n…<end_of_turn>\n`, `model` for the assistant, the system text (and, with
 * tools, the `json` format's instructions) folded into the first user turn as Gemma's own template
 * does, tool results as user turns. Calls are written as bare JSON (the template never reads
 * `tool_calls`, so chat-template.ts writes them into the content in the `json` syntax). Every
 * other architecture keeps its format's own renderer (ChatML for `json`), as before, and so does
 * `--format functiongemma` on any file: its renderer writes FunctionGemma's own prompt.
 */

/** How a file without a template is prompted. */
export interface TemplateFallback {
  /** Short name, shown in notes and recorded with results. */
  name: string;
  /** A Jinja template to render with, or undefined for the format's own renderer. */
  template: string | undefined;
}

const gemmaArchitectures = new Set(["gemma", "gemma2", "gemma3", "gemma3n", "gemma-embedding"]);

/** Gemma's turn format as a Jinja template (edgecall's own). */
export const gemmaTurnsTemplate = `{{- bos_token -}}
{%- if messages and messages[0].role == "system" -%}
  {%- set system_text = messages[0].content -%}
  {%- set turns = messages[1:] -%}
{%- else -%}
  {%- set system_text = "" -%}
  {%- set turns = messages -%}
{%- endif -%}
{%- if tools -%}
  {%- set tool_text = "You can call the functions listed below. To call one, reply with only a JSON object of this shape:\\n{\\"name\\": \\"<function name>\\", \\"arguments\\": {<argument name>: <value>, ...}}\\nTo make several calls at once, reply with a JSON array of such objects. When no call is needed, answer in plain text.\\n\\nFunctions:" -%}
  {%- set listed = namespace(text=tool_text) -%}
  {%- for tool in tools -%}
    {%- set listed.text = listed.text + "\\n" + (tool | tojson) -%}
  {%- endfor -%}
  {%- set system_text = (system_text + "\\n\\n" + listed.text) if system_text else listed.text -%}
{%- endif -%}
{%- if system_text and (not turns or turns[0].role != "user") -%}
  {{- "<start_of_turn>user\\n" + system_text + "<end_of_turn>\\n" -}}
  {%- set system_text = "" -%}
{%- endif -%}
{%- for message in turns -%}
  {%- if message.role == "assistant" -%}
    {{- "<start_of_turn>model\\n" + (message.content or "") + "<end_of_turn>\\n" -}}
  {%- elif message.role == "tool" -%}
    {{- "<start_of_turn>user\\nTool result" + (" from " + message.name if message.name else "") + ":\\n" + message.content + "<end_of_turn>\\n" -}}
  {%- else -%}
    {%- set prefix = (system_text + "\\n\\n") if (loop.first and system_text) else "" -%}
    {{- "<start_of_turn>user\\n" + prefix + message.content + "<end_of_turn>\\n" -}}
  {%- endif -%}
{%- endfor -%}
{%- if add_generation_prompt -%}
  {{- "<start_of_turn>model\\n" -}}
{%- endif -%}`;

/**
 * The fallback for a file of `architecture` that has no chat template, given the format its calls
 * are parsed in.
 */
export function templateFallback(architecture: string, formatName: string): TemplateFallback {
  if (formatName === "functiongemma") return { name: "functiongemma-format-prompt", template: undefined };
  if (gemmaArchitectures.has(architecture)) return { name: "gemma-turns", template: gemmaTurnsTemplate };
  return { name: `${formatName}-format-prompt`, template: undefined };
}

/**
 * The one-line note `run` and `chat` print for a file without a template, from the fallback's
 * name (`BackendInfo.chatTemplateFallback`); undefined when there is none.
 */
export function templateFallbackLine(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const how =
    name === "gemma-turns"
      ? "Gemma's turn format (<start_of_turn>user … <end_of_turn>, system text in the first user turn)"
      : name === "functiongemma-format-prompt"
        ? "the functiongemma format's own prompt (Gemma turns, tools declared in a developer turn)"
        : `the ${name.replace(/-format-prompt$/, "")} format's own prompt (ChatML)`;
  return `the model file has no chat template; prompts use ${how}. For a base model, \`run --raw\` completes plain text instead`;
}
