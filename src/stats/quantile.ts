/**
 * Quantiles by linear interpolation between closest ranks (numpy's default "linear" method):
 * q = 0.5 of an even count is the mean of the two middle values. One definition for the eval
 * summary, the probes, the per-category health and the benchmarks.
 */

/** The `q`-quantile (q in [0, 1]) of values already sorted ascending; NaN for an empty list. */
export function sortedQuantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] as number;
  const high = sorted[upper] as number;
  return low + (high - low) * (position - lower);
}

/** The median of unsorted values, or null for an empty list. */
export function medianOrNull(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return sortedQuantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

/** The median and 90th percentile of a set of measurements, and how many there were. */
export interface Percentiles {
  p50: number;
  p90: number;
  n: number;
}

/** {@link Percentiles} of unsorted values, or null for an empty list. */
export function percentiles(values: readonly number[]): Percentiles | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: sortedQuantile(sorted, 0.5), p90: sortedQuantile(sorted, 0.9), n: sorted.length };
}
