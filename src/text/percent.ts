/**
 * Rates as people read them, in the terminal and in reports: one decimal of a percent, an
 * interval as two percents in brackets.
 */

/** A rate in [0, 1] as a percentage with one decimal: `0.125` → `12.5%`. */
export function percent(value: number): string {
  return `${(100 * value).toFixed(1)}%`;
}

/** `part` of `whole` as {@link percent}, or `n/a` when `whole` is 0. */
export function percentOf(part: number, whole: number): string {
  return whole === 0 ? "n/a" : `${((100 * part) / whole).toFixed(1)}%`;
}

/** An interval of rates as `[lo, hi]` in percent with one decimal, no percent signs. */
export function percentInterval([low, high]: readonly [number, number]): string {
  return `[${(100 * low).toFixed(1)}, ${(100 * high).toFixed(1)}]`;
}

/**
 * A difference of rates in percentage points with its sign, one decimal: `0.05` → `+5.0 pp`;
 * `unit` is what follows the number (default `" pp"`); `n/a` for null (no pairs).
 */
export function signedPoints(difference: number | null, unit = " pp"): string {
  if (difference === null) return "n/a";
  const points = 100 * difference;
  return `${points >= 0 ? "+" : ""}${points.toFixed(1)}${unit}`;
}
