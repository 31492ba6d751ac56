/**
 * What the agent loop records and reports: per-step records, the whole transcript with totals and
 * the stop reason, and the events a UI can follow while the loop runs.
 */
import type { FinishReason, GenerateTiming, TokenUsage } from "../backend/model-backend.js";
import type { ChatMessage, ToolCall, ToolCallError } from "../messages.js";
import type { GuardDecision, ToolOutcome } from "../tools/tool-executor.js";
import type { StuckEvidence } from "./loop-detector.js";

/**
 * Why the loop ended:
 * - `final`: the model answered without calls;
 * - `max-steps`: the step limit was reached while the model still made calls;
 * - `token-budget`: the tokens spent (input + output, all model calls) reached the budget;
 * - `aborted`: the caller's signal fired;
 * - `stuck`: a loop detector fired (see `stuck` for which and why);
 * - `invalid-calls`: more invalid calls than `maxInvalidCalls`;
 * - `error`: a harness error (backend failure); see `error`.
 */
export type StopReason =
  | "final"
  | "max-steps"
  | "token-budget"
  | "aborted"
  | "stuck"
  | "invalid-calls"
  | "error";

/** One tool call of a step and what became of it. */
export interface AgentToolResult {
  call: ToolCall;
  /** The executor's outcome; absent when the call was not handed to the executor (see `skipped`). */
  outcome?: ToolOutcome;
  /**
   * Why the loop did not run the call: a detector fired, the run was aborted or stopped first, or
   * (`call-limit`) the reply made more calls than `maxCallsPerStep` and this was one past it.
   */
  skipped?: "stuck" | "aborted" | "invalid-calls" | "token-budget" | "call-limit";
  /** Guard decisions (a copy of `outcome.decisions`, empty when skipped). */
  decisions: GuardDecision[];
  durationMs: number;
}

/** One step: a model call, then the calls it made. */
export interface AgentStep {
  /** 1-based step number. */
  step: number;
  /** The model's raw output, exactly as generated. */
  rawText: string;
  /** Visible text (reasoning and call markup removed). */
  content: string;
  reasoning: string;
  calls: ToolCall[];
  parseErrors: ToolCallError[];
  toolResults: AgentToolResult[];
  finishReason: FinishReason;
  usage: TokenUsage;
  timing: GenerateTiming;
  /** Whole step (model call and tools), in ms. */
  durationMs: number;
  renderedPrompt?: string;
}

/** Totals over a run. */
export interface AgentTotals {
  steps: number;
  inputTokens: number;
  outputTokens: number;
  /** Calls handed to the executor. */
  toolCalls: number;
  /** Unknown tools, schema errors and unreadable calls. */
  invalidCalls: number;
  /** Calls a guard blocked or a confirmation denied (excluding invalid ones). */
  blockedCalls: number;
  durationMs: number;
}

/** The whole record of one `runAgent` call. */
export interface AgentTranscript {
  /** The conversation: the messages given, then every message the loop added. */
  messages: ChatMessage[];
  steps: AgentStep[];
  stopReason: StopReason;
  /** The last step's visible text (the answer when `stopReason` is `final`). */
  finalText: string;
  /** Which detector fired and its evidence, when `stopReason` is `stuck`. */
  stuck?: StuckEvidence;
  /** The harness error, when `stopReason` is `error`. */
  error?: { code: string; message: string };
  totals: AgentTotals;
}

/** Events emitted while the loop runs, in order. */
export type AgentEvent =
  | { type: "step-start"; step: number }
  | { type: "text-delta"; step: number; text: string }
  | { type: "tool-call"; step: number; call: ToolCall }
  | {
      type: "confirmation";
      step: number;
      call: ToolCall;
      /** True when the call was confirmed, false when denied or no one could confirm it. */
      approved: boolean;
      reason?: string;
    }
  | { type: "tool-result"; step: number; result: AgentToolResult }
  | { type: "step-end"; step: number; record: AgentStep };
