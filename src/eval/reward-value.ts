/**
 * The reward of one scored attempt, the same number for `reward`, `export --as rewards` and
 * `env serve`: the suite's score when its scorer passed the attempt, 0 otherwise. A graded scorer
 * (loops:instructions grades the share of instructions kept) gives partial scores to failed
 * attempts, and an empty reply trivially keeps some instructions ("no commas"); a reward for
 * training must not pay a counterfeit or a model that does nothing, so a failed attempt earns 0
 * and its graded score stays visible beside it as `score`.
 */
import type { SampleResult } from "./sample-result.js";

/** The reward of a scored attempt: `score` when it passed, else 0. */
export function rewardValue(result: Pick<SampleResult, "passed" | "score">): number {
  return result.passed ? result.score : 0;
}
