/**
 * BFCL's summary scores over categories: non-live (unweighted mean of simple, multiple, parallel
 * and parallel multiple, where simple is the mean of Python, Java and JavaScript), live (mean of
 * the four live AST categories weighted by entry count) and hallucination (mean of the two
 * irrelevance categories). A summary is reported only when every component was scored; BFCL's
 * overall score also needs multi-turn and agentic categories, which edgecall does not score here,
 * so it is always reported as missing.
 */
import type { BfclCategory } from "./categories.js";

/** One category's score, as `score bfcl` reports it. */
export interface BfclCategoryScore {
  suite: string;
  category: BfclCategory;
  n: number;
  passed: number;
  accuracy: number;
  ci95: [number, number];
  /** Entries the category has in the data folder; `n < total` means a partial run. */
  total: number;
}

/** A summary score; `accuracy` is null when a component is missing. */
export interface BfclAggregate {
  suite: string;
  method: "unweighted-mean" | "count-weighted-mean" | "bfcl-overall";
  accuracy: number | null;
  /** Entries behind the components that were scored. */
  n: number;
  components: string[];
  missing: string[];
  /** True when a component was scored on only part of its entries. */
  partial: boolean;
}

const liveAst: BfclCategory[] = ["live_simple", "live_multiple", "live_parallel", "live_parallel_multiple"];
const nonLiveAst: BfclCategory[] = [
  "simple_python",
  "simple_java",
  "simple_javascript",
  "multiple",
  "parallel",
  "parallel_multiple",
];
const overallExtras = [
  "multi_turn_base",
  "multi_turn_miss_func",
  "multi_turn_miss_param",
  "multi_turn_long_context",
  "web_search_base",
  "web_search_no_snippet",
  "memory_kv",
  "memory_vector",
  "memory_rec_sum",
];

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Summary scores computable from `scores` (only categories with n > 0 count as scored). */
export function bfclAggregates(scores: readonly BfclCategoryScore[]): BfclAggregate[] {
  const byCategory = new Map(scores.filter((score) => score.n > 0).map((score) => [score.category, score]));
  const summary = (
    suite: string,
    method: BfclAggregate["method"],
    components: readonly BfclCategory[],
    compute: (get: (category: BfclCategory) => BfclCategoryScore) => number,
  ): BfclAggregate => {
    const missing = components.filter((category) => !byCategory.has(category));
    const present = components.flatMap((category) => byCategory.get(category) ?? []);
    return {
      suite,
      method,
      accuracy:
        missing.length > 0 ? null : compute((category) => byCategory.get(category) as BfclCategoryScore),
      n: present.reduce((sum, score) => sum + score.n, 0),
      components: components.map((category) => `bfcl:${category}`),
      missing: missing.map((category) => `bfcl:${category}`),
      partial: present.some((score) => score.n < score.total),
    };
  };

  const nonLive = summary("bfcl:non_live", "unweighted-mean", nonLiveAst, (get) =>
    mean([
      mean([get("simple_python").accuracy, get("simple_java").accuracy, get("simple_javascript").accuracy]),
      get("multiple").accuracy,
      get("parallel").accuracy,
      get("parallel_multiple").accuracy,
    ]),
  );
  const live = summary("bfcl:live", "count-weighted-mean", liveAst, (get) => {
    const parts = liveAst.map(get);
    const count = parts.reduce((sum, score) => sum + score.n, 0);
    return parts.reduce((sum, score) => sum + score.accuracy * score.n, 0) / count;
  });
  const hallucination = summary(
    "bfcl:hallucination",
    "unweighted-mean",
    ["irrelevance", "live_irrelevance"],
    (get) => mean([get("irrelevance").accuracy, get("live_irrelevance").accuracy]),
  );
  const singleTurnParts = [nonLive, live, hallucination];
  const overall: BfclAggregate = {
    suite: "bfcl:overall",
    method: "bfcl-overall",
    accuracy: null,
    n: singleTurnParts.reduce((sum, part) => sum + part.n, 0),
    components: [
      ...singleTurnParts.map((part) => part.suite),
      ...overallExtras.map((name) => `bfcl:${name}`),
    ],
    missing: [
      ...singleTurnParts.flatMap((part) => part.missing),
      ...overallExtras.map((name) => `bfcl:${name}`),
    ],
    partial: singleTurnParts.some((part) => part.partial),
  };
  return [nonLive, live, hallucination, overall];
}
