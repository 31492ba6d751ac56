/**
 * The report's "Results by category" table: accuracy with its interval (and pass^k with repeats),
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
import { percentInterval as interval, percent } from "../text/percent.js";
import { escapeHtml } from "./html-page.js";
import type { EvalRunData } from "./run-data.js";
import { categoryLabel } from "./sample-view.js";

type Health = ReturnType<typeof healthOf>;

interface Counts {
  n: number;
  passed: number;
  accuracy: number;
  ci95: [number, number];
  passHatK?: Record<string, number>;
}

function cell(text: string, numeric = false): string {
  return `<td${numeric ? ' class="num"' : ""}>${escapeHtml(text)}</td>`;
}

/** The agent figures of a group of results (null when none ran an agent): summary.json's means. */
export function agentFigures(results: readonly SampleResult[]): AgentCategorySummary | null {
  return agentSummary(results) ?? null;
}

function agentCells(agent: AgentCategorySummary | null | undefined): string {
  if (agent === null || agent === undefined)
    return ["-", "-", "-", "-", "-"].map((text) => cell(text, true)).join("");
  const number = (value: unknown, digits: number): string =>
    typeof value === "number" && Number.isFinite(value) ? value.toFixed(digits) : "-";
  return [
    typeof agent.meanProgress === "number" ? percent(agent.meanProgress) : "-",
    number(agent.meanUserTurns, 1),
    number(agent.meanSteps, 1),
    number(agent.meanToolCalls, 1),
    number(agent.confirmationsAsked, 0),
  ]
    .map((text) => cell(text, true))
    .join("");
}

interface RowParts {
  label: string;
  counts: Counts;
  health: Health | undefined;
  agent: AgentCategorySummary | null | undefined;
}

function tableRow(parts: RowParts, summary: EvalSummary, replay: boolean, withAgent: boolean): string {
  const { counts, health } = parts;
  const median = (value: number | null | undefined, digits: number): string =>
    value === null || value === undefined || replay ? "n/a" : value.toFixed(digits);
  const cells = [
    cell(parts.label),
    cell(String(counts.n), true),
    cell(String(counts.passed), true),
    cell(percent(counts.accuracy), true),
    cell(interval(counts.ci95), true),
  ];
  if (summary.repeats > 1)
    cells.push(cell(counts.passHatK ? percent(counts.passHatK[String(summary.repeats)] ?? 0) : "-", true));
  cells.push(
    cell(health ? `${health.parseFailures}/${health.outputs}` : "-", true),
    cell(health ? percent(health.stuckRate) : "-", true),
    cell(health ? percent(health.lengthRate) : "-", true),
    cell(median(health?.ttftMsMedian, 0), true),
    cell(median(health?.decodeTokensPerSecondMedian, 1), true),
  );
  if (withAgent) cells.push(agentCells(parts.agent));
  return `<tr>${cells.join("")}</tr>`;
}

function headerRow(summary: EvalSummary, withAgent: boolean): string {
  const headers = ["suite / category", "n", "passed", "accuracy", "95% CI"];
  if (summary.repeats > 1) headers.push(`pass^${summary.repeats}`);
  headers.push("parse failures", "stuck", "token limit", "TTFT p50 (ms)", "decode p50 (tok/s)");
  if (withAgent) headers.push("progress", "user turns", "steps", "tool calls", "confirmations");
  return headers
    .map((header, index) => `<th${index > 0 ? ' class="num"' : ""}>${escapeHtml(header)}</th>`)
    .join("");
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

/** The section (empty for a bench-only run). */
export function categoryTable(evalData: EvalRunData | undefined): string {
  if (evalData === undefined) return "";
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
        counts: summary.overall,
        health: healthOf("overall", "overall", results),
        agent: overallAgent,
      },
      summary,
      replay,
      withAgent,
    ),
  );
  const agentNote = withAgent
    ? '\n<p class="muted">Agent figures (agent and conversation samples only): progress is the mean score (milestones reached in order, 0 when a minefield was hit); user turns, steps (model calls) and tool calls are means per attempt; confirmations are all asked in the category.</p>'
    : "";
  return `<section id="summary">
<h2>Results by category</h2>
<div class="table-scroll"><table id="categories"${withAgent ? ' class="with-agent"' : ""}><thead><tr>${headerRow(summary, withAgent)}</tr></thead><tbody>
${rows.join("\n")}
</tbody></table></div>
<p class="muted">macro accuracy ${percent(summary.overall.macroAccuracy)} over ${summary.categories.length} categories · ${summary.overall.samples} samples${summary.repeats > 1 ? ` × ${summary.repeats} repeats` : ""} · harness errors ${summary.harnessErrors} · cached ${summary.cached}</p>${agentNote}
</section>`;
}
