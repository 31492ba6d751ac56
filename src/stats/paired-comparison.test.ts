/**
 * The paired comparison's arithmetic: the outcome table counted from verdict pairs, accuracies,
 * difference, McNemar p-value and agreement over the pairs, and agreement of three or more.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mcnemarExact } from "./mcnemar.js";
import { agreementOfAll, pairedDifference, pairedOutcomes } from "./paired-comparison.js";

describe("paired comparison (stats)", () => {
  it("counts the paired outcome table", () => {
    const table = pairedOutcomes([
      [true, true],
      [true, false],
      [true, false],
      [false, true],
      [false, false],
    ]);
    assert.deepEqual(table, { n: 5, bothPassed: 1, onlyFirst: 2, onlySecond: 1, bothFailed: 1 });
  });

  it("gives accuracies, difference, McNemar and agreement over the pairs", () => {
    const figures = pairedDifference({ n: 10, bothPassed: 4, onlyFirst: 5, onlySecond: 0, bothFailed: 1 });
    assert.equal(figures.firstAccuracy, 0.9);
    assert.equal(figures.secondAccuracy, 0.4);
    assert.equal(figures.difference, -0.5);
    assert.equal(figures.agreement, 0.5);
    assert.equal(figures.pValue, mcnemarExact(5, 0).pValue);
    assert.ok(figures.pValue < 0.1);
  });

  it("has no shares without pairs and p = 1 without discordant pairs", () => {
    const figures = pairedDifference(pairedOutcomes([]));
    assert.deepEqual(
      [figures.firstAccuracy, figures.secondAccuracy, figures.difference, figures.agreement, figures.pValue],
      [null, null, null, null, 1],
    );
  });

  it("agreement of all: only with three or more, over keys every condition has", () => {
    const a = new Map([
      ["x", true],
      ["y", false],
      ["z", true],
    ]);
    const b = new Map([
      ["x", true],
      ["y", true],
      ["z", true],
    ]);
    const c = new Map([
      ["x", true],
      ["y", false],
    ]);
    assert.equal(agreementOfAll([a, b]), null);
    assert.equal(agreementOfAll([a, b, c]), 0.5);
    assert.equal(agreementOfAll([a, b, new Map()]), null);
  });
});
