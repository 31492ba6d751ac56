import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { SampleResult } from "../../eval/sample-result.js";
import { researchSummary } from "./research-figures.js";
import { researchFigures } from "./research-lines.js";

/** The research section of a run with these results, as the report asks the figure for it. */
function section(results: unknown[], randomWeights = false): string {
  const block = researchSummary(results as SampleResult[]);
  return researchFigures.htmlSection?.([{ label: "run", block, randomWeights }]) ?? "";
}

const result = (hops: number, correct: boolean) => ({
  suite: "assistant:research",
  metadata: { hops },
  scoreDetails: {
    research: { hops, correct, evidenceRecall: 0.5, searches: 2, fetches: 2, steps: 5, negativesFetched: 0 },
  },
});

describe("research section", () => {
  it("shows all questions and each hop count", () => {
    const html = section([result(2, true), result(3, false), result(3, false)]);
    assert.match(html, /<section id="research">/);
    assert.match(html, /<td>all<\/td><td class="num">3<\/td><td class="num">33\.3%/);
    assert.match(html, /<td>3 hops<\/td><td class="num">2<\/td><td class="num">0\.0%/);
    assert.match(html, /evidence recall/);
    assert.doesNotMatch(html, /not a score/);
  });

  it("on random weights shows accuracy and evidence recall as —, counts and means kept", () => {
    const html = section([result(2, true), result(3, false), result(3, false)], true);
    assert.match(
      html,
      /<td>all<\/td><td class="num">3<\/td><td class="num" title="random weights: not a score">— \(1\/3\)<\/td><td class="num" title="random weights: not a score">—<\/td><td class="num">2\.0<\/td>/,
    );
    assert.match(html, /—: random weights: not a score\./);
  });

  it("is absent without research results", () => {
    assert.equal(section([{ suite: "assistant:single", metadata: {} }]), "");
  });
});
