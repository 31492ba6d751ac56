/**
 * The terminal form of a comparison: both runs named, a table per category (accuracy of A and of
 * B, the paired difference B − A, the discordant counts and the McNemar p-value), the samples that
 * flipped (the first few of each kind per category), then speed and memory side by side. A side
 * with random weights reads "—" for its accuracy, and so do B − A and the p-value (noise).
 */
import pc from "picocolors";
import { notAScoreText, randomWeightsNotAScore } from "../text/not-a-score.js";
import { percent, signedPoints } from "../text/percent.js";
import { columnWidths, alignRow as pad } from "../text/text-table.js";
import { speedMemoryRows } from "./speed-memory.js";
import type { CategoryComparison, Comparison } from "./two-run-comparison.js";

/** Sample keys listed per category and direction before "+N more". */
export const flippedListed = 8;

/** A p-value as text: 3 significant digits, `<1e-6` below that. */
export function formatPValue(value: number): string {
  if (value < 1e-6) return "<1e-6";
  if (value >= 0.01) return value.toFixed(3);
  return value.toPrecision(2);
}

/** Which sides have random weights: their accuracy, and any difference between the two, are noise. */
interface Noise {
  a: boolean;
  b: boolean;
}

function row(entry: CategoryComparison, noise: Noise): string[] {
  const paired = noise.a || noise.b;
  return [
    entry.label,
    String(entry.paired.n),
    entry.a === null ? "n/a" : noise.a ? notAScoreText : percent(entry.a.accuracy),
    entry.b === null ? "n/a" : noise.b ? notAScoreText : percent(entry.b.accuracy),
    paired && entry.difference !== null ? notAScoreText : signedPoints(entry.difference),
    String(entry.paired.onlyA),
    String(entry.paired.onlyB),
    paired ? notAScoreText : formatPValue(entry.pValue),
  ];
}

function listed(keys: readonly string[]): string {
  const shown = keys.slice(0, flippedListed).join(", ");
  return keys.length > flippedListed ? `${shown}, +${keys.length - flippedListed} more` : shown;
}

/** Renders the comparison; `color` adds ANSI colours. */
export function renderComparison(comparison: Comparison, color = false): string {
  const paint = pc.createColors(color);
  const lines: string[] = [];
  lines.push(`A: ${comparison.a.label}  (${comparison.a.runDir})`);
  lines.push(`B: ${comparison.b.label}  (${comparison.b.runDir})`);
  for (const [name, run] of [
    ["A", comparison.a],
    ["B", comparison.b],
  ] as const)
    if (run.randomWeights)
      lines.push(
        paint.yellow(`random weights in ${name}: its accuracy is noise, not a measurement of a model`),
      );
  if (comparison.forced)
    lines.push(
      paint.yellow(
        `--force: compared although suite versions differ (${comparison.suites
          .filter((suite) => !suite.same)
          .map((suite) => suite.name)
          .join(", ")})`,
      ),
    );
  const noise: Noise = { a: comparison.a.randomWeights, b: comparison.b.randomWeights };
  const header = ["suite / category", "pairs", "A", "B", "B − A", "only A", "only B", "McNemar p"];
  const rows = comparison.categories.map((entry) => row(entry, noise));
  const overall = row(comparison.overall, noise);
  const widths = columnWidths([header, ...rows, overall]);
  lines.push("", paint.bold(pad(header, widths)));
  for (const [index, cells] of rows.entries()) {
    const entry = comparison.categories[index];
    const text = pad(cells, widths);
    const significant =
      entry !== undefined && entry.pValue < 0.05 && entry.difference !== null && !noise.a && !noise.b;
    lines.push(significant ? ((entry.difference ?? 0) > 0 ? paint.green(text) : paint.red(text)) : text);
  }
  lines.push(paint.bold(pad(overall, widths)));
  lines.push(
    "A, B: accuracy over each run's scored attempts; B − A, only A, only B and McNemar p (exact, two-sided) over the pairs.",
  );
  if (noise.a || noise.b)
    lines.push(
      paint.yellow(
        `${notAScoreText}: ${randomWeightsNotAScore}; B − A and McNemar p against a random-weight run are noise (pairs, only A and only B are counts)`,
      ),
    );
  const errorsA = comparison.overall.a?.harnessErrors ?? 0;
  const errorsB = comparison.overall.b?.harnessErrors ?? 0;
  if (errorsA > 0 || errorsB > 0)
    lines.push(
      paint.yellow(
        `harness errors (no model verdict; neither in accuracy nor in the pairs): ${errorsA} in A, ${errorsB} in B`,
      ),
    );
  if (comparison.unpaired.onlyInA > 0 || comparison.unpaired.onlyInB > 0)
    lines.push(
      paint.yellow(
        `not paired: ${comparison.unpaired.onlyInA} attempts only in A, ${comparison.unpaired.onlyInB} only in B`,
      ),
    );
  const flips = comparison.categories.filter(
    (entry) => entry.flipped.onlyA.length > 0 || entry.flipped.onlyB.length > 0,
  );
  if (flips.length > 0) lines.push("", paint.bold("flipped samples"));
  for (const entry of flips) {
    if (entry.flipped.onlyB.length > 0)
      lines.push(
        `${entry.label}: passed only in B (${entry.flipped.onlyB.length}): ${listed(entry.flipped.onlyB)}`,
      );
    if (entry.flipped.onlyA.length > 0)
      lines.push(
        `${entry.label}: passed only in A (${entry.flipped.onlyA.length}): ${listed(entry.flipped.onlyA)}`,
      );
  }
  const speed = speedMemoryRows(
    [comparison.speedMemory.a, comparison.speedMemory.b],
    [noise.a, noise.b],
  ).filter(([, values]) => values.some((value) => value !== "n/a"));
  if (speed.length > 0) {
    const speedRows = speed.map(([name, values]) => [name, ...values]);
    const speedHeader = ["speed and memory", "A", "B"];
    const speedWidths = columnWidths([speedHeader, ...speedRows]);
    lines.push("", paint.bold(pad(speedHeader, speedWidths)));
    for (const cells of speedRows) lines.push(pad(cells, speedWidths));
  }
  return `${lines.join("\n")}\n`;
}
