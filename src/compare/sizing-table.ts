/**
 * The terminal view of a sizing verdict: one row per file (quantisation, size, accuracy with its
 * interval, p90 time to first token and to a finished call, peak memory, pass or FAIL per budget,
 * random weights marked, their accuracy and accuracy budget "—": noise, not a score), then the
 * verdict in words. `edgecall size` prints it above the comparison table.
 */
import pc from "picocolors";
import { randomWeightsNotAScore } from "../eval/summary-table.js";
import { formatBytes } from "../text/byte-units.js";
import { countNoun } from "../text/count-noun.js";
import { percent } from "../text/percent.js";
import { textTable } from "../text/text-table.js";
import type { BudgetCheck, SizedFile, SizingVerdict } from "./sizing-verdict.js";

function milliseconds(value: number | null): string {
  return value === null ? "n/a" : `${value.toFixed(0)} ms`;
}

function budgetCell(entry: BudgetCheck | undefined): string {
  if (entry === undefined) return "-";
  if (entry.value === null) return "FAIL (not measured)";
  return entry.meets ? "pass" : "FAIL";
}

/** The table's column headers. */
export const sizingHeaders = [
  "file",
  "quant",
  "size",
  "accuracy [Wilson 95%]",
  "TTFT p90",
  "call p90",
  "peak memory",
  "latency",
  "memory",
  "accuracy",
] as const;

/** One file's row of cell texts. */
export function sizingRow(file: SizedFile): string[] {
  return [
    file.randomWeights ? `${file.label} (random weights)` : file.label,
    file.quantisation ?? "-",
    file.fileBytes === null ? "-" : formatBytes(file.fileBytes),
    file.accuracy === null || file.ci95 === null
      ? "n/a"
      : (file.randomWeights
          ? `— n=${file.n}`
          : `${percent(file.accuracy)} [${percent(file.ci95[0])}, ${percent(file.ci95[1])}] n=${file.n}`) +
        (file.harnessErrors > 0 ? ` (${countNoun(file.harnessErrors, "harness error")})` : ""),
    milliseconds(file.ttftP90Ms),
    milliseconds(file.callP90Ms),
    file.peakMemoryBytes === null ? "n/a" : `${formatBytes(file.peakMemoryBytes)} (${file.memorySource})`,
    budgetCell(file.budgets.latency),
    budgetCell(file.budgets.memory),
    file.randomWeights && file.budgets.accuracy !== undefined ? "—" : budgetCell(file.budgets.accuracy),
  ];
}

/** The budgets in words. */
export function budgetsText(verdict: SizingVerdict): string {
  const { maxLatencyMs, maxMemoryMiB, minAccuracy } = verdict.budgets;
  const parts = [
    maxLatencyMs === undefined ? undefined : `p90 call <= ${maxLatencyMs} ms`,
    maxMemoryMiB === undefined ? undefined : `peak memory <= ${maxMemoryMiB} MiB`,
    minAccuracy === undefined ? undefined : `accuracy >= ${percent(minAccuracy)}`,
  ].filter((part) => part !== undefined);
  return parts.length === 0 ? "no budgets given" : parts.join(", ");
}

/** Renders the verdict; `color` adds ANSI colours. */
export function renderSizingTable(verdict: SizingVerdict, color = false): string {
  const paint = color ? pc : { bold: (text: string) => text, yellow: (text: string) => text };
  const lines: string[] = [paint.bold(`Sizing on this machine (${budgetsText(verdict)})`)];
  if (verdict.randomWeights)
    lines.push(
      paint.yellow(
        `RANDOM WEIGHTS: files so marked have noise for accuracy and are never recommended (accuracy —: ${randomWeightsNotAScore})`,
      ),
    );
  lines.push(textTable([[...sizingHeaders], ...verdict.files.map(sizingRow)], { trimEnd: true }));
  lines.push(`meet every budget: ${verdict.meeting.length === 0 ? "none" : verdict.meeting.join(", ")}`);
  lines.push(
    paint.bold(
      `verdict: ${verdict.recommended === null ? "none recommended" : `${verdict.recommended} recommended`}`,
    ),
  );
  lines.push(`  ${verdict.reason}`);
  return `${lines.join("\n")}\n`;
}
