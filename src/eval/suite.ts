/**
 * The Suite / Sample / Scorer seam of the evaluation harness. A suite yields samples (input
 * messages, offered tools, initial state, a suite-specific target, a reference solution) and names
 * the solver that runs them (one model call, the agent loop, or a conversation with a simulated
 * user); the runner hands the transcript (model turns, tool trace, world states) to the suite's
 * scorer, which returns a verdict with an explanation.
 */
import type { GenerateRequest, GenerateResult } from "../backend/model-backend.js";
import type { ChatMessage, ToolCall, ToolDefinition } from "../messages.js";
import type { EnvironmentFactory, WorldRecord } from "./environment.js";
import type { SolverName } from "./solver.js";
import type { Trajectory } from "./trajectory.js";

/** One test case. `id` is unique within a run. */
export interface Sample<Target = unknown> {
  id: string;
  /** The suite name it belongs to, e.g. `bfcl:simple_python`. */
  suite: string;
  /** The category results are grouped by, e.g. `simple_python`. */
  category: string;
  /** The conversation sent to the model. */
  messages: ChatMessage[];
  /** Tools offered natively (empty when the prompt itself documents them, as in BFCL prompt mode). */
  tools: ToolDefinition[];
  /** What the scorer compares against (possible answers, expected state, ...). */
  target: Target;
  /** Free-form facts about the sample, recorded with its result. */
  metadata: Record<string, unknown>;
  /** World state the sample starts from, for suites whose tools run. */
  initialState?: unknown;
  /**
   * The call syntax the model is asked to write when it is not the backend's own format (e.g.
   * `bfcl-prompt` for BFCL prompt mode); parse failures are counted under this name.
   */
  outputFormat?: string;
  /**
   * The user's later turns and how the scripted user answers questions (conversation solver);
   * the first turn is the last user message of `messages`.
   */
  user?: UserScript;
  /**
   * What a correct assistant outputs, one entry per model call (calls, or a text reply), in
   * order; `suite check` replays it as a perfect model. Suites whose targets are expected calls
   * may leave it out and derive it in {@link Suite.referenceOf}.
   */
  reference?: ReferenceOutput[];
  /**
   * Offered tool names that stand for other tools of the environment (scrambled-names
   * augmentation): offered name → the environment's name. Absent: every name is its own.
   */
  toolNames?: Record<string, string>;
  /** The expected outcome shown to people (reports, results.jsonl); any JSON value. */
  expected?: unknown;
}

/** One output of a reference (perfect) model: calls to make, or a text reply. */
export type ReferenceOutput = { calls: ReferenceCall[] } | { text: string };

/** A call of a reference solution. */
export interface ReferenceCall {
  name: string;
  arguments: Record<string, unknown>;
  /**
   * Arguments whose exact value does not matter (free text such as an email body): the scripted
   * user approves a confirmation whatever they hold. String arguments over 40 characters are loose
   * without being listed.
   */
  loose?: string[];
  /** The arguments as JSON text where `arguments` would lose an int/float distinction (BFCL). */
  argumentsText?: string;
}

/** A rule of the scripted user: when the assistant's reply matches `pattern` (a case-insensitive regular expression), answer `reply` (each rule at most once). */
export interface UserAnswerRule {
  pattern: string;
  reply: string;
}

/** The simulated user of a conversation sample. */
export interface UserScript {
  /** The turns after the first, sent one after each assistant reply. */
  turns: string[];
  /** Answers to the assistant's questions, checked before the next turn. */
  answers: UserAnswerRule[];
  /** Who the user is and what they want, in words (the LLM user's instructions). */
  instruction: string;
  /** The user's time zone: local date-times in calls are compared as instants in it. */
  timeZone?: string;
}

/** What a suite needs to produce its samples. */
export interface SampleOptions {
  /** The BFCL data folder (`--bfcl-dir`). */
  bfclDir?: string;
  /** BFCL: tools offered natively (`fc`) or documented in a system prompt (`prompt`). */
  bfclMode: "prompt" | "fc";
  /**
   * Augmentations (`--augment`) for suites that have them (assistant:stateful: `distract-3`,
   * `distract-10`, `distract-all`, `scramble`); each adds a copy of every sample in its own category.
   */
  augment?: readonly string[];
}

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
}

/** A scorer's verdict on one transcript. */
export interface Score {
  passed: boolean;
  /** A graded score in [0, 1] where the scorer has one; `passed ? 1 : 0` otherwise. */
  score?: number;
  /** Why: readable, specific ("expected unit='km', got 'miles'"). */
  explanation: string;
  /** A stable machine-readable failure class (BFCL's error types, `no-call`, ...). */
  errorType?: string;
  /** The calls as the scorer read them, when it decoded the output itself (BFCL prompt mode). */
  calls?: ToolCall[];
  /** True when the output held a call the scorer's decoder could not read. */
  parseFailure?: boolean;
  /** Structured findings recorded with the result (e.g. which milestones were reached, at which event). */
  details?: unknown;
}

/** Turns a transcript into a verdict. May be async; a scorer that throws fails only its sample. */
export interface Scorer<Target = unknown> {
  score(sample: Sample<Target>, transcript: Transcript): Score | Promise<Score>;
}

/** A named set of samples with one scorer. */
export interface Suite<Target = unknown> {
  /** `bfcl:simple_python`, `assistant:single`, ... */
  name: string;
  /** Changes whenever samples or scoring change (e.g. a hash of the data files); recorded in run.json. */
  version: string;
  /** Categories the samples fall into, in report order. */
  categories: readonly string[];
  samples(
    options: SampleOptions,
  ): Sample<Target>[] | Promise<Sample<Target>[]> | AsyncIterable<Sample<Target>>;
  scorer: Scorer<Target>;
  /** What runs each sample (default `single-call`). */
  solver?: SolverName;
  /** Makes each sample's fresh world (solvers that execute tools need one). */
  environment?: EnvironmentFactory;
  /** The reference outputs of a sample whose `reference` is not given (`suite check`); undefined when it has none. */
  referenceOf?(sample: Sample<Target>): ReferenceOutput[] | undefined;
}
