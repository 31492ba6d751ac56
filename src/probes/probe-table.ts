/**
 * The terminal view of a probe: one row per step (size, attempts, accuracy with its interval,
 * median prompt tokens, median time to first token, or why the step was skipped), then the
 * largest step within the tolerance of the smallest.
 */
import pc from "picocolors";
import { percent } from "../text/percent.js";
import { textTable } from "../text/text-table.js";
import type { ProbeSummary } from "./probe-summary.js";

function table(rows: readonly string[][]): string {
  return textTable(rows, {
    align: (index, columns) => (index === 0 || index === columns - 1 ? "left" : "right"),
    trimEnd: true,
  });
}

/** Renders the probe section; `randomWeights` adds the warning line; `color` adds ANSI colours. */
export function renderProbeTable(
  probe: ProbeSummary,
  runDirectory: string,
  randomWeights: boolean,
  color = false,
): string {
  const paint = color ? pc : { bold: (text: string) => text, yellow: (text: string) => text };
  const lines: string[] = [];
  if (randomWeights)
    lines.push(paint.yellow("RANDOM WEIGHTS: accuracy is noise; prompt sizes and timings only"));
  lines.push(
    paint.bold(
      `${probe.kind === "tools" ? "Tool-count" : "Context"} probe: ${probe.baseRequests} requests of ${probe.baseSuite}` +
        (probe.context.size === null ? "" : `, context ${probe.context.size}`),
    ),
  );
  const rows = [
    [
      "step",
      probe.kind === "tools" ? "tools" : "prior tokens",
      "n",
      "accuracy [95%]",
      "prompt tok p50",
      "TTFT p50 ms",
      "note",
    ],
  ];
  for (const step of probe.steps) {
    const prior = probe.kind === "context" ? Number(step.facts.priorTokens ?? step.value) : step.value;
    rows.push([
      step.category,
      String(prior),
      String(step.n),
      step.accuracy === null || step.ci95 === null
        ? "-"
        : `${percent(step.accuracy)} [${percent(step.ci95[0])}, ${percent(step.ci95[1])}]`,
      step.promptTokens === null
        ? "-"
        : `${Math.round(step.promptTokens.p50)}${probe.promptTokensEstimated ? "~" : ""}`,
      step.ttftMs === null ? "-" : step.ttftMs.p50.toFixed(0),
      step.status === "skipped"
        ? `skipped: ${step.reason}`
        : step.status === "partial"
          ? "partial (interrupted)"
          : "",
    ]);
  }
  lines.push(table(rows));
  if (probe.largestWithinTolerance !== null && probe.reference !== null)
    lines.push(
      `largest step within ${percent(probe.tolerance)} of ${probe.reference.category} (${percent(probe.reference.accuracy)}): ` +
        `${probe.largestWithinTolerance.category} (${percent(probe.largestWithinTolerance.accuracy)})`,
    );
  if (probe.promptTokensEstimated)
    lines.push("~ prompt tokens estimated (ceil(characters / 4)), not counted");
  lines.push(`run directory: ${runDirectory}`);
  return `${lines.join("\n")}\n`;
}
