/**
 * Qwen3 / Hermes: tools as JSON lines in `<tools>` in the system turn; each call is a JSON object
 * `{"name": ..., "arguments": {...}}` in its own `<tool_call>…</tool_call>` block.
 */
import type { ContentPart, ToolCall, ToolDefinition } from "../messages.js";
import { type CallGrammarSpec, hasMarkers, type TemplateDetection } from "./call-grammar-spec.js";
import { errorPart } from "./call-parts.js";
import { type ChatMLStyle, renderChatML, toolsBlock } from "./chatml-render.js";
import { jsonValueToParts } from "./json-calls.js";
import { readJsonValue, skipWhitespace } from "./json-scan.js";
import { toOpenAiTool } from "./openai-tool.js";
import { parseInFrame } from "./parse-driver.js";
import { pythonStyleJson } from "./python-style-json.js";
import { parseTaggedBlocks } from "./tagged-blocks.js";
import type { ToolCallFormat } from "./tool-call-format.js";

const open = "<tool_call>";
const close = "</tool_call>";

/** Writes calls as `<tool_call>` blocks with Hermes JSON bodies, one per line. */
export function renderHermesCalls(calls: readonly ToolCall[]): string {
  return calls
    .map((call) => `${open}\n${pythonStyleJson({ name: call.name, arguments: call.arguments })}\n${close}`)
    .join("\n");
}

/** Reads one `<tool_call>` block whose body is a JSON call object. */
export function parseHermesBlock(inner: string, raw: string, closed: boolean): ContentPart[] {
  const start = skipWhitespace(inner, 0);
  if (start >= inner.length)
    return closed ? [errorPart("missing-name", "the tool call block is empty", raw)] : [];
  if (inner[start] !== "{" && inner[start] !== "[") {
    return [errorPart("invalid-json", "a tool call block must hold a JSON object", raw)];
  }
  const result = readJsonValue(inner, start);
  if (!result.ok) {
    if (result.type === "truncated" && closed) {
      return [errorPart("invalid-json", `${close} comes before the JSON object is complete`, raw)];
    }
    return [errorPart(result.type, result.message, raw)];
  }
  if (closed && inner.slice(result.end).trim() !== "") {
    return [errorPart("invalid-json", "unexpected text after the JSON object in the tool call block", raw)];
  }
  return (
    jsonValueToParts(result.value, raw, inner.slice(start, result.end)) ?? [
      errorPart("missing-name", "the JSON object has no function name", raw),
    ]
  );
}

const style: ChatMLStyle = {
  systemTurn(system, tools) {
    if (tools.length === 0) return system;
    const lines = tools.map((tool) => pythonStyleJson(toOpenAiTool(tool)));
    const body = [
      "# Tools",
      "You may call one or more of the functions below to help with the user's request. Their signatures are given inside <tools></tools> XML tags:",
    ].join("\n\n");
    const instruction = `For each call, write a JSON object with the function's name and arguments inside <tool_call></tool_call> tags:\n${open}\n{"name": <function-name>, "arguments": <args-json-object>}\n${close}`;
    return `${system ? `${system}\n\n` : ""}${body}\n${toolsBlock(lines)}\n\n${instruction}`;
  },
  renderCalls: renderHermesCalls,
  contentCallSeparator: "\n",
  toolResults: { kind: "user-tool-response" },
  opensThinking: false,
};

/** Calls in this format's syntax, for constrained decoding. */
const callGrammar: CallGrammarSpec = {
  build(kit, tools, parallel) {
    const block = kit.rule("tool-call-block", `"\\n" ${kit.jsonCall(tools, "arguments")} "\\n</tool_call>"`);
    return kit.oneOrMore(block, `"\\n<tool_call>" ${block}`, parallel);
  },
};

/** The family's chat template markers. */
const templateDetection: TemplateDetection = {
  rank: 5,
  matches: (template) =>
    hasMarkers(template, "<tool_call>") &&
    (hasMarkers(template, "arguments") || hasMarkers(template, "tojson")),
};

/** The `qwen3` format. */
export const qwen3Format: ToolCallFormat = {
  name: "qwen3",
  description: 'Qwen3 / Hermes: <tool_call>{"name": ..., "arguments": {...}}</tool_call>',
  callPrefix: open,
  callGrammar,
  templateDetection,
  render: (messages, tools: readonly ToolDefinition[], options) =>
    renderChatML(messages, tools, style, options),
  parse: (text) =>
    parseInFrame(text, (body) => parseTaggedBlocks(body, open, close, parseHermesBlock), {
      callPrefix: open,
    }),
  renderCalls: renderHermesCalls,
};
