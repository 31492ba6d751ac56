/**
 * The Solver seam: what runs one sample, i.e. the thing under test (inspect_ai's Task = dataset +
 * solver + scorer). A suite brings its solver object (`Suite.solver`); eval owns the generic ones
 * (src/eval/solvers/):
 * - `single-call` (the default): one model call on the sample's messages;
 * - `agent`: the agent loop (runAgent) with the guarded executor over a fresh world made from the
 *   sample's initial state, with step and token budgets and a confirmation policy;
 * - `conversation`: the agent plus a simulated user who writes the next user turn after each
 *   assistant reply (scripted from the sample, or an LLM given with `--user-model`).
 * A suite family may bring a solver of its own (BFCL's multi-turn and agentic loops live with the
 * BFCL suites). A solver's `name` is recorded with each result (`SampleResult.solver`).
 * A solver never throws for anything the model does; harness problems become `transcript.error`.
 */
import type { ModelBackend, SamplingSettings } from "../backend/model-backend.js";
import type { ConfirmationPolicy } from "../guards/confirmation-policy.js";
import type { GuardsMode } from "../guards/guards-mode.js";
import type { ToolRegistry } from "../tools/tool-registry.js";
import type { Environment, EnvironmentFactory } from "./environment.js";
import type { RequestSettings } from "./request-settings.js";
import type { Sample } from "./sample.js";
import type { SimulatedUser } from "./simulated-user.js";
import type { Transcript } from "./transcript.js";
import type { TurnRecordingBackend } from "./turn-recording-backend.js";

/**
 * Who answers confirmations in an eval: `user` (the simulated user: the scripted user approves
 * exactly the calls of the sample's reference solution, with equivalent arguments; an LLM user is
 * asked in words) or one of the fixed policies.
 */
export type ConfirmMode = "user" | ConfirmationPolicy;
/** Every `--confirm` value. */
export const confirmModes = ["user", "approve", "deny", "approve-if-user-asked"] as const;

/** `--guards` (src/guards/guards-mode.ts), re-exported where the agent settings use it. */
export { type GuardsMode, guardsModes } from "../guards/guards-mode.js";

/** Settings of agent and conversation solvers, the same for every sample of a run. */
export interface AgentRunSettings {
  confirm: ConfirmMode;
  /** `--guards` (default `on`); with `off`, `confirm` is never asked. */
  guards?: GuardsMode;
  /** Model calls per user turn (default 10). */
  maxSteps: number;
  /** Tokens (input + output, all model calls) per sample; undefined: no budget. */
  tokenBudget?: number;
  /** Most user turns in a conversation, the first included (default 8). */
  maxUserTurns: number;
  /** The LLM playing the user (`--user-model`); undefined: the scripted user. */
  userModel?: ModelBackend;
  /** Sampling of the user model's calls (its seed follows the repeat). */
  userSampling?: SamplingSettings;
}

/**
 * Makes the simulated user of one conversation sample, for suites whose users need more than the
 * default one (tools of their own on the same world, stop tokens): `model` is the `--user-model`
 * backend when one was given (else the scripted user is wanted), `sampling` its settings.
 */
export type UserFactory = (
  sample: Sample,
  environment: Environment,
  options: { model?: ModelBackend; sampling: SamplingSettings },
) => SimulatedUser;

/** What a solver gets for one (sample, repeat). */
export interface SolveContext {
  /** The model under test (behind the response cache when it is on), recording every call it answers. */
  backend: TurnRecordingBackend;
  settings: RequestSettings;
  repeat: number;
  agent: AgentRunSettings;
  /** The suite's world factory (agent and conversation solvers need one). */
  environment?: EnvironmentFactory;
  /** Executable tools added to every sample (`--mcp`); a sample's own tool of the same name wins. */
  extraTools?: ToolRegistry;
  /** The suite's simulated user, when it has its own (default: scripted from the sample, or `modelUser`). */
  user?: UserFactory;
  signal?: AbortSignal;
}

/** Runs one sample. */
export interface Solver {
  /** Recorded with each result: `single-call`, `agent`, `conversation`, `bfcl-multi-turn`, ... */
  readonly name: string;
  solve(sample: Sample, context: SolveContext): Promise<Transcript>;
}

/**
 * Thrown by a solver when the run was stopped before the sample finished: the sample is abandoned
 * (no result is written), so `--resume` runs it again whole.
 */
export class AbortedSample extends Error {
  constructor() {
    super("the run was stopped before this sample finished");
  }
}
