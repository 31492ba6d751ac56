/**
 * One step's calls, in order: each runs through the executor (the guards) unless it is skipped:
 * once the step decided so (stuck, budget, invalid calls), past the per-step limit, after an
 * abort, or when the repeated-call detector fires. Every call gets a tool message back, run or
 * not, so the conversation stays valid for the next turn.
 */
import type { ChatMessage, ToolCall } from "../messages.js";
import type { ToolExecutor } from "../tools/tool-executor.js";
import { toolMessage } from "./agent-messages.js";
import type { AgentRunState } from "./agent-run-state.js";
import type { AgentEvent, AgentStep, AgentToolResult } from "./agent-transcript.js";
import { elapsedMs } from "./elapsed.js";
import type { LoopSettings, RepeatedCallDetector } from "./loop-detector.js";

/** Errors that mean "an invalid call" rather than "a call the guards refused". */
const invalidCallTypes = new Set(["unknown-tool", "invalid-arguments"]);
/** The loop's limits and detectors. */
export interface LoopLimits {
  maxSteps: number;
  maxCallsPerStep: number;
  loop: LoopSettings | undefined;
  repeatedCalls: RepeatedCallDetector | undefined;
}

/** What running calls needs of the loop's options. */
export interface CallRunOptions {
  executor: ToolExecutor;
  signal?: AbortSignal;
  onEvent?: (event: AgentEvent) => void;
}

/** Emits a confirmation event for each confirmation decision of a call's outcome. */
function emitConfirmations(
  emit: (event: AgentEvent) => void,
  step: number,
  call: ToolCall,
  result: AgentToolResult,
) {
  for (const decision of result.decisions) {
    if (decision.guard !== "confirmation") continue;
    const approved = decision.verdict === "confirmed";
    emit({
      type: "confirmation",
      step,
      call,
      approved,
      ...(decision.reason ? { reason: decision.reason } : {}),
    });
  }
}

/**
 * Runs (or skips) a step's calls in order; every call gets a tool message so the conversation
 * stays valid for the next turn. A call is skipped once `skip` is set, past the per-step limit,
 * after an abort, or when the repeated-call detector fires.
 */
export async function runCalls(
  options: CallRunOptions,
  context: {
    state: AgentRunState;
    limits: LoopLimits;
    step: number;
    record: AgentStep;
    messages: ChatMessage[];
  },
  calls: readonly ToolCall[],
  initialSkip: AgentToolResult["skipped"],
): Promise<void> {
  const { state, limits, step, record, messages } = context;
  const emit = (event: AgentEvent) => options.onEvent?.(event);
  let skip = initialSkip;
  for (const [index, call] of calls.entries()) {
    const callStarted = performance.now();
    if (skip === undefined && index >= limits.maxCallsPerStep) skip = "call-limit";
    if (skip === undefined && options.signal?.aborted) {
      state.stop("aborted");
      skip = "aborted";
    }
    if (skip === undefined) {
      const evidence = limits.repeatedCalls?.observe(call) ?? null;
      if (evidence !== null) {
        state.stop("stuck", evidence);
        skip = "stuck";
      }
    }
    let toolResult: AgentToolResult;
    if (skip !== undefined) {
      toolResult = { call, skipped: skip, decisions: [], durationMs: 0 };
    } else {
      emit({ type: "tool-call", step, call });
      const outcome = await options.executor.execute(call, { signal: options.signal });
      toolResult = { call, outcome, decisions: outcome.decisions, durationMs: elapsedMs(callStarted) };
      emitConfirmations(emit, step, call, toolResult);
      if (!outcome.ok && invalidCallTypes.has(outcome.error.type) && state.countInvalid(1))
        skip = "invalid-calls";
      emit({ type: "tool-result", step, result: toolResult });
    }
    record.toolResults.push(toolResult);
    messages.push(toolMessage(toolResult, limits.maxCallsPerStep));
  }
}
