/**
 * compare-quants' terminal table (issue 35, item 6): a random-weight model's accuracy reads "—",
 * and Δ, p and agreement against or with a random-weight model are noise and read "—" too; n
 * stays. Models with trained weights keep their percentages.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { CategoryComparison } from "./baseline-differences.js";
import { renderComparisonTable } from "./comparison-table.js";
import type { ComparedModel, QuantComparison } from "./quant-comparison.js";

function model(label: string, randomWeights: boolean): ComparedModel {
  return {
    label,
    spec: `/models/${label}.gguf`,
    runDir: `/runs/${label}`,
    status: "complete",
    memory: null,
    bench: null,
    provenance: { quantisation: label.toUpperCase(), randomWeights } as ComparedModel["provenance"],
    overall: null,
    speed: null,
  };
}

function row(suite: string, category: string): CategoryComparison {
  const accuracy = (label: string, passed: number) => ({
    label,
    n: 10,
    scored: 10,
    passed,
    accuracy: passed / 10,
    ci95: [0.1, 0.9] as [number, number],
    harnessErrors: 0,
  });
  return {
    suite,
    category,
    models: [accuracy("q8", 9), accuracy("q4", 6)],
    paired: [
      {
        label: "q4",
        n: 10,
        onlyBaseline: 3,
        onlyThis: 0,
        difference: -0.3,
        pValue: 0.25,
        agreement: 0.7,
        unpaired: 0,
        harnessErrors: 0,
      },
    ],
    agreementAll: null,
  };
}

function comparison(randomQ8: boolean, randomQ4: boolean): QuantComparison {
  return {
    kind: "quant-comparison",
    version: 1,
    directory: "/runs/cmp",
    status: "complete",
    createdAt: "",
    updatedAt: "",
    suites: ["assistant:single"],
    settings: {},
    baseline: "q8",
    models: [model("q8", randomQ8), model("q4", randomQ4)],
    categories: [row("assistant:single", "simple")],
    overall: row("all", "all"),
    warnings: [],
    randomWeights: randomQ8 || randomQ4,
    notes: [],
  };
}

const overallLine = (text: string): string =>
  text.split("\n").find((line) => line.startsWith("overall")) ?? "";

describe("compare-quants table", () => {
  it("shows accuracy, Δ, p and agreement for trained weights", () => {
    const text = renderComparisonTable(comparison(false, false));
    assert.match(
      overallLine(text),
      /^overall\s+10\s+90\.0% \[10\.0%, 90\.0%\]\s+60\.0% \[10\.0%, 90\.0%\]\s+-30\.0pp\s+0\.250\s+70\.0%$/,
    );
    assert.doesNotMatch(text, /not a score/);
  });

  it("shows — for random weights, and for Δ, p and agreement against them", () => {
    const text = renderComparisonTable(comparison(true, true));
    assert.match(overallLine(text), /^overall\s+10\s+—\s+—\s+—\s+—\s+—$/);
    assert.doesNotMatch(text.split("Speed and memory")[0] ?? "", /\d\.\d%/);
    assert.match(text, /—: random weights: not a score/);
  });

  it("keeps a trained baseline's accuracy beside a random-weight model", () => {
    const line = overallLine(renderComparisonTable(comparison(false, true)));
    assert.match(line, /^overall\s+10\s+90\.0% \[10\.0%, 90\.0%\]\s+—\s+—\s+—\s+—$/);
  });
});
