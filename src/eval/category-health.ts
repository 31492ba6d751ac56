/**
 * Health figures per (suite, category), computed from a run's results the way summary.json
 * computes them for the whole run: parse failures, outputs cut off by the token limit, outputs
 * stuck repeating (over model outputs, harness errors excluded), and the medians of time to first
 * token and decode speed (over model calls not served from the cache).
 */

import { medianOrNull as median } from "../stats/quantile.js";
import type { SampleResult } from "./sample-result.js";
import { decodeSpeed } from "./summary.js";

/** Health of one category (or of the whole run, with `suite` and `category` set to "overall"). */
export interface CategoryHealth {
  suite: string;
  category: string;
  /** Model outputs (attempts without a harness error). */
  outputs: number;
  parseFailures: number;
  /** Share of outputs that stopped on the token limit. */
  lengthRate: number;
  /** Share of outputs whose tail is a degenerate repetition. */
  stuckRate: number;
  harnessErrors: number;
  /** Median time to first token in ms, or null when no call was measured. */
  ttftMsMedian: number | null;
  /** Median decode speed in tokens/s, or null when no call was measured. */
  decodeTokensPerSecondMedian: number | null;
}

function rate(count: number, total: number): number {
  return total === 0 ? 0 : count / total;
}

/** Health of one group of results. */
export function healthOf(suite: string, category: string, results: readonly SampleResult[]): CategoryHealth {
  const outputs = results.filter((result) => result.error === null);
  const measured = outputs.filter((result) => !result.cached && result.timing !== null);
  return {
    suite,
    category,
    outputs: outputs.length,
    parseFailures: outputs.filter((result) => result.parseFailure).length,
    lengthRate: rate(outputs.filter((result) => result.finishReason === "length").length, outputs.length),
    stuckRate: rate(outputs.filter((result) => result.stuck).length, outputs.length),
    harnessErrors: results.length - outputs.length,
    ttftMsMedian: median(measured.map((result) => result.timing?.firstTokenMs ?? 0)),
    decodeTokensPerSecondMedian: median(measured.flatMap((result) => decodeSpeed(result) ?? [])),
  };
}

/** The key a (suite, category) pair is grouped under. */
export function categoryKey(suite: string, category: string): string {
  return `${suite}\u0000${category}`;
}

/** Health per (suite, category), in the order categories first appear in `results`. */
export function categoryHealth(results: readonly SampleResult[]): CategoryHealth[] {
  const groups = new Map<string, SampleResult[]>();
  for (const result of results) {
    const key = categoryKey(result.suite, result.category);
    const list = groups.get(key);
    if (list === undefined) groups.set(key, [result]);
    else list.push(result);
  }
  return [...groups.values()].map((list) => healthOf(list[0]!.suite, list[0]!.category, list));
}
