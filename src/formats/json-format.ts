/**
 * Bare JSON calls for models without a family format: `{"name": ..., "arguments": {...}}`, an array
 * of them, `{"tool_calls": [...]}` or OpenAI's `{"function": {"name", "arguments": "<json>"}}`,
 * optionally in a code fence.
 */
import type { ContentPart, ToolCall } from "../messages.js";
import type { CallGrammarSpec } from "./call-grammar-spec.js";
import { textPart } from "./call-parts.js";
import { type ChatMLStyle, renderChatML } from "./chatml-render.js";
import { splitCodeFence } from "./code-fence.js";
import { readJsonCallRun } from "./json-calls.js";
import { skipWhitespace } from "./json-scan.js";
import { toOpenAiTool } from "./openai-tool.js";
import { parseInFrame } from "./parse-driver.js";
import { pythonStyleJson } from "./python-style-json.js";
import type { ToolCallFormat } from "./tool-call-format.js";

/** Where a JSON call may start inside prose: an object opening with a call key, or `[{`. */
const embeddedCall = /\[\s*\{|\{\s*"(?:name|function|tool_calls|type)"\s*:/;

/** Writes one call as a JSON object, several as a JSON array. */
export function renderJsonCalls(calls: readonly ToolCall[]): string {
  const objects = calls.map((call) => ({ name: call.name, arguments: call.arguments }));
  return pythonStyleJson(objects.length === 1 ? objects[0] : objects);
}

/** Reads JSON calls from text: a leading `{`/`[`, or an embedded call object in prose. */
export function parseJsonCallText(text: string): ContentPart[] {
  const leading = skipWhitespace(text, 0);
  const start = text[leading] === "{" || text[leading] === "[" ? leading : embeddedCall.exec(text)?.index;
  if (start === undefined) return [textPart(text)];
  const run = readJsonCallRun(text, start);
  if (!run) return [textPart(text)];
  return [textPart(text.slice(0, start)), ...run.parts, textPart(text.slice(run.end))];
}

function parseBody(text: string): ContentPart[] {
  const fence = splitCodeFence(text);
  if (fence && /^\s*[[{]/.test(fence.body)) {
    return [textPart(fence.before), ...parseJsonCallText(fence.body), textPart(fence.after)];
  }
  return parseJsonCallText(text);
}

const style: ChatMLStyle = {
  systemTurn(system, tools) {
    if (tools.length === 0) return system;
    const instructions = [
      "You can call the functions listed below. To call one, reply with only a JSON object of this shape:",
      '{"name": "<function name>", "arguments": {<argument name>: <value>, ...}}',
      "To make several calls at once, reply with a JSON array of such objects. When no call is needed, answer in plain text.",
      `Functions:\n${tools.map((tool) => pythonStyleJson(toOpenAiTool(tool))).join("\n")}`,
    ].join("\n\n");
    return system?.trim() ? `${system.trim()}\n\n${instructions}` : instructions;
  },
  renderCalls: renderJsonCalls,
  contentCallSeparator: "\n",
  toolResults: { kind: "role", role: "tool", prefix: "", suffix: "" },
  opensThinking: false,
};

/** Calls in this format's syntax, for constrained decoding. */
const callGrammar: CallGrammarSpec = {
  build(kit, tools, parallel) {
    const call = kit.jsonCall(tools, "arguments");
    return parallel ? `(${call} | "[" ${call} ("," ${kit.optionalSpace} ${call})* "]")` : call;
  },
};

/** The `json` format. */
export const jsonFormat: ToolCallFormat = {
  name: "json",
  description: 'Bare JSON: {"name": ..., "arguments": {...}} or an array of them',
  callPrefix: "",
  // A leading or embedded JSON value, or a fenced one.
  streamMarkers: () => ["{", "[", "```"],
  callGrammar,
  render: (messages, tools, options) => renderChatML(messages, tools, style, options),
  parse: (text) => parseInFrame(text, parseBody),
  renderCalls: renderJsonCalls,
};
