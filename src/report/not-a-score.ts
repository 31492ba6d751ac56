/**
 * How report pages show a figure of a random-weight run that would read as a score (accuracy, its
 * interval, pass^k, macro accuracy, utility, attack success, differences and p-values between
 * runs): `—`, with the reason in a title attribute and one caption line under the table. What
 * passed on random weights is chance, not a measurement of a model. Counts (n, passed, harness
 * errors), parse failures, stuck and token-limit rates, and speed and memory stay: they are
 * measured as usual. results.json and summary.json keep every figure (machine-readable, with
 * `randomWeights: true`); only the pages say "not a score".
 */
import { randomWeightsNotAScore } from "../eval/summary-table.js";
import { escapeHtml } from "./html-page.js";
import type { TableCell } from "./html-table.js";
import type { RunData } from "./run-data.js";

export { randomWeightsNotAScore };

/** The text shown in place of a score. */
export const notAScoreText = "—";

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

/**
 * True when a run's figures are noise: its model has random weights (summary, run.json's
 * provenance or the stored bench says so). Read tolerantly: a partial run reads as trained.
 */
export function isNoise(run: RunData): boolean {
  const data = run as {
    eval?: { summary?: { randomWeights?: unknown }; record?: { model?: { randomWeights?: unknown } } };
    bench?: { randomWeights?: unknown };
  };
  return (
    data.eval?.summary?.randomWeights === true ||
    data.eval?.record?.model?.randomWeights === true ||
    data.bench?.randomWeights === true
  );
}
