/**
 * The lookup figures of a run (`assistant:knowledge`), from its results' score details: per half
 * (`local`: made-up facts, `common`: common knowledge) and overall, the accuracy, the lookup rate
 * (the share of attempts where a search or fetch result held the answer), and the accuracy of the
 * attempts that looked the answer up and of those that answered from memory, each with a Wilson
 * 95% interval. A correct answer from memory on a local fact is leakage or a guess: the figure
 * `local.accuracyWithoutLookup` should be near 0 for any honest model.
 */

import { type RateFigure, rateFigure } from "../../eval/rate-figure.js";
import type { SampleResult } from "../../eval/sample-result.js";

/** The figures of one half, or of all. */
export interface LookupFigures {
  attempts: number;
  accuracy: RateFigure;
  lookupRate: RateFigure;
  /** Accuracy over the attempts that looked the answer up. */
  accuracyWithLookup: RateFigure;
  /** Accuracy over the attempts that answered from memory. */
  accuracyWithoutLookup: RateFigure;
}

/** The lookup figures of a run. */
export interface KnowledgeLookupSummary {
  local?: LookupFigures;
  common?: LookupFigures;
  overall: LookupFigures;
}

interface Findings {
  half: "local" | "common";
  correct: boolean;
  lookedUp: boolean;
}

function findingsOf(result: SampleResult): Findings | undefined {
  const found = (result.scoreDetails as { knowledge?: Partial<Findings> } | null | undefined)?.knowledge;
  return found !== undefined &&
    found !== null &&
    typeof found.correct === "boolean" &&
    typeof found.lookedUp === "boolean" &&
    (found.half === "local" || found.half === "common")
    ? (found as Findings)
    : undefined;
}

function figuresOf(list: readonly Findings[]): LookupFigures {
  const looked = list.filter((item) => item.lookedUp);
  const memory = list.filter((item) => !item.lookedUp);
  const correct = (items: readonly Findings[]) => items.filter((item) => item.correct).length;
  return {
    attempts: list.length,
    accuracy: rateFigure(correct(list), list.length),
    lookupRate: rateFigure(looked.length, list.length),
    accuracyWithLookup: rateFigure(correct(looked), looked.length),
    accuracyWithoutLookup: rateFigure(correct(memory), memory.length),
  };
}

/** The figures of the results that carry knowledge findings; undefined when none do. */
export function knowledgeLookupSummary(results: readonly SampleResult[]): KnowledgeLookupSummary | undefined {
  const all = results.flatMap((result) => findingsOf(result) ?? []);
  if (all.length === 0) return undefined;
  const local = all.filter((item) => item.half === "local");
  const common = all.filter((item) => item.half === "common");
  return {
    ...(local.length === 0 ? {} : { local: figuresOf(local) }),
    ...(common.length === 0 ? {} : { common: figuresOf(common) }),
    overall: figuresOf(all),
  };
}
