/**
 * How the report's tables show a rate: percent, 95% interval and counts, or "n/a" without
 * attempts; a score of a random-weight run reads "—" with its counts (src/report/not-a-score.ts).
 */
import type { RateFigure } from "../eval/rate-figure.js";
import { percent, percentInterval } from "../text/percent.js";
import type { TableCell } from "./html-table.js";
import { notAScoreText, randomWeightsNotAScore } from "./not-a-score.js";

/** `72.0% [61.2–80.8] (36/50)`, or `n/a` when there is nothing to rate. */
export function rateCell(figure: RateFigure | undefined): string {
  if (figure === undefined || figure.n === 0) return "n/a";
  return `${percent(figure.rate)} ${percentInterval(figure.ci95)} (${figure.count}/${figure.n})`;
}

/**
 * A score's cell: as {@link rateCell}, or with `noise` (random weights) `— (36/50)`: the counts,
 * no rate, the reason as its title.
 */
export function scoreCell(figure: RateFigure | undefined, noise: boolean): TableCell {
  if (!noise || figure === undefined || figure.n === 0) return rateCell(figure);
  return { text: `${notAScoreText} (${figure.count}/${figure.n})`, title: randomWeightsNotAScore };
}
