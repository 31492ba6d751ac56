/**
 * LFM2 / LFM2.5: tools as `List of tools: [...]` in the system turn; calls as a Python list between
 * `<|tool_call_start|>` and `<|tool_call_end|>`; tool results in a `tool` turn.
 */
import type { ContentPart, ToolCall } from "../messages.js";
import { type CallGrammarSpec, hasMarkers, type TemplateDetection } from "./call-grammar-spec.js";
import { errorPart } from "./call-parts.js";
import { type ChatMLStyle, renderChatML } from "./chatml-render.js";
import { readJsonCallRun } from "./json-calls.js";
import { skipWhitespace } from "./json-scan.js";
import { toOpenAiTool } from "./openai-tool.js";
import { parseInFrame } from "./parse-driver.js";
import { parsePythonCalls } from "./python-literal.js";
import { renderPythonCallList } from "./python-render.js";
import { pythonStyleJson } from "./python-style-json.js";
import { pythonCallsToParts } from "./pythonic.js";
import { parseTaggedBlocks } from "./tagged-blocks.js";
import type { ToolCallFormat } from "./tool-call-format.js";

const open = "<|tool_call_start|>";
const close = "<|tool_call_end|>";

/** Writes all of a turn's calls as one `<|tool_call_start|>[...]<|tool_call_end|>` block. */
export function renderLfm2Calls(calls: readonly ToolCall[]): string {
  return `${open}${renderPythonCallList(calls)}${close}`;
}

function parseBlock(inner: string, raw: string, closed: boolean): ContentPart[] {
  const start = skipWhitespace(inner, 0);
  if (start >= inner.length)
    return closed ? [errorPart("missing-name", "the tool call block is empty", raw)] : [];
  if (inner[start] === "{" || (inner[start] === "[" && inner[skipWhitespace(inner, start + 1)] === "{")) {
    const run = readJsonCallRun(inner, start);
    return run?.parts ?? [errorPart("missing-name", "the JSON in the tool call block is not a call", raw)];
  }
  const result = parsePythonCalls(inner, start);
  if (!result.ok && result.error.type === "truncated" && closed) {
    return [
      errorPart(
        "invalid-syntax",
        `${close} comes before the call list is complete: ${result.error.message}`,
        raw,
      ),
    ];
  }
  if (result.ok && closed && inner.slice(result.end).trim() !== "") {
    return [errorPart("invalid-syntax", "unexpected text after the call list", raw)];
  }
  return pythonCallsToParts(result, raw);
}

const style: ChatMLStyle = {
  systemTurn(system, tools) {
    if (tools.length === 0) return system;
    const list = `List of tools: [${tools.map((tool) => pythonStyleJson(toOpenAiTool(tool))).join(", ")}]`;
    return system ? `${system}\n${list}` : list;
  },
  renderCalls: renderLfm2Calls,
  contentCallSeparator: "",
  toolResults: { kind: "role", role: "tool", prefix: "", suffix: "" },
  opensThinking: false,
};

/** Calls in this format's syntax, for constrained decoding. */
const callGrammar: CallGrammarSpec = {
  build: (kit, tools, parallel) => `${kit.pythonCallList(tools, parallel)} "<|tool_call_end|>"`,
};

/** The family's chat template markers. */
const templateDetection: TemplateDetection = {
  rank: 2,
  matches: (template) =>
    hasMarkers(template, "<|tool_list_start|>") ||
    hasMarkers(template, "List of tools:") ||
    hasMarkers(template, "<|tool_call_start|>"),
};

/** The `lfm2` format. */
export const lfm2Format: ToolCallFormat = {
  name: "lfm2",
  description: "LFM2 / LFM2.5: <|tool_call_start|>[f(a=1)]<|tool_call_end|>",
  callPrefix: open,
  callGrammar,
  templateDetection,
  render: (messages, tools, options) => renderChatML(messages, tools, style, options),
  parse: (text) =>
    parseInFrame(text, (body) => parseTaggedBlocks(body, open, close, parseBlock), { callPrefix: open }),
  renderCalls: renderLfm2Calls,
};
