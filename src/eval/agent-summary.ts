/**
 * What the agent and conversation samples of a group did: progress, turns, steps, tool calls,
 * confirmations, tool errors, and (where the scorer reports them in its details) policy
 * violations and transfers to a human. Part of the run summary (summary.ts).
 */
import type { SampleResult } from "./sample-result.js";

/** What agent samples of a category did, as means over attempts. */
export interface AgentCategorySummary {
  /** Mean graded score (milestone progress, 0 when a minefield was hit). */
  meanProgress: number;
  meanUserTurns: number;
  /** Model calls. */
  meanSteps: number;
  meanToolCalls: number;
  /** Confirmations asked, all attempts together. */
  confirmationsAsked: number;
  /** Tool calls that ended in an error (shown to the model), all attempts together. */
  toolErrors: number;
  /** Writes the policy forbids (minefields hit), all attempts together, where the scorer reports them (`details.violations`). */
  violations?: number;
  /** Transfers to a human, all attempts together, where the scorer reports them (`details.transfers`). */
  transfers?: number;
}

/** A numeric field of a result's score details, if the scorer recorded one. */
function detailNumber(result: SampleResult, field: string): number | undefined {
  const details = result.scoreDetails;
  if (typeof details !== "object" || details === null) return undefined;
  const value = (details as Record<string, unknown>)[field];
  return typeof value === "number" ? value : undefined;
}

/** The agent figures of a group of results; undefined when none ran an agent. */
export function agentSummary(list: readonly SampleResult[]): AgentCategorySummary | undefined {
  const agents = list.filter((result) => result.trajectory !== undefined && result.trajectory !== null);
  if (agents.length === 0) return undefined;
  const mean = (value: (result: SampleResult) => number) =>
    agents.reduce((sum, result) => sum + value(result), 0) / agents.length;
  const total = (value: (result: SampleResult) => number) =>
    agents.reduce((sum, result) => sum + value(result), 0);
  const reported = (field: string) => {
    const values = agents.map((result) => detailNumber(result, field));
    return values.every((value) => value === undefined)
      ? {}
      : { [field]: values.reduce<number>((sum, value) => sum + (value ?? 0), 0) };
  };
  return {
    meanProgress: mean((result) => result.score),
    meanUserTurns: mean((result) => result.trajectory?.userTurns ?? 0),
    meanSteps: mean((result) => result.trajectory?.steps ?? 0),
    meanToolCalls: mean((result) => result.trajectory?.toolCalls ?? 0),
    confirmationsAsked: total((result) => result.trajectory?.confirmationsAsked ?? 0),
    toolErrors: total(
      (result) =>
        result.trajectory?.events.filter((event) => event.type === "tool" && event.outcome?.ok === false)
          .length ?? 0,
    ),
    ...reported("violations"),
    ...reported("transfers"),
  };
}
