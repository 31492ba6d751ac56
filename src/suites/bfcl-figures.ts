/** BFCL's summary scores over the BFCL categories of an eval summary. */

import { bfclAggregateLines } from "../bfcl/aggregate-lines.js";
import { type BfclAggregate, type BfclCategoryScore, bfclAggregates } from "../bfcl/aggregates.js";
import { bfclCategorySize } from "../bfcl/category-sizes.js";
import type { SuiteFigures } from "../eval/suite-figures.js";
import { randomWeightsNotAScore } from "../text/not-a-score.js";

/**
 * What a category summary gives this computation (its shape without BFCL's entry count); `scored`
 * is absent in summaries written before harness errors were counted beside accuracy.
 */
type CategoryScore = Omit<BfclCategoryScore, "category" | "total"> & { category: string; scored?: number };

/**
 * BFCL's summary scores of the run's BFCL categories, from the category rows: accuracy over scored
 * attempts, so a category's entries are the scored ones and one with harness errors makes the
 * summary it belongs to partial (BFCL itself scores an inference error as a wrong entry).
 */
export function bfclSummary(categories: readonly CategoryScore[]): { bfcl?: BfclAggregate[] } {
  const scores: BfclCategoryScore[] = categories.flatMap((category) => {
    const size = category.suite.startsWith("bfcl:") ? bfclCategorySize(category.category) : undefined;
    if (size === undefined) return [];
    return [
      {
        suite: category.suite,
        category: category.category as BfclCategoryScore["category"],
        n: category.scored ?? category.n,
        passed: category.passed,
        accuracy: category.accuracy,
        ci95: category.ci95,
        total: size,
      },
    ];
  });
  return scores.length === 0 ? {} : { bfcl: bfclAggregates(scores) };
}

/** BFCL's summary scores as a figure of the BFCL suites (summary key `bfcl`). */
export const bfclFigures: SuiteFigures<BfclAggregate[]> = {
  key: "bfcl",
  summarise: ({ categories }) => bfclSummary(categories).bfcl,
  terminalLines: (block, view) =>
    view.randomWeights
      ? [`BFCL summary scores: — (${randomWeightsNotAScore})`]
      : bfclAggregateLines(block, true),
};
