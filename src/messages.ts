/**
 * The conversation vocabulary shared by every seam: OpenAI-style chat messages, tool definitions
 * (JSON Schema), tool calls, and the content parts a model's output is parsed into.
 */

/** A JSON Schema object as users, MCP servers and BFCL write them. Validated with ajv at the edges. */
export type JsonSchema = { [key: string]: unknown };

/** A tool offered to the model: an OpenAI-legal name, a description and a JSON Schema for its input. */
export interface ToolDefinition {
  name: string;
  description?: string;
  /** JSON Schema of the arguments object (`{"type": "object", "properties": ..., "required": ...}`). */
  parameters: JsonSchema;
}

/** One call the model asked for. `arguments` is the decoded JSON object. */
export interface ToolCall {
  /** Call id when the format or server carries one (Mistral, OpenAI). */
  id?: string;
  name: string;
  arguments: Record<string, unknown>;
  /**
   * The JSON text of the arguments object as the model wrote it, kept only where `arguments`
   * (read with `JSON.parse`) loses what Python's `json.loads` keeps: a whole float written `1.0`
   * or `1e3` reads as `1`, an int beyond 2^53 is rounded. Absent means `arguments` is exact (an
   * integral number in it was written as an int). Scorers that need the int/float distinction
   * (BFCL) re-read this text losslessly.
   */
  argumentsText?: string;
}

/** A chat message in OpenAI's shape (camelCase fields). */
export type ChatMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string }
  | { role: "assistant"; content: string; toolCalls?: ToolCall[]; reasoning?: string }
  | { role: "tool"; content: string; toolCallId?: string; name?: string };

/** Why a piece of model output that looked like a tool call could not be decoded. */
export type ToolCallErrorType =
  | "invalid-json"
  | "invalid-syntax"
  | "truncated"
  | "missing-close-tag"
  | "missing-name"
  | "invalid-arguments";

/** Malformed model output, kept as data (never thrown): what went wrong and the raw text. */
export interface ToolCallError {
  type: ToolCallErrorType;
  message: string;
  raw: string;
}

/** One piece of a model's reply, in the order the model wrote it. */
export type ContentPart =
  | { type: "text"; text: string }
  | { type: "reasoning"; text: string }
  | { type: "tool-call"; toolCall: ToolCall }
  | { type: "tool-call-error"; error: ToolCallError };

/** The parts of a reply gathered by kind, in the shape of `edgecall parse --json`. */
export interface ParsedReply {
  /** Visible text with reasoning and call markup removed, trimmed. */
  content: string;
  /** Text of `<think>` blocks (or the family's equivalent), joined; empty when none. */
  reasoning: string;
  toolCalls: ToolCall[];
  errors: ToolCallError[];
}

/** Gathers content parts by kind. Text parts are joined and trimmed. */
export function summariseParts(parts: readonly ContentPart[]): ParsedReply {
  const text: string[] = [];
  const reasoning: string[] = [];
  const toolCalls: ToolCall[] = [];
  const errors: ToolCallError[] = [];
  for (const part of parts) {
    if (part.type === "text") text.push(part.text);
    else if (part.type === "reasoning") reasoning.push(part.text);
    else if (part.type === "tool-call") toolCalls.push(part.toolCall);
    else errors.push(part.error);
  }
  return { content: text.join("").trim(), reasoning: reasoning.join("\n").trim(), toolCalls, errors };
}

/** The text of the last user message, or "" when there is none (the request a sample sends first). */
export function lastUserText(messages: readonly ChatMessage[]): string {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message?.role === "user") return message.content;
  }
  return "";
}

/**
 * The shape a reply's text must take (OpenAI's `response_format`). Backends that can constrain
 * decoding enforce it with a grammar built from the schema (the same converter as tool arguments);
 * the others pass it on or leave it to the caller to check. A reply in a response format is not
 * read for tool calls unless tools are offered.
 */
export type ResponseFormat =
  | { type: "json_object" }
  | { type: "json_schema"; name: string; schema: Record<string, unknown>; strict?: boolean };
