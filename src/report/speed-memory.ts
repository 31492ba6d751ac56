/**
 * Speed and memory of several runs side by side: the eval's own timings (TTFT and decode-speed
 * medians over measured calls) and, where a bench is stored with a run, its load time, peak
 * memory and tokens/s per test. Used by `compare` (text, JSON, HTML) and by reports given other runs.
 * A random-weight run's overall accuracy reads "—" in the rows (the figure itself stays, for JSON).
 */

import { namedNumericColumns, tableHtml } from "../html/html-table.js";
import { notAScoreCell, notAScoreText } from "../html/not-a-score.js";
import { countNoun } from "../text/count-noun.js";
import { percent } from "../text/percent.js";
import { bytes } from "./html-page.js";
import type { RunData } from "./run-data.js";

/** One run's speed and memory figures (null where unknown). */
export interface SpeedMemory {
  quantisation: string | null;
  accuracy: number | null;
  ttftMsMedian: number | null;
  decodeTokensPerSecondMedian: number | null;
  loadMs: number | null;
  peakRssBytes: number | null;
  /** Median tokens/s per bench test name (`pp512`, `tg128`, with `@N threads` in a sweep). */
  benchTokensPerSecond: Record<string, number>;
}

/** Collects a run's figures. */
export function speedMemoryOf(run: RunData): SpeedMemory {
  const summary = run.eval?.summary;
  const bench = run.bench;
  const sweep = new Set(bench?.tests.map((test) => test.threads) ?? []).size > 1;
  const benchTokensPerSecond: Record<string, number> = {};
  for (const test of bench?.tests ?? [])
    benchTokensPerSecond[
      sweep && test.threads !== null ? `${test.test} @${countNoun(test.threads, "thread")}` : test.test
    ] = test.tokensPerSecond.median;
  // A replay model's timings measure the harness, not a model.
  const timed = run.eval?.record.model.kind !== "replay";
  return {
    quantisation: run.eval?.record.model.quantisation ?? bench?.quantisation ?? null,
    accuracy: summary === undefined ? null : summary.overall.accuracy,
    ttftMsMedian: timed ? (summary?.ttftMs?.p50 ?? null) : null,
    decodeTokensPerSecondMedian: timed ? (summary?.decodeTokensPerSecond?.p50 ?? null) : null,
    loadMs: bench?.loadMs ?? null,
    peakRssBytes: bench?.peakRssBytes ?? null,
    benchTokensPerSecond,
  };
}

/** The row of the overall accuracy (the only score among the rows). */
const accuracyRow = "overall accuracy";

/**
 * Rows of the side-by-side table: [figure name, one text per run]. `noise[i]`: run i has random
 * weights, so its accuracy reads "—".
 */
export function speedMemoryRows(
  figures: readonly SpeedMemory[],
  noise: readonly boolean[] = [],
): [string, string[]][] {
  const number = (value: number | null, digits: number, unit = ""): string =>
    value === null ? "n/a" : `${value.toFixed(digits)}${unit}`;
  const rows: [string, string[]][] = [
    ["quantisation", figures.map((figure) => figure.quantisation ?? "n/a")],
    [
      accuracyRow,
      figures.map((figure, index) =>
        figure.accuracy === null ? "n/a" : noise[index] ? notAScoreText : percent(figure.accuracy),
      ),
    ],
    ["eval TTFT p50", figures.map((figure) => number(figure.ttftMsMedian, 0, " ms"))],
    ["eval decode p50", figures.map((figure) => number(figure.decodeTokensPerSecondMedian, 1, " tok/s"))],
    ["bench load", figures.map((figure) => number(figure.loadMs, 0, " ms"))],
    [
      "bench peak RSS",
      figures.map((figure) => (figure.peakRssBytes === null ? "n/a" : bytes(figure.peakRssBytes))),
    ],
  ];
  const tests = [...new Set(figures.flatMap((figure) => Object.keys(figure.benchTokensPerSecond)))];
  for (const test of tests)
    rows.push([
      `bench ${test}`,
      figures.map((figure) => number(figure.benchTokensPerSecond[test] ?? null, 1, " tok/s")),
    ]);
  return rows;
}

/** The side-by-side table as HTML; `noise` as for {@link speedMemoryRows} (its "—" with the reason as a title). */
export function speedMemoryTable(
  labels: readonly string[],
  figures: readonly SpeedMemory[],
  noise: readonly boolean[] = [],
): string {
  return tableHtml({
    id: "speed-memory",
    columns: namedNumericColumns("figure", labels),
    rows: speedMemoryRows(figures, noise).map(([name, values]) => [
      name,
      ...values.map((value) => (name === accuracyRow && value === notAScoreText ? notAScoreCell : value)),
    ]),
  });
}
