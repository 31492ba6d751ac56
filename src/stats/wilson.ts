/**
 * Wilson score interval for a binomial proportion: a confidence interval for an accuracy
 * measured on `n` samples that stays inside [0, 1] and behaves at 0 and n successes.
 */

/** The two-sided 95% normal quantile. */
export const z95 = 1.959964;

/**
 * Wilson interval `[lower, upper]` for `passed` successes out of `n` at quantile `z`.
 * With no samples the interval is `[0, 1]` (nothing is known).
 */
export function wilsonInterval(passed: number, n: number, z: number = z95): [number, number] {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`n must be a non-negative integer, got ${n}`);
  if (!Number.isInteger(passed) || passed < 0 || passed > n)
    throw new RangeError(`passed must be an integer between 0 and n (${n}), got ${passed}`);
  if (n === 0) return [0, 1];
  const proportion = passed / n;
  const zSquared = z * z;
  const denominator = 1 + zSquared / n;
  const center = (proportion + zSquared / (2 * n)) / denominator;
  const halfWidth =
    (z / denominator) * Math.sqrt((proportion * (1 - proportion)) / n + zSquared / (4 * n * n));
  const lower = passed === 0 ? 0 : Math.max(0, center - halfWidth);
  const upper = passed === n ? 1 : Math.min(1, center + halfWidth);
  return [lower, upper];
}
