/**
 * The charts section's captions: the eval speed charts count their calls in the right number
 * ("1 call", "2 calls"), and a random-weight run's accuracy chart is a one-line note.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { SampleResult } from "../eval/sample-result.js";
import { reportCharts } from "./charts-section.js";
import type { RunData } from "./run-data.js";

function measured(id: string, inputTokens: number): SampleResult {
  return {
    id,
    suite: "stub:single",
    category: "simple",
    error: null,
    cached: false,
    passed: true,
    usage: { inputTokens, outputTokens: 10 },
    timing: { firstTokenMs: 20, totalMs: 120 },
  } as unknown as SampleResult;
}

function run(results: SampleResult[], randomWeights = false): RunData {
  return {
    directory: "/runs/x",
    eval: {
      record: { model: { kind: "gguf", randomWeights } },
      results,
      summary: {
        randomWeights,
        categories: [
          { suite: "stub:single", category: "simple", accuracy: 1, ci95: [0.5, 1], n: results.length },
        ],
        overall: { accuracy: 1, ci95: [0.5, 1], n: results.length },
      },
    },
  } as unknown as RunData;
}

describe("charts section", () => {
  it("counts the calls of the eval speed charts in the right number", () => {
    const one = reportCharts(run([measured("a", 100)]));
    assert.match(one, /Eval: time to first token by prompt length <span class="note">\(1 call\)<\/span>/);
    assert.doesNotMatch(one, /1 calls/);
    const two = reportCharts(run([measured("a", 100), measured("b", 200)]));
    assert.match(two, /Eval: decode speed by prompt length <span class="note">\(2 calls\)<\/span>/);
  });

  it("draws accuracy for trained weights and a one-line note for random weights", () => {
    assert.match(reportCharts(run([measured("a", 100)])), /<figcaption>Accuracy by category/);
    const random = reportCharts(run([measured("a", 100)], true));
    assert.doesNotMatch(random, /<figcaption>Accuracy by category/);
    assert.match(random, /Accuracy by category: not drawn \(random weights: not a score/);
    assert.match(random, /<figcaption>Eval: time to first token by prompt length/, "speed is still drawn");
  });
});
