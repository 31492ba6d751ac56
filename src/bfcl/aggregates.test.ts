import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { bfclAggregateLines } from "./aggregate-lines.js";
import { type BfclCategoryScore, bfclAggregates } from "./aggregates.js";
import { bfclCategorySize } from "./category-sizes.js";

function score(category: string, accuracy: number): BfclCategoryScore {
  const total = bfclCategorySize(category) ?? 0;
  return {
    suite: `bfcl:${category}`,
    category: category as BfclCategoryScore["category"],
    n: total,
    passed: Math.round(accuracy * total),
    accuracy,
    ci95: [0, 1],
    total,
  };
}

const everything = [
  ...["simple_python", "simple_java", "simple_javascript", "multiple", "parallel", "parallel_multiple"].map(
    (c) => score(c, 0.8),
  ),
  ...["live_simple", "live_multiple", "live_parallel", "live_parallel_multiple"].map((c) => score(c, 0.6)),
  score("irrelevance", 0.9),
  score("live_irrelevance", 0.7),
  ...["multi_turn_base", "multi_turn_miss_func", "multi_turn_miss_param", "multi_turn_long_context"].map(
    (c) => score(c, 0.2),
  ),
];

describe("BFCL's summary scores", () => {
  it("agentic is the mean of web search and memory; overall weighs 10/10/10/30/40", () => {
    const aggregates = bfclAggregates([
      ...everything,
      score("web_search_base", 0.4),
      score("web_search_no_snippet", 0.2),
      score("memory_kv", 0.3),
      score("memory_vector", 0.6),
      score("memory_rec_sum", 0.3),
    ]);
    const byName = new Map(aggregates.map((aggregate) => [aggregate.suite, aggregate]));
    assert.ok(Math.abs((byName.get("bfcl:web_search")?.accuracy ?? 0) - 0.3) < 1e-12);
    assert.ok(Math.abs((byName.get("bfcl:memory")?.accuracy ?? 0) - 0.4) < 1e-12);
    assert.ok(Math.abs((byName.get("bfcl:agentic")?.accuracy ?? 0) - 0.35) < 1e-12);
    const overall = byName.get("bfcl:overall");
    const expected = (0.8 * 10 + 0.6 * 10 + 0.8 * 10 + 0.2 * 30 + 0.35 * 40) / 100;
    assert.ok(Math.abs((overall?.accuracy ?? 0) - expected) < 1e-12);
    assert.deepEqual(overall?.notComparable, [
      "bfcl:web_search_base",
      "bfcl:web_search_no_snippet",
      "bfcl:memory_vector",
    ]);
    const lines = bfclAggregateLines(aggregates);
    assert.match(lines.at(-1) ?? "", /^bfcl:overall: 42\.0% · not comparable with BFCL/);
  });

  it("without the agentic part, overall is n/a and given over the four parts that ran", () => {
    const aggregates = bfclAggregates([...everything, score("memory_kv", 0.5)]);
    const overall = aggregates.at(-1);
    assert.equal(overall?.accuracy, null);
    assert.deepEqual(overall?.missing, ["bfcl:agentic"]);
    assert.equal(overall?.notComparable, undefined, "key-value memory runs as BFCL runs it");
    const lines = bfclAggregateLines(aggregates, true);
    assert.ok(
      lines.some((line) =>
        line.startsWith("bfcl:memory: n/a (missing bfcl:memory_vector, bfcl:memory_rec_sum)"),
      ),
    );
    assert.ok(
      !lines.some((line) => line.startsWith("bfcl:web_search")),
      "summaries with nothing scored are left out",
    );
    assert.match(lines.at(-1) ?? "", /over 4 of 5 parts/);
  });
});
