/**
 * The charts section of a run report: accuracy by category with intervals; speed by prompt
 * length (the stored bench's prefill tests, and every measured call of the eval); accuracy
 * against tool count or context length when the run is a probe (summary.json's `probe` section,
 * src/probes); and quantisations side by side when other runs are given. A random-weight run's
 * accuracy is not drawn (a one-line note says why, src/report/not-a-score.ts); its speeds are.
 */
import type { SampleResult } from "../eval/sample-result.js";
import { decodeSpeed } from "../eval/summary.js";
import { notAScoreChartNote, randomWeightsNotAScore } from "../html/not-a-score.js";
import { countNoun } from "../text/count-noun.js";
import { chartFigure, escapeHtml } from "./html-page.js";
import { isNoise } from "./not-a-score.js";
import {
  type AccuracyPoint,
  accuracyChart,
  type CallPoint,
  callScatterChart,
  type ProbePoint,
  probeChart,
  type SeriesAccuracyPoint,
  type SpeedPoint,
  scatterLimit,
  sideBySideAccuracyChart,
  speedChart,
} from "./plot-charts.js";
import type { RunData } from "./run-data.js";
import { runLabel } from "./run-data.js";
import { categoryLabel } from "./sample-view.js";

/** Accuracy points of a run's categories (and the overall row when there are several). */
export function accuracyPoints(run: RunData, withOverall: boolean): AccuracyPoint[] {
  const summary = run.eval?.summary;
  if (summary === undefined) return [];
  const points = summary.categories.map((category) => ({
    label: categoryLabel(category.suite, category.category),
    accuracy: category.accuracy,
    low: category.ci95[0],
    high: category.ci95[1],
    n: category.n,
  }));
  if (withOverall && points.length > 1)
    points.push({
      label: "overall",
      accuracy: summary.overall.accuracy,
      low: summary.overall.ci95[0],
      high: summary.overall.ci95[1],
      n: summary.overall.n,
    });
  return points;
}

/** Labels of runs for a legend, made unique. */
export function seriesLabels(runs: readonly RunData[]): string[] {
  const labels: string[] = [];
  for (const run of runs) {
    const base = runLabel(run);
    let label = base;
    for (let index = 2; labels.includes(label); index += 1) label = `${base} #${index}`;
    labels.push(label);
  }
  return labels;
}

/**
 * Side-by-side accuracy of several runs, under `title` with `note`: random-weight runs are left
 * out of the chart and named in a line; a one-line note alone when every run has random weights.
 */
export function sideBySideFigure(
  title: string,
  runs: readonly RunData[],
  labels: readonly string[],
  note: string,
): string {
  const drawn = runs.flatMap((run, index) =>
    isNoise(run) ? [] : [{ run, label: labels[index] ?? String(index) }],
  );
  if (drawn.length === 0) return runs.length === 0 ? "" : notAScoreChartNote(title);
  const points: SeriesAccuracyPoint[] = drawn.flatMap(({ run, label }) =>
    accuracyPoints(run, true).map((point) => ({ ...point, series: label })),
  );
  const left = labels.filter((_, index) => runs[index] !== undefined && isNoise(runs[index]));
  const leftNote =
    left.length === 0
      ? ""
      : `\n<p class="not-a-score-note">Left out of the chart: ${escapeHtml(left.join(", "))} (${escapeHtml(randomWeightsNotAScore)}).</p>`;
  return `${chartFigure(
    title,
    sideBySideAccuracyChart(
      points,
      drawn.map(({ label }) => label),
    ),
    note,
  )}${leftNote}`;
}

function callPoints(
  results: readonly SampleResult[],
  value: (result: SampleResult) => number | undefined,
): CallPoint[] {
  const points: CallPoint[] = [];
  for (const result of results) {
    if (result.error !== null || result.cached || result.timing === null || result.usage === null) continue;
    const measured = value(result);
    if (measured !== undefined && Number.isFinite(measured))
      points.push({ tokens: result.usage.inputTokens, value: measured });
  }
  return points;
}

/**
 * A probe's steps as chart points, read tolerantly from summary.json's `probe` section; with
 * `noise` (random weights) a one-line note in its place.
 */
export function probeFigure(summary: unknown, noise = false): string {
  const probe = (summary as { probe?: unknown } | undefined)?.probe as
    | { kind?: unknown; steps?: unknown; largestWithinTolerance?: { value?: unknown } | null }
    | undefined;
  if (typeof probe !== "object" || probe === null || !Array.isArray(probe.steps)) return "";
  const points: ProbePoint[] = [];
  for (const step of probe.steps as Record<string, unknown>[]) {
    const { value, accuracy, ci95, n } = step;
    if (typeof value !== "number" || typeof accuracy !== "number" || !Array.isArray(ci95)) continue;
    points.push({ x: value, accuracy, low: Number(ci95[0]), high: Number(ci95[1]), n: Number(n) });
  }
  const tools = probe.kind === "tools";
  const largest = probe.largestWithinTolerance?.value;
  const title = tools ? "Accuracy against tool count" : "Accuracy against context length";
  if (noise) return points.length === 0 ? "" : notAScoreChartNote(title);
  return chartFigure(
    title,
    probeChart(points, tools ? "tools offered" : "prior conversation (tokens)"),
    typeof largest === "number" ? `(largest step within tolerance: ${largest})` : undefined,
  );
}

function benchSpeedFigures(run: RunData): string[] {
  const tests = run.bench?.tests ?? [];
  const threads = new Set(tests.map((test) => test.threads));
  const series = (threadCount: number | null, what: string): string =>
    threads.size > 1 && threadCount !== null ? `${what}, ${countNoun(threadCount, "thread")}` : what;
  const prefill: SpeedPoint[] = tests
    .filter((test) => test.kind === "pp" && test.tokens !== null)
    .map((test) => ({
      tokens: test.tokens as number,
      value: test.tokensPerSecond.median,
      low: test.tokensPerSecond.min,
      high: test.tokensPerSecond.max,
      series: series(test.threads, "prefill"),
    }));
  const firstToken: SpeedPoint[] = tests
    .filter((test) => test.kind === "pp" && test.tokens !== null && test.firstTokenMs !== null)
    .map((test) => ({
      tokens: test.tokens as number,
      value: test.firstTokenMs?.median ?? 0,
      low: test.firstTokenMs?.min,
      high: test.firstTokenMs?.max,
      series: series(test.threads, "time to first token"),
    }));
  const decode = tests.filter((test) => test.kind === "tg");
  const decodeNote =
    decode.length === 0
      ? undefined
      : `decode: ${decode.map((test) => `${test.test} ${test.tokensPerSecond.median.toFixed(1)} tok/s`).join(", ")}`;
  return [
    chartFigure(
      "Bench: prefill speed by prompt length",
      speedChart(prefill, "tokens/s (median, min–max)"),
      decodeNote,
    ),
    chartFigure(
      "Bench: time to first token by prompt length",
      speedChart(firstToken, "ms (median, min–max)"),
    ),
  ];
}

function thinnedNote(count: number): string {
  return count > scatterLimit
    ? `(${countNoun(count, "call")}, ${scatterLimit} of them drawn, evenly spaced)`
    : `(${countNoun(count, "call")})`;
}

/** The charts section (empty string when there is nothing to chart). */
export function reportCharts(run: RunData, others: readonly RunData[] = []): string {
  const figures: string[] = [];
  const results = run.eval?.results ?? [];
  const noise = isNoise(run);
  const accuracy = accuracyChart(accuracyPoints(run, true));
  figures.push(
    noise
      ? accuracy === null
        ? ""
        : notAScoreChartNote("Accuracy by category")
      : chartFigure("Accuracy by category", accuracy, "(Wilson 95% intervals)"),
  );
  figures.push(...benchSpeedFigures(run));
  if (run.eval?.record.model.kind === "replay")
    figures.push(
      `<p class="muted">Eval speed charts left out: a replay model's timings measure the harness, not a model.</p>`,
    );
  else {
    const ttft = callPoints(results, (result) => result.timing?.firstTokenMs);
    figures.push(
      chartFigure(
        "Eval: time to first token by prompt length",
        callScatterChart(ttft, "ms"),
        thinnedNote(ttft.length),
      ),
    );
    const decode = callPoints(results, decodeSpeed);
    figures.push(
      chartFigure(
        "Eval: decode speed by prompt length",
        callScatterChart(decode, "tokens/s"),
        thinnedNote(decode.length),
      ),
    );
  }
  figures.push(probeFigure(run.eval?.summary, noise));
  if (others.length > 0) {
    const runs = [run, ...others];
    figures.push(
      sideBySideFigure("Quantisations side by side", runs, seriesLabels(runs), "(accuracy per category)"),
    );
  }
  const body = figures.filter((figure) => figure !== "").join("\n");
  return body === "" ? "" : `<section id="charts" class="charts">\n<h2>Charts</h2>\n${body}\n</section>`;
}
