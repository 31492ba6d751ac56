import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { SampleResult } from "../eval/sample-result.js";
import { languageFigures } from "./language-figures.js";
import { languageSummary } from "./language-summary.js";

function result(scenario: string, language: string, passed: boolean): SampleResult {
  const id = language === "en" ? scenario : `${language}:${scenario}`;
  return {
    id,
    repeat: 1,
    passed,
    metadata: { scenario: id, language, ...(language === "en" ? {} : { twin: scenario }) },
  } as unknown as SampleResult;
}

/** The by-language section of a run with these results, as the report asks the figure for it. */
function section(results: SampleResult[] | undefined, randomWeights = false): string {
  const block = results === undefined ? undefined : languageSummary(results);
  return languageFigures.htmlSection?.([{ label: "run", block, randomWeights }]) ?? "";
}

describe("languageSection", () => {
  it("one row per language: accuracy, interval, and the paired comparison with English", () => {
    const html = section([
      result("a", "en", true),
      result("b", "en", true),
      result("a", "zh", false),
      result("b", "zh", true),
      result("a", "hi", true),
    ]);
    assert.match(html, /<section id="by-language">/);
    const rows = html.match(/<tr><td>[^<]*<\/td>.*?<\/tr>/g) ?? [];
    assert.equal(rows.length, 3);
    assert.match(
      rows[0] ?? "",
      /<td>en<\/td><td class="num">2<\/td><td class="num">100\.0% \(2\/2\)<\/td>.*<td class="num">-<\/td>/,
    );
    assert.match(
      rows[1] ?? "",
      /<td>zh<\/td>.*<td class="num">50\.0% \(1\/2\)<\/td>.*<td class="num">2<\/td><td class="num">50\.0% vs 100\.0%<\/td><td class="num">-50\.0 pp<\/td><td class="num">1 \/ 0<\/td><td class="num">1\.0<\/td>/,
    );
    assert.match(
      rows[2] ?? "",
      /<td>hi<\/td>.*<td class="num">1<\/td><td class="num">100\.0% vs 100\.0%<\/td><td class="num">\+0\.0 pp<\/td><td class="num">0 \/ 0<\/td>/,
    );
  });

  it("on random weights shows accuracies, the difference and p as —; counts stay", () => {
    const html = section(
      [result("a", "en", true), result("b", "en", true), result("a", "zh", false), result("b", "zh", true)],
      true,
    );
    const zh = /<tr><td>zh<\/td>(.*?)<\/tr>/.exec(html)?.[1] ?? "";
    const cells = [...zh.matchAll(/<td class="num"(?: title="([^"]*)")?>([^<]*)<\/td>/g)];
    assert.deepEqual(
      cells.map((cell) => cell[2]),
      ["2", "— (1/2)", "—", "2", "—", "—", "1 / 0", "—"],
    );
    assert.deepEqual(
      cells.map((cell) => cell[1] ?? ""),
      [
        "",
        "random weights: not a score",
        "random weights: not a score",
        "",
        "random weights: not a score",
        "random weights: the difference is noise",
        "",
        "random weights: the difference is noise",
      ],
    );
    assert.doesNotMatch(html, /\d\.\d%/);
  });

  it("is absent for a run without twins in another language", () => {
    assert.equal(section([result("a", "en", true)]), "");
    assert.equal(section(undefined), "", "a bench-only run: no eval results");
  });
});
