/**
 * The turn-by-turn view of a BFCL multi-turn result, from the scorer's details: per turn, the
 * model's calls (step by step) with their results beside the ground truth's calls and results,
 * and the first turn that failed.
 */
import type { TextBudget } from "./clip-text.js";

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** One turn as the page shows it. */
export interface MultiTurnTurnView {
  turn: number;
  /** The model's calls, one list per step. */
  calls: string[][];
  /** Their results, one list per step. */
  results: string[][];
  groundTruthCalls: string[];
  groundTruthResults: string[];
}

/** A multi-turn result's turns. */
export interface MultiTurnView {
  kind: "multi-turn";
  firstFailingTurn: number | null;
  turns: MultiTurnTurnView[];
}

function strings(value: unknown, budget: TextBudget): string[] {
  return Array.isArray(value) ? value.map((item) => budget.take(String(item)).text) : [];
}

function steps(value: unknown, budget: TextBudget): string[][] {
  return Array.isArray(value) ? value.map((step) => strings(step, budget)) : [];
}

/** The view of a multi-turn scorer's details, or null when `details` is not one. */
export function multiTurnView(details: unknown, budget: TextBudget): MultiTurnView | null {
  if (!isObject(details) || !Array.isArray(details.turns) || !("firstFailingTurn" in details)) return null;
  const turns = details.turns.filter(isObject).map(
    (turn, index): MultiTurnTurnView => ({
      turn: typeof turn.turn === "number" ? turn.turn : index,
      calls: steps(turn.calls, budget),
      results: steps(turn.results, budget),
      groundTruthCalls: strings(turn.groundTruthCalls, budget),
      groundTruthResults: strings(turn.groundTruthResults, budget),
    }),
  );
  const first = details.firstFailingTurn;
  return { kind: "multi-turn", firstFailingTurn: typeof first === "number" ? first : null, turns };
}
