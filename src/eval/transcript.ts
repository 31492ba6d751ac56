/**
 * A Transcript: everything that happened while a solver ran one sample (the model calls, the
 * trajectory, the world's states, or the harness error). Scorers and the runner read it.
 */
import type { GenerateRequest, GenerateResult } from "../backend/model-backend.js";
import type { WorldRecord } from "./environment.js";
import type { Trajectory } from "./trajectory.js";

/** One model call in a transcript: the backend's result, and whether it came from the response cache. */
export interface ModelTurn extends GenerateResult {
  cached: boolean;
}

/**
 * Everything that happened for one sample: the first request, every model call, and for agent
 * solvers the trajectory (user turns, calls with their guard decisions and results) and the
 * world's states; or the harness error.
 */
export interface Transcript {
  request: GenerateRequest;
  /** Every model call, in order (one for the single-call solver). */
  turns: ModelTurn[];
  /** A harness error (backend failure, prompt too long, a world that cannot be made, ...). The sample fails with it. */
  error?: { code: string; message: string };
  /** What the agent did, event by event (agent and conversation solvers). */
  trajectory?: Trajectory;
  /** The world before, after each state-changing call, and at the end (solvers with an environment). */
  world?: WorldRecord;
  /** Facts a solver records for its scorer beyond the calls (BFCL memory: what the prerequisite conversations left). */
  solverDetails?: Record<string, unknown>;
  /**
   * Set by a solver whose every model output already went through the agent loop's repetition
   * detector with its default settings (the runner's): a repetition stopped the run as `stuck`,
   * so the runner reads that from the trajectory instead of checking the last output again.
   */
  repetitionChecked?: true;
}
