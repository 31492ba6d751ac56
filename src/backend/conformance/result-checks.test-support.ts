/**
 * The checks of the backend conformance suite (src/backend/backend-conformance.test-support.ts)
 * on what a backend returns: well-formed parts, finish reasons and timings, a stream's events, an
 * abort's error, the calls of a result.
 */
import assert from "node:assert/strict";
import { isEdgecallError } from "../../errors.js";
import { type ContentPart, summariseParts, type ToolCall } from "../../messages.js";
import type { GenerateResult, StreamEvent } from "../model-backend.js";

const ERROR_TYPES = new Set([
  "invalid-json",
  "invalid-syntax",
  "truncated",
  "missing-close-tag",
  "missing-name",
  "invalid-arguments",
]);

function assertPart(part: ContentPart, where: string): void {
  switch (part.type) {
    case "text":
    case "reasoning":
      assert.equal(typeof part.text, "string", `${where}: text must be a string`);
      return;
    case "tool-call": {
      const call = part.toolCall;
      assert.ok(typeof call.name === "string" && call.name !== "", `${where}: a call needs a name`);
      assert.ok(
        typeof call.arguments === "object" && call.arguments !== null && !Array.isArray(call.arguments),
        `${where}: arguments must be an object`,
      );
      if (call.id !== undefined) assert.equal(typeof call.id, "string", `${where}: id must be a string`);
      return;
    }
    case "tool-call-error":
      assert.ok(ERROR_TYPES.has(part.error.type), `${where}: unknown error type ${part.error.type}`);
      assert.equal(typeof part.error.message, "string", `${where}: error message must be a string`);
      assert.equal(typeof part.error.raw, "string", `${where}: error raw must be a string`);
      return;
    default:
      assert.fail(`${where}: unknown part type ${(part as { type: unknown }).type}`);
  }
}

/** Parts with tool-call ids left out. */
export function withoutCallIds(parts: readonly ContentPart[]): ContentPart[] {
  return parts.map((part) => {
    if (part.type !== "tool-call") return part;
    const { id: _id, ...call } = part.toolCall;
    return { type: "tool-call", toolCall: call };
  });
}

function assertMilliseconds(value: unknown, name: string): void {
  assert.ok(
    typeof value === "number" && Number.isFinite(value) && value >= 0,
    `${name} must be >= 0, got ${value}`,
  );
}

/** Asserts the GenerateResult contract: parts, finish reason consistent with them, usage and timing. */
export function assertWellFormedResult(result: GenerateResult): void {
  assert.equal(typeof result.rawText, "string", "rawText must be a string");
  assert.ok(Array.isArray(result.parts), "parts must be an array");
  result.parts.forEach((part, index) => {
    assertPart(part, `parts[${index}]`);
  });
  const hasCall = result.parts.some((part) => part.type === "tool-call");
  assert.ok(
    ["stop", "tool-calls", "length", "error"].includes(result.finishReason),
    `finishReason ${result.finishReason}`,
  );
  if (result.finishReason === "tool-calls")
    assert.ok(hasCall, "finishReason tool-calls without a tool-call part");
  if (result.finishReason === "stop") assert.ok(!hasCall, "finishReason stop with a tool-call part");
  for (const key of ["inputTokens", "outputTokens"] as const) {
    const count = result.usage[key];
    assert.ok(
      Number.isInteger(count) && count >= 0,
      `usage.${key} must be a non-negative integer, got ${count}`,
    );
  }
  assertMilliseconds(result.timing.firstTokenMs, "timing.firstTokenMs");
  assertMilliseconds(result.timing.totalMs, "timing.totalMs");
  assert.ok(
    result.timing.firstTokenMs <= result.timing.totalMs,
    "timing.firstTokenMs must be <= timing.totalMs",
  );
  for (const key of ["prefillMs", "decodeMs", "loadMs"] as const) {
    if (result.timing[key] !== undefined) assertMilliseconds(result.timing[key], `timing.${key}`);
  }
}

/** Drains a stream, checking the event protocol; returns the deltas' text and the final result. */
export async function collectStream(
  events: AsyncIterable<StreamEvent>,
): Promise<{ text: string; result: GenerateResult }> {
  let text = "";
  let result: GenerateResult | undefined;
  for await (const event of events) {
    assert.equal(result, undefined, "no event may follow the finish event");
    if (event.type === "text-delta") {
      assert.equal(typeof event.text, "string");
      text += event.text;
    } else {
      assert.equal(event.type, "finish", `unknown stream event ${(event as { type: unknown }).type}`);
      result = event.result;
    }
  }
  assert.ok(result !== undefined, "the stream must end with a finish event");
  return { text, result };
}

export async function assertAborted(promise: Promise<unknown>): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(isEdgecallError(error, "aborted"), `expected EdgecallError "aborted", got ${String(error)}`);
    return true;
  });
}

export function calls(result: GenerateResult): ToolCall[] {
  return summariseParts(result.parts).toolCalls.map((call) => ({
    name: call.name,
    arguments: call.arguments,
  }));
}
