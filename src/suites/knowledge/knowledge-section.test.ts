import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { rateFigure } from "../../eval/rate-figure.js";
import type { FigureOfRun } from "../../eval/suite-figures.js";
import type { KnowledgeLookupSummary, LookupFigures } from "./knowledge-lookup.js";
import { knowledgeSection } from "./knowledge-section.js";

function figures(attempts: number, correct: number, looked: number, correctLooked: number): LookupFigures {
  return {
    attempts,
    accuracy: rateFigure(correct, attempts),
    lookupRate: rateFigure(looked, attempts),
    accuracyWithLookup: rateFigure(correctLooked, looked),
    accuracyWithoutLookup: rateFigure(correct - correctLooked, attempts - looked),
  };
}

function run(
  knowledgeLookup: KnowledgeLookupSummary | undefined,
  label: string,
  randomWeights = false,
): FigureOfRun<KnowledgeLookupSummary> {
  return { label, block: knowledgeLookup, randomWeights };
}

describe("knowledge section", () => {
  const lookup = { local: figures(4, 1, 4, 1), common: figures(4, 3, 0, 0), overall: figures(8, 4, 4, 1) };

  it("shows each half and overall with intervals", () => {
    const html = knowledgeSection([run(lookup, "model <a>")]);
    assert.match(html, /<section id="knowledge">/);
    assert.match(html, /model &lt;a&gt;: local \(made-up facts\)/);
    assert.match(html, /model &lt;a&gt;: common knowledge/);
    assert.match(html, /model &lt;a&gt;: overall/);
    assert.match(html, /75\.0% \[\d+\.\d, \d+\.\d\] \(3\/4\)/, "common accuracy from memory");
    assert.match(html, /<td class="num">n\/a<\/td>/, "no lookups: accuracy when looked up is n/a");
    assert.doesNotMatch(html, /not a score/);
  });

  it("on random weights shows accuracies as — with their counts; the lookup rate stays", () => {
    const html = knowledgeSection([run(lookup, "model", true)]);
    const common = /<tr><td>model: common knowledge<\/td>(.*?)<\/tr>/.exec(html)?.[1] ?? "";
    const cells = [...common.matchAll(/<td class="num"( title="[^"]*")?>([^<]*)<\/td>/g)];
    assert.deepEqual(
      cells.map((cell) => cell[2]),
      ["4", "— (3/4)", "0.0% [0.0, 49.0] (0/4)", "n/a", "— (3/4)"],
    );
    assert.equal(cells[1]?.[1], ' title="random weights: not a score"');
    assert.match(html, /—: random weights: not a score\. What passed on random weights is chance/);
  });

  it("is absent when no run has knowledge results", () => {
    assert.equal(knowledgeSection([run(undefined, "a")]), "");
  });
});
