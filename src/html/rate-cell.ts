/**
 * How the report's tables show a rate: percent, 95% interval and counts, or "n/a" without
 * attempts; a score of a random-weight run reads "—" with its counts (src/html/not-a-score.ts).
 */
import { percent, percentInterval } from "../text/percent.js";
import type { TableCell } from "./html-table.js";
import { notAScoreText, randomWeightsNotAScore } from "./not-a-score.js";

/** A rate with its count and Wilson 95% interval (the shape of eval's `RateFigure` and the security `Rate`). */
export interface RateCounts {
  n: number;
  count: number;
  rate: number;
  ci95: [number, number];
}

/** `72.0% [61.2–80.8] (36/50)`, or `n/a` when there is nothing to rate. */
export function rateCell(figure: RateCounts | undefined): string {
  if (figure === undefined || figure.n === 0) return "n/a";
  return `${percent(figure.rate)} ${percentInterval(figure.ci95)} (${figure.count}/${figure.n})`;
}

/**
 * A score's cell: as {@link rateCell}, or with `noise` (random weights) `— (36/50)`: the counts,
 * no rate, the reason as its title.
 */
export function scoreCell(figure: RateCounts | undefined, noise: boolean): TableCell {
  if (!noise || figure === undefined || figure.n === 0) return rateCell(figure);
  return { text: `${notAScoreText} (${figure.count}/${figure.n})`, title: randomWeightsNotAScore };
}
