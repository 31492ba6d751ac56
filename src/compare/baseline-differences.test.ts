import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { SampleResult } from "../eval/sample-result.js";
import { compareResults } from "./baseline-differences.js";

/** A stored result with only what the comparison reads filled in. */
function result(id: string, category: string, passed: boolean, repeat = 0): SampleResult {
  return {
    id,
    suite: "s",
    category,
    repeat,
    ordinal: 0,
    passed,
    score: passed ? 1 : 0,
    explanation: "",
    errorType: passed ? null : "no-call",
    rawText: "",
    content: "",
    calls: [],
    finishReason: "stop",
    usage: null,
    timing: null,
    format: "json",
    parseFailure: false,
    stuck: false,
    cached: false,
    error: null,
    metadata: {},
  };
}

/** Results of category `category` from a verdict string: "1" passed, "0" failed, "-" absent. */
function verdicts(category: string, pattern: string): SampleResult[] {
  return [...pattern].flatMap((mark, index) =>
    mark === "-" ? [] : [result(`${category}_${index}`, category, mark === "1")],
  );
}

describe("paired comparison", () => {
  it("computes accuracy, the paired difference, exact McNemar p, agreement and flips per category", () => {
    // Category a, 8 samples. Baseline passes 7; model B loses 5 and gains none: p = 2 / 2^5 = 0.0625.
    // Model C loses 3 and gains 1: p = 2 · (C(4,0) + C(4,1)) / 2^4 = 10/16 = 0.625.
    const baseline = verdicts("a", "11111110");
    const b = verdicts("a", "00000110");
    const c = verdicts("a", "01011011");
    const comparison = compareResults([
      { label: "q8", results: baseline },
      { label: "q4", results: b },
      { label: "q2", results: c },
    ]);
    const [category] = comparison.categories;
    assert.ok(category);
    assert.deepEqual(
      category.models.map((model) => [model.label, model.n, model.passed]),
      [
        ["q8", 8, 7],
        ["q4", 8, 2],
        ["q2", 8, 5],
      ],
    );
    const [vsB, vsC] = category.paired;
    assert.ok(vsB && vsC);
    assert.equal(vsB.onlyBaseline, 5);
    assert.equal(vsB.onlyThis, 0);
    assert.equal(vsB.pValue, 0.0625);
    assert.equal(vsB.difference, -5 / 8);
    assert.equal(vsB.agreement, 3 / 8);
    assert.deepEqual(
      vsB.flips?.map((flip) => `${flip.id}:${flip.direction}`),
      ["a_0:lost", "a_1:lost", "a_2:lost", "a_3:lost", "a_4:lost"],
    );
    assert.equal(vsC.onlyBaseline, 3);
    assert.equal(vsC.onlyThis, 1);
    assert.ok(Math.abs(vsC.pValue - 0.625) < 1e-12);
    assert.equal(vsC.agreement, 4 / 8);
    assert.deepEqual(
      vsC.flips?.map((flip) => `${flip.id}:${flip.direction}`),
      ["a_0:lost", "a_2:lost", "a_5:lost", "a_7:gained"],
    );
    // All three agree on a_1? no (1,0,1); agree on a_3 (1,0,1)? no; on a_6 (1,1,1) and nowhere else.
    assert.equal(category.agreementAll, 1 / 8);
  });

  it("pairs by (id, repeat), reports unpaired attempts, and builds the overall row from every category", () => {
    const baseline = [...verdicts("a", "1111"), ...verdicts("b", "10")];
    const other = [...verdicts("a", "11-0"), ...verdicts("b", "01")];
    const comparison = compareResults([
      { label: "A", results: baseline },
      { label: "B", results: other },
    ]);
    assert.deepEqual(
      comparison.categories.map((category) => category.category),
      ["a", "b"],
    );
    const a = comparison.categories[0]?.paired[0];
    assert.equal(a?.n, 3);
    assert.equal(a?.unpaired, 1);
    assert.equal(a?.onlyBaseline, 1);
    assert.equal(a?.pValue, 1);
    const overall = comparison.overall.paired[0];
    assert.equal(overall?.n, 5);
    assert.equal(overall?.onlyBaseline, 2);
    assert.equal(overall?.onlyThis, 1);
    assert.equal(overall?.pValue, 1);
    assert.equal(overall?.flips, undefined, "the overall row does not repeat the flips");
    assert.equal(comparison.overall.agreementAll, null, "only with three or more models");
    // Repeats are separate pairs.
    const repeated = compareResults([
      { label: "A", results: [result("x", "a", true, 0), result("x", "a", true, 1)] },
      { label: "B", results: [result("x", "a", true, 0), result("x", "a", false, 1)] },
    ]);
    assert.deepEqual(
      repeated.categories[0]?.paired[0]?.flips?.map((flip) => [flip.id, flip.repeat]),
      [["x", 1]],
    );
  });

  it("needs two runs", () => {
    assert.throws(() => compareResults([{ label: "A", results: [] }]), RangeError);
  });
});
