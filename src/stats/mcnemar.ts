/**
 * Exact McNemar test for paired pass/fail outcomes (the same samples run under two conditions):
 * only the discordant pairs carry information. Under the null hypothesis that both conditions
 * pass equally often, each discordant pair is "only A passed" or "only B passed" with
 * probability one half, so the count of one kind is Binomial(discordant, 1/2). The two-sided
 * p-value is twice the smaller tail, capped at 1.
 */

/** The outcome of an exact McNemar test. */
export interface McNemarResult {
  /** Two-sided exact p-value in [0, 1]; 1 when there are no discordant pairs. */
  pValue: number;
  /** Number of discordant pairs: `onlyA + onlyB`. */
  discordant: number;
}

/**
 * Exact two-sided McNemar test.
 * @param onlyA pairs where only condition A passed
 * @param onlyB pairs where only condition B passed
 */
export function mcnemarExact(onlyA: number, onlyB: number): McNemarResult {
  for (const [name, value] of [
    ["onlyA", onlyA],
    ["onlyB", onlyB],
  ] as const) {
    if (!Number.isInteger(value) || value < 0)
      throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  }
  const discordant = onlyA + onlyB;
  if (discordant === 0) return { pValue: 1, discordant };
  const smaller = Math.min(onlyA, onlyB);
  return { pValue: Math.min(1, 2 * lowerTailHalf(smaller, discordant)), discordant };
}

/**
 * P(X <= k) for X ~ Binomial(n, 1/2). Up to n = 1000 the terms C(n, i) / 2^n are summed directly
 * (2^-1000 is still a normal double, and small tables come out exact); beyond, in log space, so
 * that n in the tens of thousands neither overflows nor underflows before the end.
 */
function lowerTailHalf(k: number, n: number): number {
  if (n <= 1000) {
    let term = 2 ** -n;
    let sum = term;
    for (let index = 0; index < k; index += 1) {
      term = (term * (n - index)) / (index + 1);
      sum += term;
    }
    return sum;
  }
  const logHalfPower = -n * Math.LN2;
  let logTerm = logHalfPower; // log(C(n, 0) / 2^n)
  let logSum = logTerm;
  for (let index = 0; index < k; index += 1) {
    logTerm += Math.log(n - index) - Math.log(index + 1);
    const high = Math.max(logSum, logTerm);
    logSum = high + Math.log(Math.exp(logSum - high) + Math.exp(logTerm - high));
  }
  return Math.exp(logSum);
}
