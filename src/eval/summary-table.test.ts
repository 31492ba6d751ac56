/**
 * The terminal summary of a random-weight run: accuracy is noise, so its cells say so ("—" with
 * the reason) instead of showing a score a reader could take for a result.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { defaultSuiteCatalog } from "../suites/default-catalog.js";
import type { ModelProvenance } from "./provenance.js";
import type { SampleResult } from "./sample-result.js";
import { summarise } from "./summary.js";
import { renderSummaryTable } from "./summary-table.js";

/** The figures of the shipped suites, which print the lines under the table. */
const shippedFigures = defaultSuiteCatalog().figures ?? [];

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

describe("summary table: random weights, the lines under the table", () => {
  it("shows the knowledge, research, language, instruction and tool-fault scores as —", () => {
    const rate = { n: 4, count: 2, rate: 0.5, ci95: [0.15, 0.85] as [number, number] };
    const lookup = {
      attempts: 4,
      accuracy: rate,
      lookupRate: rate,
      accuracyWithLookup: rate,
      accuracyWithoutLookup: rate,
    };
    const research = {
      n: 4,
      correct: 2,
      accuracy: 0.5,
      ci95: [0.15, 0.85] as [number, number],
      meanEvidenceRecall: 0.5,
      meanSearches: 2,
      meanFetches: 1,
      meanSteps: 4,
      negativeFetchRate: 0.25,
    };
    const extras = {
      knowledgeLookup: { overall: lookup },
      research: { overall: research, byHops: { "2": research } },
      languages: {
        languages: [{ language: "zh", samples: 4, n: 4, passed: 2, accuracy: 0.5, ci95: [0.15, 0.85] }],
      },
      instructionFollowing: {
        attempts: 4,
        promptStrict: rate,
        promptLoose: rate,
        instructionStrict: rate,
        instructionLoose: rate,
        stuckAnswer: { ...rate, count: 1, rate: 0.25 },
        stuckThinking: { n: 0, count: 0, rate: 0, ci95: [0, 0] },
        hitLimit: { ...rate, count: 3, rate: 0.75 },
        maxTokens: [96],
        sampling: [],
      },
      toolFaults: {
        scenarios: 4,
        unpaired: 0,
        repeats: 1,
        withoutFaults: rate,
        withFaults: rate,
        brokenByFaults: 1,
        fixedByFaults: 1,
        byKind: {},
      },
    };
    const text = renderSummaryTable(
      { ...run(true), ...extras } as unknown as ReturnType<typeof run>,
      false,
      undefined,
      shippedFigures,
    );
    const under = text.slice(text.indexOf("macro accuracy"));
    assert.doesNotMatch(under.split("hit token limit")[0] ?? "", /50\.0%/, "no score under the table");
    assert.match(under, /knowledge: — \(random weights: not a score\)/);
    assert.match(under, /research: — \(random weights: not a score\)/);
    assert.match(under, /language zh: — \(2\/4\)/);
    assert.match(under, /instructions: — \(random weights: not a score\)/);
    assert.match(
      under,
      /loops: answer stuck repeating 25\.0% .* hit the token limit 75\.0%/,
      "behaviour stays",
    );
    assert.match(
      under,
      /tool faults \(4 scenarios, same without and with\): pass\^1 — \(random weights: not a score\) · broken by faults 1/,
    );
    const trained = renderSummaryTable(
      { ...run(false), ...extras } as unknown as ReturnType<typeof run>,
      false,
      undefined,
      shippedFigures,
    );
    assert.match(trained, /language zh: 50\.0% /);
    assert.match(trained, /instructions: prompt-level 50\.0% strict/);
  });
});
