/**
 * The record kept for each finished (sample, repeat): one row of the durable store and one line
 * of `results.jsonl`. Everything but `timing` is a deterministic function of the model's output,
 * so an interrupted and resumed run writes the same lines as an uninterrupted one except timings.
 */
import type { FinishReason, GenerateTiming, TokenUsage } from "../backend/model-backend.js";
import type { Trajectory } from "./trajectory.js";

/** A call as recorded: name and decoded arguments. */
export interface RecordedCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** The result of one (sample, repeat). */
export interface SampleResult {
  id: string;
  suite: string;
  category: string;
  repeat: number;
  /** Position of the sample in the run's plan; results are written in (ordinal, repeat) order. */
  ordinal: number;
  passed: boolean;
  score: number;
  explanation: string;
  errorType: string | null;
  /** The model's raw output (the last model call's), exactly as generated; empty after a harness error. */
  rawText: string;
  /** Visible text with call markup and reasoning removed (agents: the last reply's). */
  content: string;
  /** The calls the model made (agents: every call of every step, by real tool name). */
  calls: RecordedCall[];
  finishReason: FinishReason | null;
  usage: TokenUsage | null;
  timing: GenerateTiming | null;
  /** The call syntax parse failures are counted under (backend format or the suite's). */
  format: string;
  /** True when the output held a call that could not be decoded. */
  parseFailure: boolean;
  /** True when the output ends in a degenerate repetition (detectRepetition). */
  stuck: boolean;
  /** True when the model output came from the response cache. */
  cached: boolean;
  /** A harness error (the sample failed without a model verdict). */
  error: { code: string; message: string } | null;
  metadata: Record<string, unknown>;
  /**
   * The name of the solver that ran the sample (`single-call`, `agent`, `conversation`,
   * `bfcl-multi-turn`, `bfcl-agentic`). (Absent in results written before solvers existed: read as `single-call`.)
   */
  solver?: string;
  /** The user's request as sent first (the last user message of the sample's messages). */
  request?: string;
  /** The expected outcome as the suite shows it (expected calls, milestones and minefields, ...); null when none. */
  expected?: unknown;
  /** Model calls made (one for single-call samples; every step of every turn for agents). */
  modelCalls?: number;
  /** What the agent did, event by event (agent and conversation solvers); null otherwise. */
  trajectory?: Trajectory | null;
  /** The hash of the final world (solvers with an environment); null otherwise. */
  worldHash?: string | null;
  /** The scorer's structured findings (milestones reached, minefields hit, ...); null when none. */
  scoreDetails?: unknown;
}
