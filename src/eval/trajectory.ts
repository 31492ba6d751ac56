/**
 * The trajectory of an agent or conversation sample: what happened, event by event, in the order
 * it happened: user turns, model steps (raw text, parsed calls, parse errors), tool calls (guard
 * decisions, the result or the error, or why the call did not run) and the end. Recorded with every
 * result (results.jsonl, report.html) and read by scorers; world states refer to event positions.
 */
import type { StopReason } from "../agent/agent-transcript.js";
import type { FinishReason, GenerateTiming, TokenUsage } from "../backend/model-backend.js";
import type { ToolCallError } from "../messages.js";
import type { GuardDecision } from "../tools/tool-executor.js";

/** A call as the model made it. */
export interface TrajectoryCall {
  id?: string;
  /** The tool's real name (for scrambled tool names: the one the alias stands for). */
  name: string;
  /** The name the model wrote, when it differs from `name` (scrambled augmentation). */
  calledAs?: string;
  arguments: Record<string, unknown>;
}

/** A call the simulated user made on their own tools (dual control: their phone). */
export interface UserToolCall {
  name: string;
  arguments: Record<string, unknown>;
  outcome: { ok: true; output: unknown } | { ok: false; error: { type: string; message: string } };
}

/** One event. */
export type TrajectoryEvent =
  | {
      type: "user";
      turn: number;
      text: string;
      by: "script" | "user-model";
      /** Calls the user made on their own tools before writing (dual control), with what came back. */
      calls?: UserToolCall[];
    }
  | {
      type: "model";
      turn: number;
      step: number;
      rawText: string;
      content: string;
      calls: TrajectoryCall[];
      parseErrors: ToolCallError[];
      cached: boolean;
      /** How the call ended, its tokens and its timing (absent in results written before they were recorded). */
      finishReason?: FinishReason;
      usage?: TokenUsage;
      timing?: GenerateTiming;
    }
  | {
      type: "tool";
      turn: number;
      step: number;
      call: TrajectoryCall;
      decisions: GuardDecision[];
      /** What came back (absent when the call did not run). */
      outcome?: { ok: true; output: unknown } | { ok: false; error: { type: string; message: string } };
      skipped?: string;
      /** Confirmation asked and its answer, when one was. */
      confirmation?: { approved: boolean; by: string };
    }
  | { type: "end"; turn: number; stopReason: StopReason; reason: string };

/** A whole trajectory with its totals. */
export interface Trajectory {
  events: TrajectoryEvent[];
  userTurns: number;
  steps: number;
  toolCalls: number;
  confirmationsAsked: number;
  /** Why the conversation ended (the last agent run's stop reason, or the user's end). */
  stopReason: StopReason | "user-done" | "turn-limit";
  /** The stop token the user ended with (`###STOP###`, `###TRANSFER###`, `###OUT-OF-SCOPE###`), when it wrote one. */
  userStop?: string;
}

/** The tool events, in order, with their positions among all events. */
export function toolEvents(
  trajectory: Trajectory,
): { index: number; event: Extract<TrajectoryEvent, { type: "tool" }> }[] {
  const found: { index: number; event: Extract<TrajectoryEvent, { type: "tool" }> }[] = [];
  trajectory.events.forEach((event, index) => {
    if (event.type === "tool") found.push({ index, event });
  });
  return found;
}

/** The assistant's text replies (model events without calls), with their positions. */
export function replyEvents(trajectory: Trajectory): { index: number; text: string }[] {
  const found: { index: number; text: string }[] = [];
  trajectory.events.forEach((event, index) => {
    if (event.type === "model" && event.content !== "") found.push({ index, text: event.content });
  });
  return found;
}
