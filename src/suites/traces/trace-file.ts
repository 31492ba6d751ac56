/**
 * Reads a traces file: one conversation per line in OpenAI's chat format, either
 * `{"messages": [...], "tools": [...]}` (fine-tuning files, chat-completions logs) or
 * `{"request": {...}, "response": {...}}` (what a logging proxy and `edgecall serve --record`
 * write; `response` may also be `{"body": {...}}` as in OpenAI's batch output). Messages and
 * tools are validated as `edgecall serve` validates a request (src/serve), so a bad line is named
 * by its line and field (`line 4: messages[2].tool_calls[0].function.arguments: not valid JSON`)
 * and skipped, never fatal. Assistant tool-call arguments are kept as the JSON text they were
 * written in, so a recorded `1.0` stays a float.
 */
import type { ChatMessage, ToolDefinition } from "../../messages.js";
import { InvalidChatRequest, readChatCompletionRequest } from "../../serve/chat-completion-request.js";
import { scanJsonl } from "../../text/jsonl-lines.js";

/** A line (or one turn of it) that could not be used, and why. */
export interface TraceProblem {
  /** 1-based line number. */
  line: number;
  /** The field at fault (`messages[2].content`, `response.choices[0].message`), or `line`. */
  field: string;
  message: string;
}

/** A recorded call of an assistant turn. */
export interface TraceCall {
  name: string;
  /** The arguments object as JSON text, exactly as recorded (`{}` when absent). */
  argumentsText: string;
}

/** One assistant turn of a conversation. */
export interface TraceTurn {
  /** 1-based ordinal among the conversation's assistant turns. */
  turn: number;
  /** Index of the assistant message in the conversation. */
  index: number;
  /** Where the turn is, for problems (`messages[3]`, `response.choices[0].message`). */
  field: string;
  calls: TraceCall[];
  /** The turn's text (the reply of a text turn). */
  content: string;
}

/** A usable line. */
export interface TraceConversation {
  line: number;
  shape: "messages" | "pair";
  /** The whole conversation in edgecall's message shape. */
  messages: ChatMessage[];
  tools: ToolDefinition[];
  /** The assistant turns that become samples (a pair: its response only). */
  turns: TraceTurn[];
}

/** What a file holds. */
export interface TraceFileContents {
  conversations: TraceConversation[];
  problems: TraceProblem[];
  /** Non-empty lines read. */
  lines: number;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

class LineProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** The response's assistant message: `choices[0].message` of the body (or of `response.body`). */
function responseMessage(response: unknown): { message: Json; field: string } {
  if (!isObject(response)) throw new LineProblem("response", "must be an object (a chat completion)");
  const wrapped = !Array.isArray(response.choices) && isObject(response.body);
  const body = wrapped ? (response.body as Json) : response;
  const prefix = wrapped ? "response.body" : "response";
  const choices = body.choices;
  if (!Array.isArray(choices) || choices.length === 0)
    throw new LineProblem(`${prefix}.choices`, "must be a non-empty array (a chat completion)");
  const message = (choices[0] as Json | undefined)?.message;
  if (!isObject(message)) throw new LineProblem(`${prefix}.choices[0].message`, "must be an object");
  const field = `${prefix}.choices[0].message`;
  if (message.role !== undefined && message.role !== "assistant")
    throw new LineProblem(`${field}.role`, "must be 'assistant'");
  return { message: { ...message, role: "assistant" }, field };
}

/** The wire messages, tools and where each message sits, for either line shape. */
function wireOf(document: Json): {
  shape: "messages" | "pair";
  messages: unknown[];
  tools: unknown;
  fieldOf: (index: number) => string;
  sampledFrom: number;
} {
  if ("request" in document || "response" in document) {
    const request = document.request;
    if (!isObject(request))
      throw new LineProblem("request", "must be an object (a chat-completions request)");
    if (!Array.isArray(request.messages)) throw new LineProblem("request.messages", "must be an array");
    const { message, field } = responseMessage(document.response);
    const count = request.messages.length;
    return {
      shape: "pair",
      messages: [...request.messages, message],
      tools: request.tools,
      fieldOf: (index) => (index < count ? `request.messages[${index}]` : field),
      sampledFrom: count,
    };
  }
  if (!Array.isArray(document.messages))
    throw new LineProblem(
      "messages",
      'must be an array (a line is {"messages", "tools"} or {"request", "response"})',
    );
  return {
    shape: "messages",
    messages: document.messages,
    tools: document.tools,
    fieldOf: (index) => `messages[${index}]`,
    sampledFrom: 0,
  };
}

/** Rewrites a serve-style field (`messages[3].content`) into the line's own terms. */
function lineField(param: string | null, fieldOf: (index: number) => string, toolsField: string): string {
  if (param === null) return "line";
  const match = /^messages\[(\d+)\](.*)$/.exec(param);
  if (match) return `${fieldOf(Number(match[1]))}${match[2]}`;
  if (param.startsWith("tools")) return `${toolsField}${param.slice("tools".length)}`;
  return param;
}

function callsOf(message: Json): TraceCall[] {
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  return calls.map((call) => {
    const fn = (call as { function: { name: string; arguments?: unknown } }).function;
    const args = fn.arguments;
    const argumentsText =
      typeof args === "string" ? (args.trim() === "" ? "{}" : args) : JSON.stringify(args ?? {});
    return { name: fn.name, argumentsText };
  });
}

function readLine(document: unknown, line: number): TraceConversation {
  if (!isObject(document)) throw new LineProblem("line", "must be a JSON object");
  const wire = wireOf(document);
  const toolsField = wire.shape === "pair" ? "request.tools" : "tools";
  let messages: ChatMessage[];
  let tools: ToolDefinition[];
  try {
    const plan = readChatCompletionRequest({ messages: wire.messages, tools: wire.tools ?? null });
    messages = plan.request.messages;
    tools = plan.request.tools ?? [];
  } catch (error) {
    if (error instanceof InvalidChatRequest) {
      const field = lineField(error.param, wire.fieldOf, toolsField);
      const why =
        error.param !== null && error.message.startsWith(`${error.param}: `)
          ? error.message.slice(error.param.length + 2)
          : error.message;
      throw new LineProblem(field, why);
    }
    throw error;
  }
  const turns: TraceTurn[] = [];
  let ordinal = 0;
  wire.messages.forEach((raw, index) => {
    if ((raw as Json).role !== "assistant") return;
    ordinal += 1;
    if (index < wire.sampledFrom) return;
    const message = messages[index] as Extract<ChatMessage, { role: "assistant" }>;
    turns.push({
      turn: ordinal,
      index,
      field: wire.fieldOf(index),
      calls: callsOf(raw as Json),
      content: message.content,
    });
  });
  return { line, shape: wire.shape, messages, tools, turns };
}

/**
 * Reads the text of a traces file (`source` names it in the size-bound error); never throws for a
 * bad line (it becomes a problem).
 */
export function readTraceText(text: string, source = "traces file"): TraceFileContents {
  const conversations: TraceConversation[] = [];
  const scanned = scanJsonl(text, source);
  const problems: TraceProblem[] = scanned.problems.map(({ line, message }) => ({
    line,
    field: "line",
    message: `not valid JSON: ${message}`,
  }));
  for (const { line, value: document } of scanned.lines) {
    try {
      const conversation = readLine(document, line);
      if (conversation.turns.length === 0)
        problems.push({ line, field: "messages", message: "has no assistant turn to score" });
      else conversations.push(conversation);
    } catch (error) {
      if (!(error instanceof LineProblem)) throw error;
      problems.push({ line, field: error.field, message: error.message });
    }
  }
  problems.sort((a, b) => a.line - b.line);
  return { conversations, problems, lines: scanned.lines.length + scanned.problems.length };
}

/** `line 4: messages[2].content: why`. */
export function describeTraceProblem(problem: TraceProblem): string {
  return `line ${problem.line}: ${problem.field === "line" ? "" : `${problem.field}: `}${problem.message}`;
}
