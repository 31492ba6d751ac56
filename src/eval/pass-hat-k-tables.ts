/**
 * pass^k tables of a run's results for k = 1..repeats (summary.json's `passHatK` and
 * `passHatKCi95`), over the samples that have all their attempts; undefined without repeats.
 */
import { passHatK, type TrialCounts } from "../stats/pass-hat-k.js";
import { passHatKInterval } from "../stats/pass-hat-k-interval.js";
import type { SampleResult } from "./sample-result.js";

/** Attempts and passes per sample id, for the samples with exactly `repeats` attempts. */
function fullCounts(results: readonly SampleResult[], repeats: number): TrialCounts[] {
  const counts = new Map<string, TrialCounts>();
  for (const result of results) {
    const count = counts.get(result.id) ?? { n: 0, c: 0 };
    count.n += 1;
    if (result.passed) count.c += 1;
    counts.set(result.id, count);
  }
  return [...counts.values()].filter((count) => count.n === repeats);
}

/** Bootstrap 95% intervals of pass^k, keyed by k. */
export function passHatKIntervals(
  results: readonly SampleResult[],
  repeats: number,
): Record<string, [number, number]> | undefined {
  if (repeats < 2) return undefined;
  const full = fullCounts(results, repeats);
  if (full.length === 0) return undefined;
  const table: Record<string, [number, number]> = {};
  for (let k = 1; k <= repeats; k += 1) table[String(k)] = passHatKInterval(full, k);
  return table;
}

/** pass^k, keyed by k. */
export function passHatKTable(
  results: readonly SampleResult[],
  repeats: number,
): Record<string, number> | undefined {
  if (repeats < 2) return undefined;
  const full = fullCounts(results, repeats);
  if (full.length === 0) return undefined;
  const table: Record<string, number> = {};
  for (let k = 1; k <= repeats; k += 1) table[String(k)] = passHatK(full, k);
  return table;
}
