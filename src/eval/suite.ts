/**
 * The Suite / Sample / Scorer seam of the evaluation harness. A suite yields samples (input
 * messages, offered tools, a suite-specific target); the runner sends each to the model and hands
 * the transcript to the suite's scorer, which returns a verdict with an explanation.
 */
import type { GenerateRequest, GenerateResult } from "../backend/model-backend.js";
import type { ChatMessage, ToolCall, ToolDefinition } from "../messages.js";

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
}

/** What a suite needs to produce its samples. */
export interface SampleOptions {
  /** The BFCL data folder (`--bfcl-dir`). */
  bfclDir?: string;
  /** BFCL: tools offered natively (`fc`) or documented in a system prompt (`prompt`). */
  bfclMode: "prompt" | "fc";
}

/** One model call in a transcript: the backend's result, and whether it came from the response cache. */
export interface ModelTurn extends GenerateResult {
  cached: boolean;
}

/** Everything that happened for one sample: the request, the model's turns, or the harness error. */
export interface Transcript {
  request: GenerateRequest;
  turns: ModelTurn[];
  /** A harness error (backend failure, prompt too long, ...). The sample fails with it. */
  error?: { code: string; message: string };
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
}
