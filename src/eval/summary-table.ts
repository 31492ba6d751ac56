/**
 * The terminal summary printed after a run: one row per category (n, harness errors, passed,
 * accuracy over scored attempts, Wilson 95% interval, pass^k with repeats), the overall row, for agent suites a table of milestone
 * progress, turns, steps, tool calls and confirmations asked, then the health figures. Given per-category
 * health (src/eval/category-health.ts), each row also shows parse failures, stuck and
 * token-limit rates, and the TTFT and decode-speed medians.
 */

import pc from "picocolors";
import { countNoun } from "../text/count-noun.js";
import { randomWeightsNotAScore } from "../text/not-a-score.js";
import { percentInterval as interval, percent } from "../text/percent.js";
import { columnWidths, alignRow as pad } from "../text/text-table.js";
import type { CategoryHealth } from "./category-health.js";
import { figureLines, type SuiteFigures } from "./suite-figures.js";
import type { EvalSummary, Percentiles } from "./summary.js";

function spread(value: Percentiles | null, unit: string, digits: number): string {
  if (value === null) return "n/a";
  return `p50 ${value.p50.toFixed(digits)}${unit} · p90 ${value.p90.toFixed(digits)}${unit} (${countNoun(value.n, "call")})`;
}

/** A row's harness errors (from a summary written before they were counted per category: its health's, else "-"). */
function errorsCell(count: number | undefined, health: CategoryHealth | undefined): string {
  if (count !== undefined) return String(count);
  return health === undefined ? "-" : String(health.harnessErrors);
}

/** Per-category and overall health, for the extra columns of {@link renderSummaryTable}. */
export interface SummaryHealth {
  categories: readonly CategoryHealth[];
  overall: CategoryHealth;
}

function healthCells(health: CategoryHealth | undefined, timed: boolean): string[] {
  if (health === undefined) return ["-", "-", "-", "-", "-"];
  const median = (value: number | null, digits: number): string =>
    value === null || !timed ? "n/a" : value.toFixed(digits);
  return [
    `${health.parseFailures}/${health.outputs}`,
    percent(health.stuckRate),
    percent(health.lengthRate),
    median(health.ttftMsMedian, 0),
    median(health.decodeTokensPerSecondMedian, 1),
  ];
}

/** The agent table: per agent category, pass rate with its interval, progress, turns, steps, confirmations. */
function agentLines(summary: EvalSummary, paint: ReturnType<typeof pc.createColors>): string[] {
  const agents = summary.categories.filter((category) => category.agent !== undefined);
  if (agents.length === 0) return [];
  const header = [
    "agent category",
    "pass rate",
    "95% CI",
    "progress",
    "turns",
    "steps",
    "tool calls",
    "confirms",
    "tool errors",
    "violations",
    "transfers",
  ];
  const rows = agents.map((category) => {
    const agent = category.agent!;
    return [
      `${category.suite} / ${category.category}`,
      ...accuracyCells(category, summary.randomWeights),
      percent(agent.meanProgress),
      agent.meanUserTurns.toFixed(1),
      agent.meanSteps.toFixed(1),
      agent.meanToolCalls.toFixed(1),
      String(agent.confirmationsAsked),
      String(agent.toolErrors ?? 0),
      agent.violations === undefined ? "-" : String(agent.violations),
      agent.transfers === undefined ? "-" : String(agent.transfers),
    ];
  });
  const widths = columnWidths([header, ...rows]);
  return [paint.bold(pad(header, widths)), ...rows.map((row) => pad(row, widths))];
}

/** One line per category with repeats: pass^1..pass^K, each with its bootstrap 95% interval. */
function passHatKLines(summary: EvalSummary): string[] {
  return summary.categories.flatMap((category) => {
    const table = category.passHatK;
    if (table === undefined) return [];
    if (summary.randomWeights)
      return [`${category.suite} / ${category.category}: pass^k — (${randomWeightsNotAScore})`];
    const cells = Object.entries(table).map(([k, value]) => {
      const ci = category.passHatKCi95?.[k];
      return `pass^${k} ${percent(value)}${ci === undefined ? "" : ` ${interval(ci)}`}`;
    });
    return [`${category.suite} / ${category.category}: ${cells.join(" · ")}`];
  });
}

/** What a random-weight run shows instead of an accuracy (src/text/not-a-score.ts). */
export { randomWeightsNotAScore };

/**
 * Accuracy and its interval, or "n/a" twice when no attempt was scored (all harness errors), or
 * "—" twice for random weights (`noise`).
 */
function accuracyCells(
  figures: { accuracy: number; ci95: [number, number]; scored?: number },
  noise = false,
): string[] {
  if (noise) return ["—", "—"];
  return figures.scored === 0 ? ["n/a", "n/a"] : [percent(figures.accuracy), interval(figures.ci95)];
}

/** Renders the summary as text; `color` adds ANSI colours; `health` adds per-category health columns. */
export function renderSummaryTable(
  summary: EvalSummary,
  color = false,
  health?: SummaryHealth,
  figures: readonly SuiteFigures[] = [],
): string {
  const paint = pc.createColors(color);
  // A replay model's timings measure the harness (e.g. 500,000 tokens/s), not a model.
  const timed = summary.model.kind !== "replay";
  // Random weights: the scorers ran, but what passed is chance, so no accuracy is shown as one.
  const noise = summary.randomWeights;
  const withPassHat = summary.repeats > 1;
  const header = ["suite / category", "n", "harness err", "passed", "accuracy", "95% CI"];
  if (withPassHat) header.push(`pass^${summary.repeats}`);
  if (health) header.push("parse fail", "stuck", "tok limit", "TTFT p50 ms", "tok/s p50");
  const healthByKey = new Map(
    (health?.categories ?? []).map((entry) => [`${entry.suite}\u0000${entry.category}`, entry]),
  );
  const rows = summary.categories.map((category) => {
    const name = category.suite.endsWith(`:${category.category}`)
      ? category.suite
      : `${category.suite} / ${category.category}`;
    const row = [
      name,
      String(category.n),
      errorsCell(category.harnessErrors, healthByKey.get(`${category.suite}\u0000${category.category}`)),
      String(category.passed),
      ...accuracyCells(category, noise),
    ];
    if (withPassHat)
      row.push(
        noise ? "—" : category.passHatK ? percent(category.passHatK[String(summary.repeats)] ?? 0) : "-",
      );
    if (health)
      row.push(...healthCells(healthByKey.get(`${category.suite}\u0000${category.category}`), timed));
    return row;
  });
  const { overall } = summary;
  const overallRow = [
    "overall",
    String(overall.n),
    errorsCell(overall.harnessErrors ?? summary.harnessErrors, undefined),
    String(overall.passed),
    ...accuracyCells(overall, noise),
  ];
  if (withPassHat)
    overallRow.push(
      noise ? "—" : overall.passHatK ? percent(overall.passHatK[String(summary.repeats)] ?? 0) : "-",
    );
  if (health) overallRow.push(...healthCells(health.overall, timed));
  const widths = columnWidths([header, ...rows, overallRow]);
  const lines: string[] = [];
  if (noise)
    lines.push(
      paint.yellow(
        `accuracy —: ${randomWeightsNotAScore}; what passed is chance, not a measurement of a model`,
      ),
    );
  lines.push(paint.bold(pad(header, widths)));
  for (const row of rows) lines.push(pad(row, widths));
  lines.push(paint.bold(pad(overallRow, widths)));
  lines.push(...agentLines(summary, paint));
  lines.push(...passHatKLines(summary));
  if (summary.harnessErrors > 0)
    lines.push(
      paint.yellow(
        `accuracy is over scored attempts: ${summary.harnessErrors} harness error${summary.harnessErrors === 1 ? "" : "s"} ${summary.harnessErrors === 1 ? "is" : "are"} not counted as wrong (see each sample's explanation)`,
      ),
    );
  if (summary.simulatedUser !== undefined)
    lines.push(
      `simulated user: ${summary.simulatedUser === "scripted" ? "scripted (deterministic)" : `model ${summary.simulatedUser}`}`,
    );
  lines.push(
    `macro accuracy ${noise ? `— (${randomWeightsNotAScore})` : percent(overall.macroAccuracy)} over ${summary.categories.length} categories · ${overall.samples} samples` +
      (summary.repeats > 1 ? ` × ${summary.repeats} repeats` : ""),
  );
  lines.push(...figureLines(summary, figures));
  if (!summary.complete)
    lines.push(
      paint.yellow(
        `incomplete: ${overall.n} of ${summary.planned} attempts done (resume with --resume ${summary.runDir})`,
      ),
    );
  lines.push(
    `hit token limit ${percent(summary.lengthRate)} · stuck repeating ${percent(summary.stuckRate)} · harness errors ${summary.harnessErrors} · cached ${summary.cached}`,
  );
  if (timed) {
    lines.push(`time to first token: ${spread(summary.ttftMs, " ms", 0)}`);
    lines.push(`decode speed: ${spread(summary.decodeTokensPerSecond, " tok/s", 1)}`);
    if (summary.promptReuse !== null && summary.promptReuse !== undefined)
      lines.push(
        `prompt reuse: ${percent(summary.promptReuse.fraction)} of ${summary.promptReuse.inputTokens} prompt tokens were held already, not evaluated again`,
      );
  } else lines.push("time to first token, decode speed: n/a (a replay model's timings measure the harness)");
  for (const format of summary.parseFailures)
    lines.push(`parse failures (${format.format}): ${format.failures}/${format.n} (${percent(format.rate)})`);
  lines.push(`run directory: ${summary.runDir}`);
  return `${lines.join("\n")}\n`;
}
