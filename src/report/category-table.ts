/**
 * The report's "Results by category" table: harness errors beside accuracy (which is over scored
 * attempts, src/eval/scored-accuracy.ts) with its interval (and pass^k with repeats),
 * the health columns, and, when any category ran agent or conversation samples, the agent figures
 * (mean progress, user turns, model steps and tool calls per attempt, confirmations asked). The
 * overall row's agent figures are computed from the results the same way summary.json does it.
 */

import { categoryHealth, categoryKey, healthOf } from "../eval/category-health.js";
import type { SampleResult } from "../eval/sample-result.js";
import {
  type AgentCategorySummary,
  agentSummary,
  type CategorySummary,
  type EvalSummary,
} from "../eval/summary.js";
import {
  namedNumericColumns,
  type TableCell,
  type TableColumn,
  type TableView,
  tableHtml,
} from "../html/html-table.js";
import { notAScoreCaption, notAScoreCell, notAScoreInline } from "../html/not-a-score.js";
import { percentInterval as interval, percent } from "../text/percent.js";
import type { EvalRunData } from "./run-data.js";
import { categoryLabel } from "./sample-view.js";

type Health = ReturnType<typeof healthOf>;

interface Counts {
  n: number;
  /** Absent in a summary.json written before harness errors were counted per category. */
  harnessErrors?: number;
  passed: number;
  /** Attempts with a model verdict; 0: accuracy is shown as n/a. */
  scored?: number;
  accuracy: number;
  ci95: [number, number];
  passHatK?: Record<string, number>;
}

/** The run's prompt reuse as a clause of the note under the table ("" when not reported). */
function reuseNote(summary: EvalSummary): string {
  const reuse = summary.promptReuse;
  if (reuse === null || reuse === undefined) return "";
  return ` · prompt reuse ${percent(reuse.fraction)} of ${reuse.inputTokens} prompt tokens`;
}

/** The agent figures of a group of results (null when none ran an agent): summary.json's means. */
export function agentFigures(results: readonly SampleResult[]): AgentCategorySummary | null {
  return agentSummary(results) ?? null;
}

function agentCells(agent: AgentCategorySummary | null | undefined, noise: boolean): TableCell[] {
  if (agent === null || agent === undefined) return ["-", "-", "-", "-", "-"];
  const number = (value: unknown, digits: number): string =>
    typeof value === "number" && Number.isFinite(value) ? value.toFixed(digits) : "-";
  return [
    // Progress is a score (milestones reached): noise on random weights.
    typeof agent.meanProgress !== "number" ? "-" : noise ? notAScoreCell : percent(agent.meanProgress),
    number(agent.meanUserTurns, 1),
    number(agent.meanSteps, 1),
    number(agent.meanToolCalls, 1),
    number(agent.confirmationsAsked, 0),
  ];
}

interface RowParts {
  label: string;
  /** Random weights: scores read "—" (src/html/not-a-score.ts). */
  noise: boolean;
  counts: Counts;
  health: Health | undefined;
  agent: AgentCategorySummary | null | undefined;
}

/** Accuracy and its interval: "n/a" without scored attempts, "—" on random weights. */
function accuracyCells(counts: Counts, noise: boolean): TableCell[] {
  if (counts.scored === 0) return ["n/a", "n/a"];
  return noise ? [notAScoreCell, notAScoreCell] : [percent(counts.accuracy), interval(counts.ci95)];
}

function tableRow(parts: RowParts, summary: EvalSummary, replay: boolean, withAgent: boolean): TableCell[] {
  const { counts, health, noise } = parts;
  const median = (value: number | null | undefined, digits: number): string =>
    value === null || value === undefined || replay ? "n/a" : value.toFixed(digits);
  const errors = counts.harnessErrors ?? health?.harnessErrors;
  const cells: TableCell[] = [
    parts.label,
    String(counts.n),
    errors === undefined ? "-" : String(errors),
    String(counts.passed),
    ...accuracyCells(counts, noise),
  ];
  if (summary.repeats > 1)
    cells.push(
      counts.passHatK === undefined
        ? "-"
        : noise
          ? notAScoreCell
          : percent(counts.passHatK[String(summary.repeats)] ?? 0),
    );
  cells.push(
    health ? `${health.parseFailures}/${health.outputs}` : "-",
    health ? percent(health.stuckRate) : "-",
    health ? percent(health.lengthRate) : "-",
    median(health?.ttftMsMedian, 0),
    median(health?.decodeTokensPerSecondMedian, 1),
  );
  if (withAgent) cells.push(...agentCells(parts.agent, noise));
  return cells;
}

function columns(summary: EvalSummary, withAgent: boolean): TableColumn[] {
  const headers: string[] = ["n", "harness errors", "passed", "accuracy", "95% CI"];
  if (summary.repeats > 1) headers.push(`pass^${summary.repeats}`);
  headers.push("parse failures", "stuck", "token limit", "TTFT p50 (ms)", "decode p50 (tok/s)");
  if (withAgent) headers.push("progress", "user turns", "steps", "tool calls", "confirmations");
  return namedNumericColumns("suite / category", headers);
}

function categoryAgent(
  category: CategorySummary,
  results: readonly SampleResult[],
): AgentCategorySummary | null {
  if (category.agent !== undefined) return category.agent;
  // A summary.json written before agent figures existed: computed from the category's results.
  return agentFigures(
    results.filter((result) => result.suite === category.suite && result.category === category.category),
  );
}

/**
 * The category table's view, and whether it has the agent columns. `noise` (random weights):
 * accuracy, its interval, pass^k and progress read "—"; counts, health and speeds stay.
 */
export function categoryTableView(evalData: EvalRunData, noise = false): TableView & { withAgent: boolean } {
  const { summary, results } = evalData;
  const health = new Map(
    categoryHealth(results).map((entry) => [categoryKey(entry.suite, entry.category), entry]),
  );
  // A replay model's timings measure the harness, not a model.
  const replay = evalData.record.model.kind === "replay";
  const overallAgent = agentFigures(results);
  const withAgent =
    overallAgent !== null || summary.categories.some((category) => category.agent !== undefined);
  const rows = summary.categories.map((category) =>
    tableRow(
      {
        label: categoryLabel(category.suite, category.category),
        noise,
        counts: category,
        health: health.get(categoryKey(category.suite, category.category)),
        agent: withAgent ? categoryAgent(category, results) : null,
      },
      summary,
      replay,
      withAgent,
    ),
  );
  rows.push(
    tableRow(
      {
        label: "overall",
        noise,
        counts: summary.overall,
        health: healthOf("overall", "overall", results),
        agent: overallAgent,
      },
      summary,
      replay,
      withAgent,
    ),
  );
  return {
    id: "categories",
    ...(withAgent ? { className: "with-agent" } : {}),
    columns: columns(summary, withAgent),
    rows,
    withAgent,
  };
}

/** The section (empty for a bench-only run); `noise`: the model has random weights. */
export function categoryTable(evalData: EvalRunData | undefined, noise = false): string {
  if (evalData === undefined) return "";
  const { summary } = evalData;
  const view = categoryTableView(evalData, noise);
  const { withAgent } = view;
  const noiseNote = noise
    ? `\n${notAScoreCaption("n, harness errors, passed, parse failures, stuck and token-limit rates and speeds are measured as usual")}`
    : "";
  const macro = noise ? notAScoreInline() : percent(summary.overall.macroAccuracy);
  const errorsNote =
    summary.harnessErrors > 0
      ? `\n<p class="muted">Accuracy is over scored attempts: ${summary.harnessErrors} attempt${summary.harnessErrors === 1 ? "" : "s"} ended in a harness error (no model verdict; the sample's explanation says why) and ${summary.harnessErrors === 1 ? "is" : "are"} counted beside it, not as wrong answers.</p>`
      : "";
  const agentNote = withAgent
    ? '\n<p class="muted">Agent figures (agent and conversation samples only): progress is the mean score (milestones reached in order, 0 when a minefield was hit); user turns, steps (model calls) and tool calls are means per attempt; confirmations are all asked in the category.</p>'
    : "";
  return `<section id="summary">
<h2>Results by category</h2>
<div class="table-scroll">${tableHtml(view)}</div>
<p class="muted">macro accuracy ${macro} over ${summary.categories.length} categories · ${summary.overall.samples} samples${summary.repeats > 1 ? ` × ${summary.repeats} repeats` : ""} · harness errors ${summary.harnessErrors} · cached ${summary.cached}${reuseNote(summary)}</p>${noiseNote}${errorsNote}${agentNote}
</section>`;
}
