/**
 * A server's report that the model's output did not parse (llama-server: "The model produced output
 * that does not match the expected <format> format") as a result: the model failed, so the reply is
 * a `tool-call-error` part holding whatever raw text arrived (all of it when streamed, none when the
 * server answered HTTP 500 instead of a completion), scored like any malformed output.
 */
import type { GenerateResult } from "../model-backend.js";

/** Thrown inside the stream reader for an error event that reports unparseable model output. */
export class UnparsedOutputError extends Error {
  constructor(readonly serverMessage: string) {
    super(serverMessage);
    this.name = "UnparsedOutputError";
  }
}

/**
 * The result of a call whose output the server could not parse; `what` says what it parsed the
 * output as (by default its tool-call format).
 */
export function unparsedOutputResult(
  serverMessage: string,
  rawText: string,
  timing: { firstTokenMs: number; totalMs: number },
  streamed: boolean,
  what = "its tool-call format",
): GenerateResult {
  const message = `the server could not parse the model's output as ${what}: ${serverMessage}`;
  return {
    rawText,
    parts: [
      ...(rawText === "" ? [] : [{ type: "text" as const, text: rawText }]),
      { type: "tool-call-error", error: { type: "invalid-syntax", message, raw: rawText } },
    ],
    finishReason: "stop",
    usage: { inputTokens: 0, outputTokens: 0 },
    timing: { firstTokenMs: Math.min(timing.firstTokenMs, timing.totalMs), totalMs: timing.totalMs },
    details: { usageKnown: false, serverRejectedOutput: true, streamed },
  };
}
