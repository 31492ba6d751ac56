import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { KnowledgeLookupSummary, LookupFigures } from "../eval/knowledge-lookup.js";
import { rateFigure } from "../eval/rate-figure.js";
import { knowledgeSection } from "./knowledge-section.js";
import type { RunData } from "./run-data.js";

function figures(attempts: number, correct: number, looked: number, correctLooked: number): LookupFigures {
  return {
    attempts,
    accuracy: rateFigure(correct, attempts),
    lookupRate: rateFigure(looked, attempts),
    accuracyWithLookup: rateFigure(correctLooked, looked),
    accuracyWithoutLookup: rateFigure(correct - correctLooked, attempts - looked),
  };
}

function run(knowledgeLookup: KnowledgeLookupSummary | undefined, randomWeights = false): RunData {
  return {
    directory: "/runs/x",
    eval: {
      record: {},
      results: [],
      summary: { randomWeights, ...(knowledgeLookup === undefined ? {} : { knowledgeLookup }) },
    },
  } as unknown as RunData;
}

describe("knowledge section", () => {
  it("shows each half and overall with intervals, and the random-weights banner", () => {
    const html = knowledgeSection(
      [run({ local: figures(4, 1, 4, 1), common: figures(4, 3, 0, 0), overall: figures(8, 4, 4, 1) }, true)],
      ["model <a>"],
    );
    assert.match(html, /<section id="knowledge">/);
    assert.match(html, /model &lt;a&gt;: local \(made-up facts\)/);
    assert.match(html, /model &lt;a&gt;: common knowledge/);
    assert.match(html, /model &lt;a&gt;: overall/);
    assert.match(html, /75\.0% \[\d+\.\d, \d+\.\d\] \(3\/4\)/, "common accuracy from memory");
    assert.match(html, /<td class="num">n\/a<\/td>/, "no lookups: accuracy when looked up is n/a");
    assert.match(html, /Random weights/);
  });

  it("is absent when no run has knowledge results", () => {
    assert.equal(knowledgeSection([run(undefined)], ["a"]), "");
  });
});
