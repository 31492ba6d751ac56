/**
 * The paired comparison computes each run's accuracy as its summary does: over scored attempts,
 * harness errors beside it, and a pair with a harness error on either side left out of McNemar.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { SampleResult } from "../eval/sample-result.js";
import { pairRuns, runAccuracy } from "./paired-comparison.js";

function result(id: string, verdict: "pass" | "fail" | "error"): SampleResult {
  return {
    id,
    repeat: 1,
    suite: "bfcl:irrelevance",
    category: "irrelevance",
    passed: verdict === "pass",
    error: verdict === "error" ? { code: "backend", message: "refused" } : null,
  } as SampleResult;
}

describe("paired comparison: harness errors", () => {
  it("computes accuracy over scored attempts and counts harness errors beside it", () => {
    const accuracy = runAccuracy([
      result("a", "pass"),
      result("b", "error"),
      result("c", "fail"),
      result("d", "error"),
    ]);
    assert.deepEqual(
      {
        n: accuracy.n,
        scored: accuracy.scored,
        harnessErrors: accuracy.harnessErrors,
        accuracy: accuracy.accuracy,
      },
      { n: 4, scored: 2, harnessErrors: 2, accuracy: 0.5 },
    );
    assert.equal(runAccuracy([result("a", "error")]).accuracy, null, "nothing scored: no accuracy");
  });

  it("leaves pairs with a harness error out of the difference", () => {
    const groups = pairRuns(
      [
        { label: "A", results: [result("a", "pass"), result("b", "pass")] },
        { label: "B", results: [result("a", "pass"), result("b", "error")] },
      ],
      { suite: "all", category: "overall" },
    );
    const pairing = groups.overall.againstBaseline[0]!;
    assert.equal(pairing.pairs.n, 1);
    assert.equal(pairing.pairs.harnessErrors, 1);
    assert.equal(pairing.difference, 0, "B's harness error is not a lost sample");
  });
});
