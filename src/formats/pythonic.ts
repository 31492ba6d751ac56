/**
 * BFCL prompt-mode pythonic calls: the reply is a Python list of keyword-argument calls
 * `[func(a=1), math.factorial(n=5)]`, optionally in a code fence, possibly after some prose.
 */
import type { ContentPart, ToolCall } from "../messages.js";
import type { CallGrammarSpec } from "./call-grammar-spec.js";
import { callPart, errorPart, textPart } from "./call-parts.js";
import { type ChatMLStyle, renderChatML } from "./chatml-render.js";
import { splitCodeFence } from "./code-fence.js";
import { toOpenAiTool } from "./openai-tool.js";
import { parseInFrame } from "./parse-driver.js";
import {
  type PythonCall,
  type PythonParseResult,
  parsePythonCalls,
  toPlainArguments,
} from "./python-literal.js";
import { renderPythonCallList } from "./python-render.js";
import { pythonStyleJson } from "./python-style-json.js";
import type { ToolCallFormat } from "./tool-call-format.js";

const listStart = /\[\s*[\p{L}_][\p{L}\p{N}_.]*\s*\(/u;
const bareStart = /(?:^|\n)[ \t]*([\p{L}_][\p{L}\p{N}_.]*\()/u;

/** Offset where a call list (`[name(`) or a bare call at a line start (`name(`) begins. */
export function findPythonCallStart(text: string): number | undefined {
  const list = listStart.exec(text);
  const bare = bareStart.exec(text);
  const bareIndex = bare?.[1] === undefined ? undefined : bare.index + bare[0].length - bare[1].length;
  if (list && (bareIndex === undefined || list.index <= bareIndex)) return list.index;
  return bareIndex;
}

/**
 * Decodes a whole reply as pythonic calls, losslessly (ints and floats kept apart): code fences
 * are removed, `[]` is no call. Fails when no call list is found or it does not parse.
 */
export function decodePythonicCalls(text: string): PythonParseResult<PythonCall[]> {
  const body = splitCodeFence(text)?.body ?? text;
  if (body.trim() === "[]") return { ok: true, value: [], end: body.length };
  const start = findPythonCallStart(body);
  if (start === undefined)
    return { ok: false, error: { type: "invalid-syntax", message: "no function call found", offset: 0 } };
  return parsePythonCalls(body, start);
}

/** Parts for calls parsed from `text` at `start`, or an error part holding the rest of the text. */
export function pythonCallsToParts(result: PythonParseResult<PythonCall[]>, raw: string): ContentPart[] {
  if (!result.ok) {
    const { type, message } = result.error;
    return [
      errorPart(
        type,
        `${type === "truncated" ? "the output ends inside the call list" : "invalid Python call syntax"}: ${message}`,
        raw,
      ),
    ];
  }
  return result.value.map((call) => callPart(call.name, toPlainArguments(call), undefined, undefined, raw));
}

function parseBody(text: string): ContentPart[] {
  const fence = splitCodeFence(text);
  if (fence) return [textPart(fence.before), ...parseCalls(fence.body), textPart(fence.after)];
  return parseCalls(text);
}

function parseCalls(text: string): ContentPart[] {
  if (text.trim() === "[]") return [];
  const start = findPythonCallStart(text);
  if (start === undefined) return [textPart(text)];
  const result = parsePythonCalls(text, start);
  const before = textPart(text.slice(0, start));
  if (!result.ok) return [before, ...pythonCallsToParts(result, text.slice(start).trim())];
  return [before, ...pythonCallsToParts(result, ""), textPart(text.slice(result.end))];
}

/** Writes calls as a Python list. */
export function renderPythonicCalls(calls: readonly ToolCall[]): string {
  return renderPythonCallList(calls);
}

const style: ChatMLStyle = {
  systemTurn(system, tools) {
    if (tools.length === 0) return system;
    const instructions = [
      "You compose function calls. Given a question and a set of functions, make one or more calls that achieve the goal. If no function fits, say so; if the question lacks parameters a function requires, say so too.",
      "Reply with the function calls only, and no other text. To call functions, use this format:\n[func_name1(params_name1=params_value1, params_name2=params_value2...), func_name2(params)]",
      "Complete the user's request within the current turn as far as you can. Once you have no more calls to make, the system moves on to the next request.",
      `These are the functions you can call, in JSON format:\n${pythonStyleJson(tools.map((tool) => toOpenAiTool(tool).function))}`,
    ].join("\n\n");
    return system?.trim() ? `${system.trim()}\n\n${instructions}` : instructions;
  },
  renderCalls: renderPythonicCalls,
  contentCallSeparator: "\n",
  toolResults: { kind: "role", role: "tool", prefix: "", suffix: "" },
  opensThinking: false,
};

/** Calls in this format's syntax, for constrained decoding. */
const callGrammar: CallGrammarSpec = {
  build: (kit, tools, parallel) => kit.pythonCallList(tools, parallel),
};

/** The `pythonic` format (BFCL prompt mode). */
export const pythonicFormat: ToolCallFormat = {
  name: "pythonic",
  description: 'Python call list, BFCL prompt mode: [f(a=1), g(b="x")]',
  callPrefix: "",
  // A call list, a fenced one, or a bare call of an offered tool.
  streamMarkers: (tools) => ["[", "```", ...tools.map((tool) => `${tool.name}(`)],
  callGrammar,
  render: (messages, tools, options) => renderChatML(messages, tools, style, options),
  parse: (text) => parseInFrame(text, parseBody),
  renderCalls: renderPythonicCalls,
};
