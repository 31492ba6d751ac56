import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { containsAnswer, normaliseAnswerText } from "./answer-words.js";

describe("answer match", () => {
  it("normalises Unicode, case, punctuation, white space and digit groups", () => {
    assert.equal(normaliseAnswerText("  The CAPITAL is   Paris!! "), "the capital is paris");
    assert.equal(normaliseAnswerText("ＰＡＲＩＳ"), "paris"); // full-width letters (NFKC)
    assert.equal(normaliseAnswerText("H₂O"), "h2o");
    assert.equal(normaliseAnswerText("Straße"), "strasse");
    assert.equal(normaliseAnswerText("1,200 and 1 200 and 1\u202f200"), "1200 and 1200 and 1200");
    assert.equal(normaliseAnswerText("299,792,458 m/s"), "299792458 m s");
    assert.equal(normaliseAnswerText("$9.50"), "9 50");
    assert.equal(normaliseAnswerText("June 5, 2025"), "june 5 2025");
  });

  it("matches whole words only, against any alias", () => {
    assert.equal(containsAnswer("It is Paris.", ["Paris"]), true);
    assert.equal(containsAnswer("a Parisian café", ["Paris"]), false);
    assert.equal(containsAnswer("It costs $1200.", ["$1,200"]), true);
    assert.equal(containsAnswer("It opens at 7.30 on Saturdays", ["7:30"]), true);
    assert.equal(containsAnswer("open until 8 p.m.", ["20:00", "8 p.m."]), true);
    assert.equal(containsAnswer("open until 18:00", ["20:00", "8 pm"]), false);
    assert.equal(containsAnswer("Brasília", ["Brasilia"]), false, "accents are kept: list both spellings");
    assert.equal(containsAnswer("anything", [""]), false, "an empty answer matches nothing");
    assert.equal(containsAnswer("In 45 minutes", ["$45"]), true);
    assert.equal(containsAnswer("In 145 minutes", ["$45"]), false);
  });
});
