/**
 * Order statistics for benchmark runs: min, median and max of a handful of timings, and
 * quantiles for the spread of pairwise ratios in the llama-bench comparison.
 */

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
  const sorted = sortedCopy(values, "quantile");
  const position = q * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const fraction = position - lower;
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * fraction;
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
