/**
 * The Suite / Sample / Scorer seam of the evaluation harness. A suite yields samples (input
 * messages, offered tools, initial state, a suite-specific target, a reference solution) and brings
 * the solver that runs them (one model call, the agent loop, a conversation with a simulated user,
 * or a loop of its own); the runner hands the transcript (model turns, tool trace, world states) to the suite's
 * scorer, which returns a verdict with an explanation.
 */
import type { ToolCall } from "../messages.js";
import type { Counterfeit } from "./counterfeit.js";
import type { EnvironmentFactory } from "./environment.js";
import type { ReferenceOutput, Sample } from "./sample.js";
import type { SampleResult } from "./sample-result.js";
import type { Solver, UserFactory } from "./solver.js";
import type { SuiteFigures } from "./suite-figures.js";
import type { CheckRunner, SuiteOwnCheck } from "./suite-own-check.js";
import type { Transcript } from "./transcript.js";

export type { Counterfeit } from "./counterfeit.js";
export type {
  ReferenceCall,
  ReferenceOutput,
  Sample,
  UserAnswerRule,
  UserScript,
} from "./sample.js";
export type { ModelTurn, Transcript } from "./transcript.js";

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
  /** The samples, in the suite's order (a suite took its options when it was made: SuiteCatalog.create). */
  samples(): Sample<Target>[] | Promise<Sample<Target>[]> | AsyncIterable<Sample<Target>>;
  scorer: Scorer<Target>;
  /** What runs each sample (default: eval's single-call solver, src/eval/solvers/single-call-solver.ts). */
  solver?: Solver;
  /** Makes each sample's fresh world (solvers that execute tools need one). */
  environment?: EnvironmentFactory;
  /**
   * What building the suite left out or changed, in words (e.g. the lines of a traces file that
   * are not valid conversations); shown by eval and suite check, kept in run.json.
   */
  notes?: readonly string[];
  /** The reference outputs of a sample whose `reference` is not given (`suite check`); undefined when it has none. */
  referenceOf?(sample: Sample<Target>): ReferenceOutput[] | undefined;
  /**
   * `suite check`: near-miss wrong answers to a sample (see counterfeit.ts), each replayed through
   * the suite's solver and scorer; every one must fail. An empty list: none for this sample.
   */
  counterfeitsOf?(sample: Sample<Target>): Counterfeit[];
  /** The simulated user of conversation samples, when the suite has its own (policy suites: tools, stop tokens). */
  user?: UserFactory;
  /**
   * The figures this suite adds to a run's summary beyond accuracy (src/eval/suite-figures.ts); the
   * suites of a family share the same objects, and a run computes each kind once.
   */
  figures?: readonly SuiteFigures[];
  /**
   * What the suite resolved from its options, defaults included (BFCL: `{ mode: "fc" }`): recorded
   * in run.json's entry of the suite (`suites[].settings`) and shown by the report; a resume must
   * resolve the same. Absent: nothing to record.
   */
  settings?: Readonly<Record<string, unknown>>;
  /**
   * `suite check`: why a reference run that passed its scorer is still not acceptable (e.g. the
   * scripted user did not end the gold conversation itself); undefined when it is.
   */
  checkReference?(result: SampleResult): string | undefined;
  /**
   * `suite check`: true for samples the null model may pass (their correct outcome is to change
   * nothing and say nothing in particular). When given, the check fails if the null model passes
   * more than 10% of the samples outside these.
   */
  nullMayPass?(sample: Sample<Target>): boolean;
  /** The suite's own checks in `suite check` (run after the reference and null models); see suite-own-check.ts. */
  check?(samples: readonly Sample<Target>[], runner: CheckRunner): Promise<SuiteOwnCheck>;
}
