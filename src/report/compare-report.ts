/**
 * The compare page: both runs' provenance side by side, the per-category comparison with the
 * McNemar test, accuracy (and bench speed) of the two runs charted side by side, speed and memory,
 * and a table of the samples that flipped, where a row opens both transcripts next to each other.
 * A side with random weights reads "—" for its accuracy, and so do B − A and the p-value (the
 * difference is noise); counts, speed and memory stay (src/html/not-a-score.ts).
 */
import type { SampleResult } from "../eval/sample-result.js";
import { namedNumericColumns, type TableCell, type TableView, tableHtml } from "../html/html-table.js";
import { notAScoreCaption, notAScoreCell, pairedNoiseCell } from "../html/not-a-score.js";
import { securityFiguresOfRun } from "../suites/security/security-text.js";
import { percentInterval as interval, percent, signedPoints } from "../text/percent.js";
import { seriesLabels, sideBySideFigure } from "./charts-section.js";
import { formatPValue } from "./compare-text.js";
import { figureSection } from "./figure-sections.js";
import { chartFigure, escapeHtml, htmlPage } from "./html-page.js";
import { pageScript } from "./page-script.js";
import { type SpeedPoint, speedChart } from "./plot-charts.js";
import { provenanceFacts, runBanners } from "./provenance-section.js";
import type { RunData } from "./run-data.js";
import { sampleTableSection } from "./sample-table.js";
import { categoryLabel, resultKeyOf, sampleView } from "./sample-view.js";
import { speedMemoryTable } from "./speed-memory.js";
import type { CategoryComparison, Comparison } from "./two-run-comparison.js";

function accuracyCell(value: CategoryComparison["a"], noise: boolean): TableCell {
  if (value === null) return "n/a";
  return noise ? notAScoreCell : `${percent(value.accuracy)} ${interval(value.ci95)}`;
}

function comparisonRow(entry: CategoryComparison, comparison: Comparison): TableCell[] {
  const noiseA = comparison.a.randomWeights;
  const noiseB = comparison.b.randomWeights;
  const paired = noiseA || noiseB;
  return [
    entry.label,
    String(entry.paired.n),
    accuracyCell(entry.a, noiseA),
    accuracyCell(entry.b, noiseB),
    paired && entry.difference !== null ? pairedNoiseCell : signedPoints(entry.difference),
    String(entry.paired.onlyA),
    String(entry.paired.onlyB),
    paired ? pairedNoiseCell : formatPValue(entry.pValue),
  ];
}

/**
 * The comparison table's view: one row per category, then the overall row. A random-weight side's
 * accuracy, and B − A and the p-value when either side has random weights, read "—".
 */
export function comparisonTableView(comparison: Comparison, labels: readonly string[]): TableView {
  return {
    id: "categories",
    columns: namedNumericColumns("suite / category", [
      "pairs",
      `A: ${labels[0]}`,
      `B: ${labels[1]}`,
      "B − A",
      "only A",
      "only B",
      "McNemar p",
    ]),
    rows: [...comparison.categories, comparison.overall].map((entry) => comparisonRow(entry, comparison)),
  };
}

/** The caption line under the comparison when a side has random weights ("" when none has). */
function noiseCaption(comparison: Comparison): string {
  const sides = [...(comparison.a.randomWeights ? ["A"] : []), ...(comparison.b.randomWeights ? ["B"] : [])];
  if (sides.length === 0) return "";
  return `\n${notAScoreCaption(
    `${sides.join(" and ")} ${sides.length === 1 ? "has" : "have"} random weights, so B − A and its McNemar p are noise too; pairs, only A and only B are counts`,
  )}`;
}

function categoryTable(comparison: Comparison, labels: readonly string[]): string {
  return `<section id="comparison">
<h2>Accuracy by category</h2>
${tableHtml(comparisonTableView(comparison, labels))}${noiseCaption(comparison)}
<p class="muted">A and B: accuracy over each run's attempts with Wilson 95% intervals. B − A, only A (passed in A, failed in B), only B and the exact two-sided McNemar p-value: over the attempts both runs have (same sample and repeat). Harness errors count as failures.</p>
</section>`;
}

function benchSpeed(runs: readonly RunData[], labels: readonly string[]): string {
  const points: SpeedPoint[] = runs.flatMap((run, index) =>
    (run.bench?.tests ?? [])
      .filter((test) => test.kind === "pp" && test.tokens !== null)
      .map((test) => ({
        tokens: test.tokens as number,
        value: test.tokensPerSecond.median,
        low: test.tokensPerSecond.min,
        high: test.tokensPerSecond.max,
        series: labels[index] ?? String(index),
      })),
  );
  return chartFigure(
    "Bench: prefill speed by prompt length",
    speedChart(points, "tokens/s (median, min–max)"),
  );
}

/** Flipped rows for the page script: both runs' views of each flipped attempt. */
function flippedRows(comparison: Comparison, a: RunData, b: RunData) {
  const withRepeat = (a.eval?.summary.repeats ?? 1) > 1 || (b.eval?.summary.repeats ?? 1) > 1;
  const index = (results: readonly SampleResult[]) =>
    new Map(results.map((result) => [resultKeyOf(result, withRepeat), result]));
  const resultsA = index(a.eval?.results ?? []);
  const resultsB = index(b.eval?.results ?? []);
  const rows = [];
  for (const entry of comparison.categories)
    for (const [passedIn, keys] of [
      ["a", entry.flipped.onlyA],
      ["b", entry.flipped.onlyB],
    ] as const)
      for (const key of keys) {
        const resultA = resultsA.get(key);
        const resultB = resultsB.get(key);
        if (resultA === undefined || resultB === undefined) continue;
        rows.push({
          key,
          category: categoryLabel(resultA.suite, resultA.category),
          passedIn,
          a: sampleView(resultA, withRepeat),
          b: sampleView(resultB, withRepeat),
        });
      }
  return rows;
}

/** Renders the compare page. */
export function renderCompareReport(
  comparison: Comparison,
  a: RunData,
  b: RunData,
  generatedAt?: string,
): string {
  const labels = seriesLabels([a, b]);
  const rows = flippedRows(comparison, a, b);
  const forced = comparison.forced
    ? `<div class="banner warn">Compared with --force although suite versions differ: ${escapeHtml(
        comparison.suites
          .filter((suite) => !suite.same)
          .map((suite) => `${suite.name} (${suite.versionA} in A, ${suite.versionB} in B)`)
          .join(", "),
      )}.</div>`
    : "";
  const body = `<header>
<h1>edgecall compare: ${escapeHtml(labels[0] ?? "A")} vs ${escapeHtml(labels[1] ?? "B")}</h1>
<p class="muted">generated ${escapeHtml(generatedAt ?? new Date().toISOString())}</p>
${forced}
</header>
<section id="provenance">
<h2>Runs</h2>
<div class="columns">
<div><h3>A: ${escapeHtml(labels[0] ?? "")}</h3>${runBanners(a)}${provenanceFacts(a)}</div>
<div><h3>B: ${escapeHtml(labels[1] ?? "")}</h3>${runBanners(b)}${provenanceFacts(b)}</div>
</div>
</section>
${categoryTable(comparison, labels)}
${figureSection(securityFiguresOfRun, [a, b], labels)}
<section id="charts" class="charts">
<h2>Side by side</h2>
${sideBySideFigure("Accuracy by category", [a, b], labels, "(Wilson 95% intervals)")}
${benchSpeed([a, b], labels)}
<h3>Speed and memory</h3>
${speedMemoryTable(
  labels,
  [comparison.speedMemory.a, comparison.speedMemory.b],
  [comparison.a.randomWeights, comparison.b.randomWeights],
)}
</section>
${sampleTableSection({
  heading: "Flipped samples",
  note: `${rows.length} attempts passed in one run and failed in the other. Open a row to see both transcripts side by side.`,
  verdictLabel: "passed in",
  verdictOptions: [
    ["", "either run"],
    ["a", `A only (${labels[0]})`],
    ["b", `B only (${labels[1]})`],
  ],
  columns: ["sample", "category", "A", "B", "passed only in", "A explanation", "B explanation"],
})}`;
  return htmlPage({
    title: `edgecall compare: ${labels[0]} vs ${labels[1]}`,
    body,
    data: {
      mode: "compare",
      categories: [...new Set(rows.map((row) => row.category))],
      labels: { a: labels[0], b: labels[1] },
      rows,
      pageSize: 50,
    },
    script: pageScript,
  });
}
