/**
 * Llama 3.1 / 3.2: tools as indented JSON in the first user message; a call is the whole assistant
 * turn, `{"name": ..., "parameters": {...}}`, optionally after `<|python_tag|>`; results come back
 * in an `ipython` turn. Built-in tools may be called as `<|python_tag|>brave_search.call(query="…")`.
 */
import type { ChatMessage, ContentPart, ToolCall, ToolDefinition } from "../messages.js";
import { type CallGrammarSpec, hasMarkers, type TemplateDetection } from "./call-grammar-spec.js";
import { callPart, errorPart, textPart } from "./call-parts.js";
import { readJsonCallRun } from "./json-calls.js";
import { parseJsonCallText } from "./json-format.js";
import { skipWhitespace } from "./json-scan.js";
import { toOpenAiTool } from "./openai-tool.js";
import { parseInFrame } from "./parse-driver.js";
import { parsePythonCalls, toPlainArguments } from "./python-literal.js";
import { pythonStyleJson } from "./python-style-json.js";
import type { RenderOptions, ToolCallFormat } from "./tool-call-format.js";

const pythonTag = "<|python_tag|>";
const settings = {
  knowledgeCutoff: "December 2023",
  /** A fixed date keeps prompts reproducible (it is the official template's own fallback date). */
  todayDate: "26 Jul 2024",
  instruction:
    "Given the functions below, reply with a JSON function call whose arguments best answer the prompt.\n\n" +
    'Respond in the format {"name": function name, "parameters": dictionary of argument name and its value}. Do not use variables.',
};

const header = (role: string) => `<|start_header_id|>${role}<|end_header_id|>\n\n`;
const turn = (role: string, content: string) => `${header(role)}${content}<|eot_id|>`;

/** Writes calls as Llama JSON objects; several calls are joined with "; ". */
export function renderLlamaCalls(calls: readonly ToolCall[]): string {
  return calls.map((call) => pythonStyleJson({ name: call.name, parameters: call.arguments })).join("; ");
}

function render(
  messages: readonly ChatMessage[],
  tools: readonly ToolDefinition[],
  options: RenderOptions = {},
): string {
  const first = messages[0];
  const rest = first?.role === "system" ? messages.slice(1) : [...messages];
  const environment = tools.length > 0 ? "Environment: ipython\n" : "";
  const dates = `Cutting Knowledge Date: ${settings.knowledgeCutoff}\nToday Date: ${settings.todayDate}\n\n`;
  let prompt = turn(
    "system",
    `${environment}${dates}${first?.role === "system" ? first.content.trim() : ""}`,
  );
  const firstUser = rest.findIndex((message) => message.role === "user");
  rest.forEach((message, index) => {
    if (message.role === "tool") prompt += turn("ipython", message.content);
    else if (message.role === "assistant") {
      const calls = message.toolCalls?.length ? renderLlamaCalls(message.toolCalls) : "";
      prompt += turn("assistant", [message.content.trim(), calls].filter(Boolean).join("\n"));
    } else if (message.role === "user" && index === firstUser && tools.length > 0) {
      const listing = tools.map((tool) => pythonStyleJson(toOpenAiTool(tool), 4)).join("\n\n");
      prompt += turn("user", `${settings.instruction}\n\n${listing}\n\n${message.content.trim()}`);
    } else prompt += turn(message.role, message.content.trim());
  });
  return options.addGenerationPrompt === false ? prompt : prompt + header("assistant");
}

/** Reads what follows `<|python_tag|>`: JSON calls or a built-in `tool.call(key=value)`. */
function parseAfterTag(text: string): ContentPart[] {
  const start = skipWhitespace(text, 0);
  if (start >= text.length)
    return [errorPart("truncated", `the output ends right after ${pythonTag}`, pythonTag + text)];
  if (text[start] === "{" || text[start] === "[") {
    const run = readJsonCallRun(text, start);
    if (!run)
      return [errorPart("missing-name", `the JSON after ${pythonTag} is not a call`, pythonTag + text)];
    return [...run.parts, textPart(text.slice(run.end))];
  }
  const result = parsePythonCalls(text, start);
  if (!result.ok)
    return [
      errorPart(
        result.error.type,
        `invalid call after ${pythonTag}: ${result.error.message}`,
        pythonTag + text,
      ),
    ];
  const calls = result.value.map((call) =>
    callPart(
      call.name.replace(/\.call$/, ""),
      toPlainArguments(call),
      undefined,
      undefined,
      pythonTag + text,
    ),
  );
  return [...calls, textPart(text.slice(result.end))];
}

function parseBody(text: string): ContentPart[] {
  const cleaned = text.replace(/<\|eom_id\|>|<\|eot_id\|>/g, "");
  const tagIndex = cleaned.indexOf(pythonTag);
  if (tagIndex < 0) return parseJsonCallText(cleaned);
  return [textPart(cleaned.slice(0, tagIndex)), ...parseAfterTag(cleaned.slice(tagIndex + pythonTag.length))];
}

/** Calls in this format's syntax, for constrained decoding. */
const callGrammar: CallGrammarSpec = {
  // Llama 3.x writes one call per message, sometimes after <|python_tag|>.
  build: (kit, tools) => `"<|python_tag|>"? ${kit.jsonCall(tools, "parameters")}`,
};

/** The family's chat template markers. */
const templateDetection: TemplateDetection = {
  rank: 4,
  matches: (template) =>
    hasMarkers(template, "<|start_header_id|>") &&
    (hasMarkers(template, "ipython") || hasMarkers(template, "parameters")),
};

/** The `llama3` format. */
export const llama3Format: ToolCallFormat = {
  name: "llama3",
  description: 'Llama 3.x JSON: {"name": ..., "parameters": {...}}, optionally after <|python_tag|>',
  callPrefix: "",
  streamMarkers: () => [pythonTag, "{", "[", "```"],
  callGrammar,
  templateDetection,
  render,
  parse: (text) => parseInFrame(text, parseBody),
  renderCalls: renderLlamaCalls,
};
