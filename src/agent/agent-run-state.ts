/**
 * What the agent loop keeps between steps: tokens spent, invalid calls counted, and why it
 * stopped (with the loop detector's evidence or the harness error). One object instead of loose
 * mutable flags, so every stop goes through {@link AgentRunState.stop} and is decided once.
 */
import type { ChatMessage } from "../messages.js";
import type { AgentStep, AgentTranscript, StopReason } from "./agent-transcript.js";
import { elapsedMs } from "./elapsed.js";
import type { StuckEvidence } from "./loop-detector.js";

/** The limits the state checks. */
export interface AgentRunLimits {
  /** Most tokens, input plus output over all model calls; undefined: no budget. */
  tokenBudget: number | undefined;
  /** Invalid calls returned to the model before stopping. */
  maxInvalidCalls: number;
}

/** The loop's running state. */
export class AgentRunState {
  inputTokens = 0;
  outputTokens = 0;
  invalidCalls = 0;
  stopReason: StopReason | undefined;
  stuck: StuckEvidence | undefined;
  failure: { code: string; message: string } | undefined;

  constructor(private readonly limits: AgentRunLimits) {}

  /** True once a stop reason is set. */
  get stopped(): boolean {
    return this.stopReason !== undefined;
  }

  /** Stops the loop (the first reason wins only where callers check {@link stopped} first). */
  stop(reason: StopReason, stuck?: StuckEvidence): void {
    this.stopReason = reason;
    if (stuck !== undefined) this.stuck = stuck;
  }

  /** Stops with a harness error. */
  fail(code: string, message: string): void {
    this.stopReason = "error";
    this.failure = { code, message };
  }

  /** Adds one model call's usage. */
  addUsage(usage: { inputTokens: number; outputTokens: number }): void {
    this.inputTokens += usage.inputTokens;
    this.outputTokens += usage.outputTokens;
  }

  /** True when the token budget is spent. */
  budgetSpent(): boolean {
    return (
      this.limits.tokenBudget !== undefined && this.inputTokens + this.outputTokens >= this.limits.tokenBudget
    );
  }

  /** Counts `count` invalid calls; past the limit stops with `invalid-calls` and returns true. */
  countInvalid(count: number): boolean {
    this.invalidCalls += count;
    if (this.invalidCalls <= this.limits.maxInvalidCalls) return false;
    this.stop("invalid-calls");
    return true;
  }
}

/** Errors that mean a guard or a confirmation stopped the call. */
const blockedCallTypes = new Set([
  "not-allowed",
  "permission",
  "precondition",
  "needs-confirmation",
  "denied",
  "duplicate",
]);

/** The transcript of a finished loop, with its totals. */
export function transcriptOf(
  messages: ChatMessage[],
  steps: AgentStep[],
  state: AgentRunState,
  started: number,
): AgentTranscript {
  let toolCalls = 0;
  let blockedCalls = 0;
  for (const step of steps) {
    for (const result of step.toolResults) {
      if (result.outcome === undefined) continue;
      toolCalls += 1;
      if (!result.outcome.ok && blockedCallTypes.has(result.outcome.error.type)) blockedCalls += 1;
    }
  }
  return {
    messages,
    steps,
    stopReason: state.stopReason ?? "final",
    finalText: steps.at(-1)?.content ?? "",
    ...(state.stuck === undefined ? {} : { stuck: state.stuck }),
    ...(state.failure === undefined ? {} : { error: state.failure }),
    totals: {
      steps: steps.length,
      inputTokens: state.inputTokens,
      outputTokens: state.outputTokens,
      toolCalls,
      invalidCalls: state.invalidCalls,
      blockedCalls,
      durationMs: elapsedMs(started),
    },
  };
}
