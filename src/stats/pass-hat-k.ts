/**
 * Repeated-trial metrics for samples run `n` times each with `c` passes:
 * - pass@1 = mean over samples of c / n;
 * - pass^k = mean over samples of C(c, k) / C(n, k): the chance that k draws without replacement
 *   from a sample's n attempts all pass (reliability; tau-bench's estimator);
 * - pass@k = mean over samples of 1 - C(n - c, k) / C(n, k): the chance that at least one of k
 *   draws passes (the unbiased estimator of the Codex paper).
 */

/** One sample's attempts: `n` runs, `c` of them passed. */
export interface TrialCounts {
  n: number;
  c: number;
}

/** The binomial coefficient C(n, k) as a float (exact for the small n of repeated runs). */
export function binomial(n: number, k: number): number {
  if (!Number.isInteger(n) || !Number.isInteger(k))
    throw new RangeError(`binomial needs integers, got ${n}, ${k}`);
  if (k < 0 || k > n) return 0;
  const smaller = Math.min(k, n - k);
  let result = 1;
  // Each step leaves C(n - smaller + index, index), an integer; rounding removes float drift.
  for (let index = 1; index <= smaller; index += 1)
    result = Math.round((result * (n - smaller + index)) / index);
  return result;
}

function check(samples: readonly TrialCounts[], k: number): void {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a whole number >= 1, got ${k}`);
  for (const { n, c } of samples) {
    if (!Number.isInteger(n) || !Number.isInteger(c) || c < 0 || c > n)
      throw new RangeError(`each sample needs whole numbers 0 <= c <= n, got c=${c}, n=${n}`);
    if (n < k) throw new RangeError(`k=${k} is more than a sample's ${n} attempts`);
  }
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Mean over samples of c / n (0 for no samples). */
export function passAt1(samples: readonly TrialCounts[]): number {
  check(samples, 1);
  return mean(samples.map(({ n, c }) => c / n));
}

/** Mean over samples of C(c, k) / C(n, k) (0 for no samples). Throws when a sample has fewer than k attempts. */
export function passHatK(samples: readonly TrialCounts[], k: number): number {
  check(samples, k);
  return mean(samples.map(({ n, c }) => binomial(c, k) / binomial(n, k)));
}

/** Mean over samples of 1 - C(n - c, k) / C(n, k) (0 for no samples). */
export function passAtK(samples: readonly TrialCounts[], k: number): number {
  check(samples, k);
  return mean(samples.map(({ n, c }) => 1 - binomial(n - c, k) / binomial(n, k)));
}
