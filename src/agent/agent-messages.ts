/**
 * The messages the agent loop adds to the conversation: the model's reply as an assistant
 * message, one tool message per call (its output, or its error with the reason), and a user
 * message for calls that could not be read at all (they have no call id a tool message could
 * answer, and OpenAI-style servers reject tool messages without one).
 */
import type { ChatMessage, ToolCall, ToolCallError } from "../messages.js";
import type { ToolOutcome } from "../tools/tool-executor.js";
import type { AgentToolResult } from "./agent-transcript.js";

/** Longest raw text of an unreadable call quoted back to the model. */
const quotedRawLimit = 300;

/** The calls with an id each (`call_<step>_<index>` where the model gave none). */
export function withCallIds(calls: readonly ToolCall[], step: number): ToolCall[] {
  return calls.map((call, index) =>
    call.id === undefined ? { ...call, id: `call_${step}_${index + 1}` } : call,
  );
}

/** The model's reply as an assistant message. */
export function assistantMessage(
  content: string,
  calls: readonly ToolCall[],
  reasoning: string,
): ChatMessage {
  return {
    role: "assistant",
    content,
    ...(calls.length > 0 ? { toolCalls: [...calls] } : {}),
    ...(reasoning === "" ? {} : { reasoning }),
  };
}

/** The text a tool message carries: the output as JSON (strings as they are), or the error. */
export function toolResultText(outcome: ToolOutcome): string {
  if (outcome.ok)
    return typeof outcome.output === "string" ? outcome.output : (JSON.stringify(outcome.output) ?? "null");
  return JSON.stringify({ error: outcome.error });
}

const skipReasons: Record<NonNullable<AgentToolResult["skipped"]>, (limit: number) => string> = {
  stuck: () => "not run: the same call was repeated too often",
  aborted: () => "not run: the run was interrupted",
  "invalid-calls": () => "not run: too many invalid calls",
  "token-budget": () => "not run: the token budget is spent",
  "call-limit": (limit) =>
    `not run: only the first ${limit} calls of one reply run; make the others in your next reply`,
};

/**
 * The tool message answering one call. `maxCallsPerStep` is named in the message of a call
 * skipped for the per-step limit.
 */
export function toolMessage(result: AgentToolResult, maxCallsPerStep: number): ChatMessage {
  const reason = skipReasons[result.skipped ?? "aborted"](maxCallsPerStep);
  const content =
    result.outcome !== undefined
      ? toolResultText(result.outcome)
      : JSON.stringify({ error: { type: "not-run", message: reason } });
  return {
    role: "tool",
    content,
    name: result.call.name,
    ...(result.call.id === undefined ? {} : { toolCallId: result.call.id }),
  };
}

/** A user message telling the model which of its calls could not be read, and why. */
export function parseErrorMessage(errors: readonly ToolCallError[]): ChatMessage {
  const lines = errors.map((error) => {
    const raw = error.raw.length > quotedRawLimit ? `${error.raw.slice(0, quotedRawLimit)}...` : error.raw;
    return `- ${error.type}: ${error.message}\n  in: ${raw}`;
  });
  const count =
    errors.length === 1
      ? "a tool call that could not be read"
      : `${errors.length} tool calls that could not be read`;
  return {
    role: "user",
    content: `[tool error] Your last reply had ${count}; it was not run:\n${lines.join("\n")}\nWrite the call again in the required format, or answer without it.`,
  };
}
