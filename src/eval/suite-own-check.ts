/**
 * A suite's own checks in `suite check`, beyond "every reference passes, the null model mostly
 * fails": the suite runs its samples with models and agent settings of its choosing (the
 * injection suite's obedient model, guards off and on under each confirmation policy) and reports
 * figures and failures. The report's fields are added to the suite's `suite check` document.
 */
import type { ModelBackend } from "../backend/model-backend.js";
import type { Sample } from "./sample.js";
import type { SampleResult } from "./sample-result.js";
import type { AgentRunSettings } from "./solver.js";

/** Runs samples of the suite through its real solver and scorer with the given model and settings. */
export interface CheckRunner {
  run(backend: ModelBackend, samples: readonly Sample[], agent: AgentRunSettings): Promise<SampleResult[]>;
}

/** What a suite's own check found. */
export interface SuiteOwnCheck {
  /** Fields added to the suite's entry of the `suite check` document (e.g. `attacks`). */
  report: Record<string, unknown>;
  /** What failed, each with why; any failure makes `suite check` exit 1. */
  failures: { id: string; why: string }[];
}
