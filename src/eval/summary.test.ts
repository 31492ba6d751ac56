/**
 * The summary's accuracy is over scored attempts: harness errors are counted beside it, per
 * category and overall, never as wrong answers (issue 33, item 7: bfcl:irrelevance showed 25% with
 * 2 of 4 samples harness errors).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { BfclAggregate } from "../bfcl/aggregates.js";
import { bfclFigures } from "../suites/bfcl-figures.js";
import { categoryHealth, healthOf } from "./category-health.js";
import type { ModelProvenance } from "./provenance.js";
import type { SampleResult } from "./sample-result.js";
import { summarise } from "./summary.js";
import { renderSummaryTable } from "./summary-table.js";

function result(id: string, category: string, verdict: "pass" | "fail" | "error"): SampleResult {
  return {
    id,
    suite: `bfcl:${category}`,
    category,
    repeat: 1,
    ordinal: 0,
    passed: verdict === "pass",
    score: verdict === "pass" ? 1 : 0,
    explanation: verdict,
    errorType: verdict === "pass" ? null : verdict === "error" ? "harness:backend" : "wrong",
    rawText: "",
    content: "",
    calls: [],
    finishReason: verdict === "error" ? null : "stop",
    usage: null,
    timing: null,
    format: "json",
    parseFailure: false,
    stuck: false,
    cached: false,
    error: verdict === "error" ? { code: "backend", message: "connection refused" } : null,
    metadata: {},
  };
}

const model = { kind: "replay", randomWeights: false } as unknown as ModelProvenance;

function irrelevanceRun() {
  const results = [
    result("irrelevance_0", "irrelevance", "pass"),
    result("irrelevance_1", "irrelevance", "error"),
    result("irrelevance_2", "irrelevance", "fail"),
    result("irrelevance_3", "irrelevance", "error"),
    result("simple_python_0", "simple_python", "pass"),
    result("simple_python_1", "simple_python", "pass"),
  ];
  const order = [
    { suite: "bfcl:irrelevance", category: "irrelevance" },
    { suite: "bfcl:simple_python", category: "simple_python" },
  ];
  return {
    results,
    summary: summarise({
      runDir: "run",
      model,
      results,
      order,
      planned: 6,
      repeats: 1,
      figures: [bfclFigures],
    }),
  };
}

describe("summary: harness errors beside accuracy", () => {
  it("computes each category's accuracy over scored attempts and counts harness errors beside it", () => {
    const { summary } = irrelevanceRun();
    const irrelevance = summary.categories[0]!;
    assert.equal(irrelevance.n, 4);
    assert.equal(irrelevance.passed, 1);
    assert.equal(irrelevance.harnessErrors, 2);
    assert.equal(irrelevance.scored, 2);
    assert.equal(irrelevance.accuracy, 0.5, "1 of 2 scored, not 1 of 4");
    const python = summary.categories[1]!;
    assert.equal(python.harnessErrors, 0);
    assert.equal(python.accuracy, 1);
  });

  it("computes the overall and macro accuracy the same way", () => {
    const { summary } = irrelevanceRun();
    assert.equal(summary.overall.n, 6);
    assert.equal(summary.overall.scored, 4);
    assert.equal(summary.overall.harnessErrors, 2);
    assert.equal(summary.overall.accuracy, 3 / 4);
    assert.equal(summary.overall.macroAccuracy, (0.5 + 1) / 2);
    assert.equal(summary.harnessErrors, 2);
  });

  it("gives BFCL's summary scores from scored attempts, marked partial when entries were not scored", () => {
    const { summary } = irrelevanceRun();
    const hallucination = (summary.bfcl as BfclAggregate[] | undefined)?.find(
      (aggregate) => aggregate.suite === "bfcl:hallucination",
    );
    assert.ok(hallucination);
    assert.equal(hallucination.n, 2, "the scored entries");
    assert.equal(hallucination.partial, true);
  });

  it("shows harness errors beside accuracy in the terminal table, per category and overall", () => {
    const { summary, results } = irrelevanceRun();
    const text = renderSummaryTable(summary, false, {
      categories: categoryHealth(results),
      overall: healthOf("overall", "overall", results),
    });
    assert.match(text, /suite \/ category\s+n\s+harness err\s+passed\s+accuracy\s+95% CI/);
    assert.match(text, /^bfcl:irrelevance\s+4\s+2\s+1\s+50\.0%/m);
    assert.match(text, /^overall\s+6\s+2\s+3\s+75\.0%/m);
    assert.match(text, /accuracy is over scored attempts: 2 harness errors are not counted as wrong/);
  });

  it("shows n/a, not 0%, for a category with nothing scored", () => {
    const { summary } = irrelevanceRun();
    const irrelevance = summary.categories[0]!;
    const text = renderSummaryTable({
      ...summary,
      categories: [
        { ...irrelevance, passed: 0, scored: 0, harnessErrors: irrelevance.n, accuracy: 0, ci95: [0, 1] },
      ],
    });
    assert.match(text, /^bfcl:irrelevance\s+4\s+4\s+0\s+n\/a\s+n\/a/m);
  });
});
