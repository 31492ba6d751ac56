/**
 * BFCL's summary scores over categories: non-live (unweighted mean of simple, multiple, parallel
 * and parallel multiple, where simple is the mean of Python, Java and JavaScript), live (mean of
 * the four live AST categories weighted by entry count) and hallucination (mean of the two
 * irrelevance categories), multi-turn (unweighted mean of its four categories) and BFCL's overall
 * score: the weighted mean of non-live, live, hallucination, multi-turn and agentic with weights
 * 10, 10, 10, 30 and 40 (`calculate_percentage_weighted_accuracy` in BFCL's eval_runner_helper.py),
 * where agentic is the mean of web search (mean of its two categories) and memory (mean of its
 * three backends). Figures built on categories edgecall cannot run as BFCL does (web search over
 * the offline corpus, the vector memory over BM25+) name them in `notComparable`.
 * A summary is reported only when every component was scored; the overall score, when some parts
 * are missing, is also given over the parts that were scored (weights renormalised), named.
 */
import {
  type AgenticCategory,
  isAgenticCategory,
  notComparableReason,
} from "./agentic/agentic-categories.js";
import type { BfclCategory } from "./categories.js";
import type { MultiTurnCategory } from "./multi-turn/multi-turn-categories.js";

/** One category's score, as `score bfcl` reports it. */
export interface BfclCategoryScore {
  suite: string;
  category: BfclCategory | MultiTurnCategory | AgenticCategory;
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
  /** Overall only: the weighted parts that were scored, and the weighted mean over them alone. */
  scoredParts?: string[];
  overScoredParts?: number | null;
  /** Components behind this figure that edgecall cannot run as BFCL does (offline web search, BM25 vector memory). */
  notComparable?: string[];
}

type Category = BfclCategory | MultiTurnCategory | AgenticCategory;

/** BFCL's overall weights per part. */
export const bfclOverallWeights: ReadonlyArray<readonly [string, number]> = [
  ["bfcl:non_live", 10],
  ["bfcl:live", 10],
  ["bfcl:hallucination", 10],
  ["bfcl:multi_turn", 30],
  ["bfcl:agentic", 40],
];

const liveAst: BfclCategory[] = ["live_simple", "live_multiple", "live_parallel", "live_parallel_multiple"];
const nonLiveAst: BfclCategory[] = [
  "simple_python",
  "simple_java",
  "simple_javascript",
  "multiple",
  "parallel",
  "parallel_multiple",
];
const multiTurn: MultiTurnCategory[] = [
  "multi_turn_base",
  "multi_turn_miss_func",
  "multi_turn_miss_param",
  "multi_turn_long_context",
];
const webSearch: AgenticCategory[] = ["web_search_base", "web_search_no_snippet"];
const memory: AgenticCategory[] = ["memory_kv", "memory_vector", "memory_rec_sum"];

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Summary scores computable from `scores` (only categories with n > 0 count as scored). */
export function bfclAggregates(scores: readonly BfclCategoryScore[]): BfclAggregate[] {
  const byCategory = new Map(scores.filter((score) => score.n > 0).map((score) => [score.category, score]));
  const summary = (
    suite: string,
    method: BfclAggregate["method"],
    components: readonly Category[],
    compute: (get: (category: Category) => BfclCategoryScore) => number,
  ): BfclAggregate => {
    const missing = components.filter((category) => !byCategory.has(category));
    const present = components.flatMap((category) => byCategory.get(category) ?? []);
    const notComparable = present
      .filter(
        (score) => isAgenticCategory(score.category) && notComparableReason(score.category) !== undefined,
      )
      .map((score) => `bfcl:${score.category}`);
    return {
      suite,
      method,
      accuracy:
        missing.length > 0 ? null : compute((category) => byCategory.get(category) as BfclCategoryScore),
      n: present.reduce((sum, score) => sum + score.n, 0),
      components: components.map((category) => `bfcl:${category}`),
      missing: missing.map((category) => `bfcl:${category}`),
      partial: present.some((score) => score.n < score.total),
      ...(notComparable.length > 0 ? { notComparable } : {}),
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
  const multiTurnSummary = summary("bfcl:multi_turn", "unweighted-mean", multiTurn, (get) =>
    mean(multiTurn.map((category) => get(category).accuracy)),
  );
  const webSearchSummary = summary("bfcl:web_search", "unweighted-mean", webSearch, (get) =>
    mean(webSearch.map((category) => get(category).accuracy)),
  );
  const memorySummary = summary("bfcl:memory", "unweighted-mean", memory, (get) =>
    mean(memory.map((category) => get(category).accuracy)),
  );
  const agenticParts = [webSearchSummary, memorySummary];
  const agenticNotComparable = agenticParts.flatMap((part) => part.notComparable ?? []);
  const agenticSummary: BfclAggregate = {
    suite: "bfcl:agentic",
    method: "unweighted-mean",
    accuracy: agenticParts.every((part) => part.accuracy !== null)
      ? mean(agenticParts.map((part) => part.accuracy as number))
      : null,
    n: webSearchSummary.n + memorySummary.n,
    components: [...webSearchSummary.components, ...memorySummary.components],
    missing: [...webSearchSummary.missing, ...memorySummary.missing],
    partial: webSearchSummary.partial || memorySummary.partial,
    ...(agenticNotComparable.length > 0 ? { notComparable: agenticNotComparable } : {}),
  };
  const parts = [nonLive, live, hallucination, multiTurnSummary, agenticSummary];
  const scored = parts.filter((part) => part.accuracy !== null);
  const weightOf = (part: BfclAggregate): number =>
    bfclOverallWeights.find(([name]) => name === part.suite)?.[1] ?? 0;
  const weighted = (chosen: readonly BfclAggregate[]): number | null => {
    const total = chosen.reduce((sum, part) => sum + weightOf(part), 0);
    return total === 0
      ? null
      : chosen.reduce((sum, part) => sum + (part.accuracy as number) * weightOf(part), 0) / total;
  };
  const overall: BfclAggregate = {
    suite: "bfcl:overall",
    method: "bfcl-overall",
    accuracy: scored.length === parts.length ? weighted(parts) : null,
    n: parts.reduce((sum, part) => sum + part.n, 0),
    components: parts.map((part) => part.suite),
    missing: parts.filter((part) => part.accuracy === null).map((part) => part.suite),
    partial: parts.some((part) => part.partial),
    scoredParts: scored.map((part) => part.suite),
    overScoredParts: weighted(scored),
    ...(agenticSummary.notComparable === undefined ? {} : { notComparable: agenticSummary.notComparable }),
  };
  return [
    nonLive,
    live,
    hallucination,
    multiTurnSummary,
    webSearchSummary,
    memorySummary,
    agenticSummary,
    overall,
  ];
}
