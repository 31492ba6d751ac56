/**
 * The contract between the agent loop and whatever runs tools: the loop hands over each parsed
 * call and gets back an outcome it can show the model. Guards (validation, preconditions, allow-
 * lists, taint, confirmations) live behind this interface, so the loop never runs a tool itself.
 */
import type { ToolCall, ToolDefinition } from "../messages.js";

/**
 * Error kinds a tool call can end in; each goes back to the model as a tool result. `duplicate`:
 * the same side-effecting call (same tool, canonically equal arguments) already ran successfully
 * in this session, so it was not run again; the message quotes the first result.
 */
export type ToolErrorType =
  | "unknown-tool"
  | "invalid-arguments"
  | "not-allowed"
  | "permission"
  | "precondition"
  | "needs-confirmation"
  | "denied"
  | "execution"
  | "timeout"
  | "duplicate";

/** A guard's verdict on one call, recorded in transcripts. */
export interface GuardDecision {
  /** Which guard decided: `schema`, `allow-list`, `precondition`, `taint`, `confirmation`, ... */
  guard: string;
  verdict: "pass" | "block" | "confirmed" | "denied";
  reason?: string;
  /** Argument paths whose values came from untrusted content (taint tracking). */
  taintedArguments?: string[];
}

/** The outcome of one tool call. */
export type ToolOutcome =
  | { ok: true; output: unknown; decisions: GuardDecision[] }
  | { ok: false; error: { type: ToolErrorType; message: string }; decisions: GuardDecision[] };

/** Runs tool calls for the agent loop. One executor serves one session (its taint state lives here). */
export interface ToolExecutor {
  /** The tools offered to the model. */
  definitions(): ToolDefinition[];
  /** Runs one call through the guards. Never throws for anything the model did wrong. */
  execute(call: ToolCall, options?: { signal?: AbortSignal }): Promise<ToolOutcome>;
}
