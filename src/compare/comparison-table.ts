/**
 * The terminal view of a quantisation comparison: the models (quantisation, size, sha256), one
 * row per category with each model's accuracy and interval and, for every model after the first,
 * the paired difference, McNemar p-value and agreement; the flipped samples; then speed and
 * memory side by side, and the warnings. A random-weight model's accuracy reads "—", and so do Δ,
 * p and agreement against or with one (noise); n and speed and memory stay.
 */
import pc from "picocolors";
import { randomWeightsNotAScore } from "../eval/summary-table.js";
import { formatBytes } from "../text/byte-units.js";
import { percent, signedPoints } from "../text/percent.js";
import { textTable } from "../text/text-table.js";
import type { CategoryComparison } from "./baseline-differences.js";
import type { ComparedModel, QuantComparison } from "./quant-comparison.js";

function pValue(value: number): string {
  return value < 0.001 ? "<0.001" : value.toFixed(3);
}

function table(rows: readonly string[][]): string {
  return textTable(rows, { trimEnd: true });
}

/** The text in place of a score of a random-weight model. */
const notAScore = "—";

/** True when the model has random weights (its provenance or its bench says so). */
function isRandom(model: ComparedModel | undefined): boolean {
  const bench = model?.bench;
  return (
    model?.provenance?.randomWeights === true ||
    (typeof bench === "object" && bench !== null && bench.randomWeights === true)
  );
}

/** `noise[i]`: model i has random weights. */
function categoryRow(row: CategoryComparison, noise: readonly boolean[]): string[] {
  const name = row.suite === "all" ? "overall" : `${row.suite}/${row.category}`;
  const cells = [name, String(row.models[0]?.n ?? 0)];
  for (const [index, model] of row.models.entries()) {
    cells.push(
      noise[index]
        ? notAScore
        : `${percent(model.accuracy)} [${percent(model.ci95[0])}, ${percent(model.ci95[1])}]`,
    );
    const paired = index === 0 ? undefined : row.paired[index - 1];
    if (paired === undefined) continue;
    if (noise[0] || noise[index]) cells.push(notAScore, notAScore, notAScore);
    else
      cells.push(
        signedPoints(paired.difference, "pp"),
        pValue(paired.pValue),
        paired.agreement === null ? "n/a" : percent(paired.agreement),
      );
  }
  return cells;
}

function speedCells(model: ComparedModel): string[] {
  // A replay model's timings measure the harness, not a model.
  const timed = model.provenance?.kind !== "replay";
  const ttft = timed ? model.speed?.ttftMs : undefined;
  const decode = timed ? model.speed?.decodeTokensPerSecond : undefined;
  const bench = typeof model.bench === "object" && model.bench !== null ? model.bench : undefined;
  const median = (test: string): string => {
    const found = bench?.results.find((result) => result.test === test);
    return found === undefined ? "-" : found.tokensPerSecond.median.toFixed(1);
  };
  const prefill = bench?.results.find((result) => result.test.startsWith("pp"));
  const decodeTest = bench?.results.find((result) => result.test.startsWith("tg"));
  return [
    model.label,
    ttft ? ttft.p50.toFixed(0) : "n/a",
    decode ? decode.p50.toFixed(1) : "n/a",
    model.speed?.loadMs === null || model.speed?.loadMs === undefined ? "n/a" : model.speed.loadMs.toFixed(0),
    model.memory?.peakRssBytes ? formatBytes(model.memory.peakRssBytes) : "n/a",
    prefill ? `${prefill.test} ${median(prefill.test)}` : "-",
    decodeTest ? `${decodeTest.test} ${median(decodeTest.test)}` : "-",
    bench
      ? bench.peakRssBytes === null
        ? "n/a"
        : formatBytes(bench.peakRssBytes)
      : typeof model.bench === "string"
        ? "not measured"
        : "-",
  ];
}

/** Renders the comparison; `color` adds ANSI colours. */
export function renderComparisonTable(comparison: QuantComparison, color = false): string {
  const paint = color ? pc : { bold: (text: string) => text, yellow: (text: string) => text };
  const lines: string[] = [];
  if (comparison.randomWeights)
    lines.push(paint.yellow("RANDOM WEIGHTS: accuracy is noise; speed and memory only"));
  lines.push(paint.bold(`Models (baseline: ${comparison.baseline})`));
  lines.push(
    table(
      comparison.models.map((model) => [
        model.label,
        model.provenance?.quantisation ?? "-",
        model.provenance?.fileBytes ? formatBytes(model.provenance.fileBytes) : "-",
        model.provenance?.sha256
          ? `sha256:${model.provenance.sha256.slice(0, 12)}`
          : (model.provenance?.identity ?? "-"),
        model.status,
        model.runDir ?? "-",
      ]),
    ),
  );
  if (comparison.overall !== null) {
    const header = ["category", "n"];
    comparison.models.forEach((model, index) => {
      header.push(model.label);
      if (index > 0) header.push("Δ", "p", "agree");
    });
    const noise = comparison.models.map(isRandom);
    lines.push("", paint.bold("Accuracy [Wilson 95%]; Δ and exact McNemar p against the baseline"));
    lines.push(
      table([
        header,
        ...comparison.categories.map((row) => categoryRow(row, noise)),
        categoryRow(comparison.overall, noise),
      ]),
    );
    if (noise.some(Boolean))
      lines.push(
        paint.yellow(
          `${notAScore}: ${randomWeightsNotAScore}; Δ, p and agreement against a random-weight model are noise (n is a count)`,
        ),
      );
    const flipLines: string[] = [];
    for (const category of comparison.categories)
      for (const paired of category.paired)
        for (const flip of paired.flips ?? [])
          flipLines.push(
            `  ${category.category}  ${flip.id}${flip.repeat > 0 ? `#${flip.repeat}` : ""}  ${paired.label}: ${flip.direction === "lost" ? "pass→fail" : "fail→pass"}${flip.errorType ? ` (${flip.errorType})` : ""}`,
          );
    if (flipLines.length > 0) {
      lines.push("", paint.bold(`Flipped against ${comparison.baseline} (${flipLines.length})`));
      lines.push(...flipLines.slice(0, 40));
      if (flipLines.length > 40) lines.push(`  ... ${flipLines.length - 40} more in comparison.json`);
    }
  }
  lines.push("", paint.bold("Speed and memory"));
  lines.push(
    table([
      [
        "model",
        "TTFT p50 ms",
        "decode tok/s",
        "load ms",
        "peak RSS",
        "bench pp",
        "bench tg",
        "bench peak RSS",
      ],
      ...comparison.models.map(speedCells),
    ]),
  );
  for (const warning of comparison.warnings) lines.push(paint.yellow(`warning: ${warning}`));
  lines.push(`comparison: ${comparison.directory}/comparison.json`);
  return `${lines.join("\n")}\n`;
}
