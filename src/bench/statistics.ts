/**
 * Order statistics for benchmark runs: min, median and max of a handful of timings, and
 * quantiles for the spread of pairwise ratios in the llama-bench comparison. The interpolation
 * itself is src/stats/quantile.ts; these checked versions throw on empty or non-finite input.
 */
import { sortedQuantile } from "../stats/quantile.js";

/** Minimum, median and maximum of a set of measurements. */
export interface Spread {
  min: number;
  median: number;
  max: number;
}

function sortedCopy(values: readonly number[], what: string): number[] {
  if (values.length === 0) throw new RangeError(`${what}: no values`);
  for (const value of values) {
    if (!Number.isFinite(value)) throw new RangeError(`${what}: not a finite number: ${value}`);
  }
  return [...values].sort((a, b) => a - b);
}

/**
 * The `q`-quantile (0 ≤ q ≤ 1) by linear interpolation between closest ranks (numpy's default
 * "linear" method): q = 0.5 of an even count is the mean of the two middle values.
 */
export function quantile(values: readonly number[], q: number): number {
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantile: q must be within [0, 1], got ${q}`);
  return sortedQuantile(sortedCopy(values, "quantile"), q);
}

/** The median (the mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

/** Min, median and max. Throws RangeError for an empty list or a non-finite value. */
export function summarise(values: readonly number[]): Spread {
  const sorted = sortedCopy(values, "summarise");
  return { min: sorted[0]!, median: median(sorted), max: sorted[sorted.length - 1]! };
}

/** A confidence interval for a median, with the coverage it actually has. */
export interface MedianInterval {
  lower: number;
  upper: number;
  /** The interval's exact coverage (at least the level asked for). */
  coverage: number;
}

/** P(B ≤ k) for B ~ Binomial(n, 1/2), exactly for the sample sizes a benchmark has. */
function binomialHalfCdf(n: number, k: number): number {
  let term = 0.5 ** n; // C(n, 0) / 2^n
  let sum = term;
  for (let i = 1; i <= k; i += 1) {
    term = (term * (n - i + 1)) / i;
    sum += term;
  }
  return sum;
}

/**
 * The distribution-free confidence interval for the median of `values` from order statistics:
 * [x(k), x(n−k+1)] with the largest k whose two tails, P(B ≤ k−1) each for B ~ Binomial(n, 1/2),
 * leave a coverage of at least `level`. It assumes only that the values are independent draws of
 * one distribution (pairwise ratios of alternating runs), not that they are normal. Undefined when
 * there are too few values for any such interval (fewer than 6 at 0.95).
 */
export function medianInterval(values: readonly number[], level = 0.95): MedianInterval | undefined {
  if (!(level > 0 && level < 1))
    throw new RangeError(`medianInterval: level must be within (0, 1), got ${level}`);
  const sorted = sortedCopy(values, "medianInterval");
  const n = sorted.length;
  let k = 0;
  while (k + 1 <= n / 2 && 1 - 2 * binomialHalfCdf(n, k) >= level) k += 1;
  if (k === 0) return undefined;
  return { lower: sorted[k - 1]!, upper: sorted[n - k]!, coverage: 1 - 2 * binomialHalfCdf(n, k - 1) };
}
