/**
 * The terminal summary of a random-weight run: accuracy is noise, so its cells say so ("—" with
 * the reason) instead of showing a score a reader could take for a result.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ModelProvenance } from "./provenance.js";
import type { SampleResult } from "./sample-result.js";
import { summarise } from "./summary.js";
import { renderSummaryTable } from "./summary-table.js";

function result(id: string, category: string, passed: boolean): SampleResult {
  return {
    id,
    suite: `assistant:${category === "irrelevance" ? "irrelevance" : "single"}`,
    category,
    repeat: 1,
    ordinal: 0,
    passed,
    score: passed ? 1 : 0,
    explanation: passed ? "declined without calling a tool" : "made no tool call",
    errorType: passed ? null : "no-call",
    rawText: "",
    content: "",
    calls: [],
    finishReason: "length",
    usage: null,
    timing: null,
    format: "qwen3.5",
    parseFailure: false,
    stuck: false,
    cached: false,
    error: null,
    metadata: {},
  };
}

function run(randomWeights: boolean) {
  const model = { kind: "demo", randomWeights } as unknown as ModelProvenance;
  const results = [
    result("irrelevance_0", "irrelevance", true),
    result("irrelevance_1", "irrelevance", true),
    result("simple_0", "simple", false),
  ];
  const order = [
    { suite: "assistant:single", category: "simple" },
    { suite: "assistant:irrelevance", category: "irrelevance" },
  ];
  return summarise({ runDir: "run", model, results, order, planned: 3, repeats: 1 });
}

describe("summary table: random weights", () => {
  it("shows accuracy as — with the reason, not as a score", () => {
    const text = renderSummaryTable(run(true));
    assert.doesNotMatch(text, /^(assistant|overall).*%/m, "no accuracy or interval in a row");
    assert.match(text, /^assistant:irrelevance\s+2\s+0\s+2\s+—\s+—/m);
    assert.match(text, /^overall\s+3\s+0\s+2\s+—\s+—/m);
    assert.match(text, /random weights: not a score/);
    assert.match(text, /macro accuracy — \(random weights: not a score\)/);
  });

  it("shows accuracy as a score for trained weights", () => {
    const text = renderSummaryTable(run(false));
    assert.match(text, /^assistant:irrelevance\s+2\s+0\s+2\s+100\.0%/m);
    assert.doesNotMatch(text, /not a score/);
  });
});

describe("summary table: speed lines", () => {
  it("counts calls in the right number (1 call, 2 calls)", () => {
    const one = { ...run(false), ttftMs: { p50: 12, p90: 12, n: 1 } } as ReturnType<typeof run>;
    const two = { ...run(false), decodeTokensPerSecond: { p50: 30, p90: 31, n: 2 } } as ReturnType<
      typeof run
    >;
    assert.match(renderSummaryTable(one), /time to first token: p50 12 ms · p90 12 ms \(1 call\)/);
    assert.match(renderSummaryTable(two), /decode speed: p50 30\.0 tok\/s · p90 31\.0 tok\/s \(2 calls\)/);
  });
});
