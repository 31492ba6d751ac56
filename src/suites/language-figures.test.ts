import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { SampleResult } from "../eval/sample-result.js";
import { mcnemarExact } from "../stats/mcnemar.js";
import { languageLines } from "./language-figures.js";
import { languageSummary } from "./language-summary.js";

function result(
  scenario: string,
  language: string,
  passed: boolean,
  extra: Record<string, unknown> = {},
): SampleResult {
  const id = language === "en" ? scenario : `${language}:${scenario}`;
  return {
    id,
    repeat: 1,
    passed,
    metadata: { scenario: id, language, ...(language === "en" ? {} : { twin: scenario }), ...extra },
  } as unknown as SampleResult;
}

describe("languageSummary", () => {
  it("accuracy per language and the paired difference against English, with McNemar on the discordant pairs", () => {
    const english = [true, true, true, true, true, true, true, false, false, true];
    const french = [false, false, false, false, false, true, true, false, true, true];
    const results = [
      ...english.map((passed, index) => result(`s${index}`, "en", passed)),
      ...french.map((passed, index) => result(`s${index}`, "fr", passed)),
      result("s0", "fr", true, { augmentation: "distract-3" }),
      result("s0", "ru", true),
      { id: "other", repeat: 1, passed: true, metadata: {} } as unknown as SampleResult,
    ];
    const summary = languageSummary(results);
    assert.ok(summary !== undefined);
    assert.deepEqual(
      summary.languages.map((figure) => [figure.language, figure.n, figure.passed]),
      [
        ["en", 10, 8],
        ["fr", 10, 4],
        ["ru", 1, 1],
      ],
      "augmented copies and samples without a language are left out",
    );
    const fr = summary.languages[1]?.paired;
    // Only English passed: s0..s4 (5); only French: s8 (1). Exact McNemar: 2 * P(X <= 1 | n=6) = 14/64.
    assert.deepEqual(
      { ...fr, pValue: undefined },
      {
        pairs: 10,
        englishAccuracy: 0.8,
        languageAccuracy: 0.4,
        difference: -0.4,
        onlyEnglish: 5,
        onlyLanguage: 1,
        pValue: undefined,
      },
    );
    assert.equal(fr?.pValue, 14 / 64);
    assert.equal(fr?.pValue, mcnemarExact(5, 1).pValue);
    assert.equal(summary.languages[0]?.paired, undefined, "English is the reference");
    const lines = languageLines(summary);
    assert.match(
      lines[1] ?? "",
      /^language fr: 40\.0% .* vs English on 10 pairs: 40\.0% vs 80\.0%, -40\.0 pp · discordant 5 only English \/ 1 only fr · McNemar p=0\.22$/,
    );
  });

  it("no English twin in the run: paired is null; only English: no block", () => {
    const summary = languageSummary([result("s0", "hi", true)]);
    assert.equal(summary?.languages[0]?.paired, null);
    assert.match(languageLines(summary!)[0] ?? "", /no English twins in this run/);
    assert.equal(languageSummary([result("s0", "en", true)]), undefined);
  });
});
