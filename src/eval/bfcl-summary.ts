/** BFCL's summary scores over the BFCL categories of an eval summary. */
import { type BfclAggregate, type BfclCategoryScore, bfclAggregates } from "../bfcl/aggregates.js";
import { bfclCategorySize } from "../bfcl/category-sizes.js";

/** What a category summary gives this computation (its shape without BFCL's entry count). */
type CategoryScore = Omit<BfclCategoryScore, "category" | "total"> & { category: string };

/** BFCL's summary scores of the run's BFCL categories (accuracy over every attempt, as in the category rows). */
export function bfclSummary(categories: readonly CategoryScore[]): { bfcl?: BfclAggregate[] } {
  const scores: BfclCategoryScore[] = categories.flatMap((category) => {
    const size = category.suite.startsWith("bfcl:") ? bfclCategorySize(category.category) : undefined;
    if (size === undefined) return [];
    return [
      {
        suite: category.suite,
        category: category.category as BfclCategoryScore["category"],
        n: category.n,
        passed: category.passed,
        accuracy: category.accuracy,
        ci95: category.ci95,
        total: size,
      },
    ];
  });
  return scores.length === 0 ? {} : { bfcl: bfclAggregates(scores) };
}
