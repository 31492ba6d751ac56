/**
 * Mistral: tools in `[AVAILABLE_TOOLS]`; calls after `[TOOL_CALLS]`, either a JSON list
 * `[{"name", "arguments", "id"}]` (v3, Nemo) or `name[ARGS]{...}` / `name[CALL_ID]id[ARGS]{...}`
 * repeated for parallel calls (Small 3.2, Ministral 3, Devstral). Reasoning in `[THINK]…[/THINK]`.
 */
import type { ChatMessage, ContentPart, ToolCall, ToolCallErrorType, ToolDefinition } from "../messages.js";
import { argumentsTextIfLossy } from "./arguments-text.js";
import { type CallGrammarSpec, hasMarkers, type TemplateDetection } from "./call-grammar-spec.js";
import { callPart, decodeArguments, errorPart, textPart } from "./call-parts.js";
import { readJsonCallRun } from "./json-calls.js";
import { readJsonValue, skipWhitespace } from "./json-scan.js";
import { toOpenAiTool } from "./openai-tool.js";
import { parseInFrame } from "./parse-driver.js";
import { pythonStyleJson } from "./python-style-json.js";
import type { ToolCallFormat } from "./tool-call-format.js";

const callsTag = "[TOOL_CALLS]";
const argsTag = "[ARGS]";
const callIdTag = "[CALL_ID]";
const thinkTags = [
  { open: "[THINK]", close: "[/THINK]" },
  { open: "<think>", close: "</think>" },
];

/** Writes calls as `[TOOL_CALLS]name[CALL_ID]id[ARGS]{...}` (the id only when the call has one). */
export function renderMistralCalls(calls: readonly ToolCall[]): string {
  return calls
    .map(
      (call) =>
        `${callsTag}${call.name}${call.id ? `${callIdTag}${call.id}` : ""}${argsTag}${pythonStyleJson(call.arguments)}`,
    )
    .join("");
}

function render(messages: readonly ChatMessage[], tools: readonly ToolDefinition[]): string {
  const first = messages[0];
  let prompt = first?.role === "system" ? `[SYSTEM_PROMPT]${first.content}[/SYSTEM_PROMPT]` : "";
  if (tools.length > 0)
    prompt += `[AVAILABLE_TOOLS]${pythonStyleJson(tools.map(toOpenAiTool))}[/AVAILABLE_TOOLS]`;
  for (const message of first?.role === "system" ? messages.slice(1) : messages) {
    if (message.role === "system") prompt += `[SYSTEM_PROMPT]${message.content}[/SYSTEM_PROMPT]`;
    else if (message.role === "user") prompt += `[INST]${message.content}[/INST]`;
    else if (message.role === "tool") prompt += `[TOOL_RESULTS]${message.content}[/TOOL_RESULTS]`;
    else prompt += `${message.content}${renderMistralCalls(message.toolCalls ?? [])}</s>`;
  }
  return prompt;
}

type Read = { parts: ContentPart[]; end: number };

/** Reads `name[CALL_ID]id[ARGS]{...}` starting at `start` (just after `[TOOL_CALLS]`). */
function readNamedCall(text: string, tagIndex: number, start: number): Read {
  const fail = (type: ToolCallErrorType, message: string, end = text.length): Read => ({
    parts: [errorPart(type, message, text.slice(tagIndex, end))],
    end,
  });
  const bracket = text.indexOf("[", start);
  if (bracket < 0) return fail("truncated", `the output ends before ${argsTag}`);
  const name = text.slice(start, bracket).trim();
  let cursor = bracket;
  let id: string | undefined;
  if (text.startsWith(callIdTag, cursor)) {
    const idEnd = text.indexOf(argsTag, cursor + callIdTag.length);
    if (idEnd < 0) return fail("truncated", `the output ends before ${argsTag}`);
    id = text.slice(cursor + callIdTag.length, idEnd).trim();
    cursor = idEnd;
  }
  if (!text.startsWith(argsTag, cursor)) {
    if (argsTag.startsWith(text.slice(cursor))) return fail("truncated", `the output ends inside ${argsTag}`);
    return fail("invalid-syntax", `expected ${argsTag} after the function name`, cursor);
  }
  const argsStart = skipWhitespace(text, cursor + argsTag.length);
  if (argsStart >= text.length) return fail("truncated", `the output ends right after ${argsTag}`);
  if (text[argsStart] !== "{")
    return fail("invalid-arguments", "the arguments after [ARGS] must be a JSON object", argsStart + 1);
  const result = readJsonValue(text, argsStart);
  if (!result.ok)
    return fail(result.type, result.message, result.type === "truncated" ? text.length : result.end);
  if (name === "") return fail("missing-name", `${callsTag} has no function name`, result.end);
  const decoded = decodeArguments(result.value);
  if (!decoded.ok) return fail("invalid-arguments", `${name}: ${decoded.message}`, result.end);
  const argumentsText = argumentsTextIfLossy(text.slice(argsStart, result.end));
  const raw = text.slice(tagIndex, result.end);
  return { parts: [callPart(name, decoded.arguments, id, argumentsText, raw)], end: result.end };
}

function parseBody(text: string): ContentPart[] {
  const parts: ContentPart[] = [];
  let position = 0;
  for (;;) {
    const tagIndex = text.indexOf(callsTag, position);
    if (tagIndex < 0) break;
    parts.push(textPart(text.slice(position, tagIndex)));
    const start = skipWhitespace(text, tagIndex + callsTag.length);
    if (start >= text.length) {
      parts.push(errorPart("truncated", `the output ends right after ${callsTag}`, text.slice(tagIndex)));
      return parts;
    }
    const jsonList = text[start] === "[" && /[{\]]/.test(text[skipWhitespace(text, start + 1)] ?? "{");
    if (jsonList || text[start] === "{") {
      const run = readJsonCallRun(text, start) ?? {
        parts: [errorPart("missing-name", `the JSON after ${callsTag} is not a call`, text.slice(tagIndex))],
        end: text.length,
      };
      parts.push(...run.parts);
      position = run.end;
      continue;
    }
    const read = readNamedCall(text, tagIndex, start);
    parts.push(...read.parts);
    position = read.end;
  }
  parts.push(textPart(text.slice(position).replace(/<\/s>\s*$/, "")));
  return parts;
}

/** Calls in this format's syntax, for constrained decoding. */
const callGrammar: CallGrammarSpec = {
  build(kit, tools, parallel) {
    // v3 / Nemo: a JSON list. Small 3.2 / Ministral 3 / Devstral: name[ARGS]{...}, repeated.
    const call = kit.jsonCall(tools, "arguments");
    const list = `"[" ${kit.oneOrMore(call, `"," ${kit.optionalSpace} ${call}`, parallel)} "]"`;
    const named = kit.rule(
      "named-call",
      kit.eachTool(tools, (tool) => `${kit.literal(`${tool.name}[ARGS]`)} ${kit.argumentsObject(tool)}`),
    );
    return `(${list} | ${kit.oneOrMore(named, `"[TOOL_CALLS]" ${named}`, parallel)})`;
  },
};

/** The family's chat template markers. */
const templateDetection: TemplateDetection = {
  rank: 3,
  matches: (template) => hasMarkers(template, "[TOOL_CALLS]") || hasMarkers(template, "[AVAILABLE_TOOLS]"),
};

/** The `mistral` format. */
export const mistralFormat: ToolCallFormat = {
  name: "mistral",
  description: "Mistral: [TOOL_CALLS][{...}] or [TOOL_CALLS]name[ARGS]{...}",
  callPrefix: callsTag,
  callGrammar,
  templateDetection,
  render: (messages, tools) => render(messages, tools),
  thinkTags,
  parse: (text) => parseInFrame(text, parseBody, { thinkTags, callPrefix: callsTag }),
  renderCalls: renderMistralCalls,
};
