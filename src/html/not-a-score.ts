/**
 * How report pages show a figure of a random-weight run that would read as a score (accuracy, its
 * interval, pass^k, macro accuracy, utility, attack success, differences and p-values between
 * runs): `—`, with the reason in a title attribute and one caption line under the table. What
 * passed on random weights is chance, not a measurement of a model. Counts (n, passed, harness
 * errors), parse failures, stuck and token-limit rates, and speed and memory stay: they are
 * measured as usual. results.json and summary.json keep every figure (machine-readable, with
 * `randomWeights: true`); only the pages say "not a score". Whether a run is noise is the report's
 * question (src/report/not-a-score.ts).
 */
import { notAScoreText, randomWeightsNotAScore } from "../text/not-a-score.js";
import { escapeHtml } from "./escape-html.js";
import type { TableCell } from "./html-table.js";

export { notAScoreText, randomWeightsNotAScore } from "../text/not-a-score.js";

/** A table cell in place of a score: `—`, its title giving the reason. */
export const notAScoreCell: TableCell = { text: notAScoreText, title: randomWeightsNotAScore };

/** A paired figure (difference, p-value) with a random-weight run on either side. */
export const pairedNoiseReason = "random weights: the difference is noise";

/** A table cell in place of a difference or p-value between runs where either has random weights. */
export const pairedNoiseCell: TableCell = { text: notAScoreText, title: pairedNoiseReason };

/** `—` inline in running text, with the reason as its title and after it in words. */
export function notAScoreInline(): string {
  return `<span class="not-a-score" title="${escapeHtml(randomWeightsNotAScore)}">${notAScoreText}</span> (${escapeHtml(randomWeightsNotAScore)})`;
}

/**
 * The caption line under a table whose scores read `—`: what the dash means and, in `kept`, the
 * figures of the table that are still measurements.
 */
export function notAScoreCaption(kept: string): string {
  return `<p class="not-a-score-note">${notAScoreText}: ${escapeHtml(randomWeightsNotAScore)}. What passed on random weights is chance, not a measurement of a model; ${escapeHtml(kept)}.</p>`;
}

/** The one line that takes the place of an accuracy chart of a random-weight run. */
export function notAScoreChartNote(chart: string): string {
  return `<p class="not-a-score-note">${escapeHtml(chart)}: not drawn (${escapeHtml(randomWeightsNotAScore)}; what passed is chance).</p>`;
}
