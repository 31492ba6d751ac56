/**
 * Accuracy over scored attempts, the one way every figure of edgecall computes it (summary.json,
 * the terminal table, the report, `compare`, `compare-quants`, `size`, `--fail-under`). An attempt
 * that ended in a harness error (a backend failure, a prompt past the context, a scorer crash, a
 * BFCL memory scenario whose prerequisite conversations failed) has no model verdict: it is not a
 * wrong answer, so it is left out of `accuracy` and its interval and counted beside them in
 * `harnessErrors`. `n` stays every attempt finished; `scored` is `n - harnessErrors`.
 *
 * This differs from BFCL's own leaderboard, where an inference error is written as the entry's
 * result and scored wrong; BFCL's summary scores (src/suites/bfcl-figures.ts) are computed from
 * these same scored figures and are marked partial when a category has harness errors.
 */
import { wilsonInterval } from "../stats/wilson.js";
import type { SampleResult } from "./sample-result.js";

/** Accuracy of a group of attempts, harness errors counted beside it. */
export interface ScoredAccuracy {
  /** Attempts finished, harness errors included. */
  n: number;
  /** Attempts with a model verdict (`n - harnessErrors`): what `accuracy` is over. */
  scored: number;
  /** Attempts that ended in a harness error: neither passed nor failed. */
  harnessErrors: number;
  passed: number;
  /** passed / scored (0 when nothing was scored). */
  accuracy: number;
  /** Wilson 95% interval of passed over scored. */
  ci95: [number, number];
}

/** True when the attempt ended in a harness error instead of a model verdict. */
export function isHarnessError(result: Pick<SampleResult, "error">): boolean {
  return result.error !== null && result.error !== undefined;
}

/** The attempts with a model verdict. */
export function scoredResults<R extends Pick<SampleResult, "error">>(results: readonly R[]): R[] {
  return results.filter((result) => !isHarnessError(result));
}

/** Accuracy over the scored attempts of `results`, harness errors beside it. */
export function scoredAccuracy(results: readonly Pick<SampleResult, "error" | "passed">[]): ScoredAccuracy {
  const scored = scoredResults(results);
  // A harness error never passes (the runner records it failed); counted over scored ones anyway.
  const passed = scored.filter((result) => result.passed).length;
  return {
    n: results.length,
    scored: scored.length,
    harnessErrors: results.length - scored.length,
    passed,
    accuracy: scored.length === 0 ? 0 : passed / scored.length,
    ci95: wilsonInterval(passed, scored.length),
  };
}
