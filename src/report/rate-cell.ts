/** How the report's tables show a rate: percent, 95% interval and counts, or "n/a" without attempts. */
import type { RateFigure } from "../eval/rate-figure.js";
import { percent, percentInterval } from "../text/percent.js";

/** `72.0% [61.2–80.8] (36/50)`, or `n/a` when there is nothing to rate. */
export function rateCell(figure: RateFigure | undefined): string {
  if (figure === undefined || figure.n === 0) return "n/a";
  return `${percent(figure.rate)} ${percentInterval(figure.ci95)} (${figure.count}/${figure.n})`;
}
