import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { answerLines, answerMatches, extractAnswer, normaliseAnswer } from "./answer-match.js";

describe("answer matching", () => {
  it("normalises case, width, punctuation, digit groups, number words and a leading article", () => {
    assert.equal(normaliseAnswer("The River Ouzel."), "river ouzel");
    assert.equal(normaliseAnswer("４８,２００"), "48200");
    assert.equal(normaliseAnswer("48 200"), "48200");
    assert.equal(normaliseAnswer("1,234,567"), "1234567");
    assert.equal(normaliseAnswer("3.5 km"), "3.5 km");
    assert.equal(normaliseAnswer("Twelve"), "12");
    assert.equal(normaliseAnswer("**Penmoor**"), "penmoor");
    assert.equal(normaliseAnswer("Zoë Kovács"), "zoë kovács");
  });

  it("matches the gold answer or an alias, never a longer or different answer", () => {
    assert.equal(answerMatches("48200", "48,200"), true);
    assert.equal(answerMatches("Ouzel", "River Ouzel", ["Ouzel", "Ouzel River"]), true);
    assert.equal(answerMatches("River Ouzel or River Tamsa", "River Ouzel", ["Ouzel"]), false);
    assert.equal(answerMatches("1988", "1987"), false);
    assert.equal(answerMatches("", "1987"), false);
    assert.equal(answerMatches("Penmoor, the Tarrow Hills", "Penmoor", ["Penmoor, the Tarrow Hills"]), true);
  });

  it("reads the last Answer: line, else the last line", () => {
    assert.equal(extractAnswer("The founder was born then.\nAnswer: 1973"), "1973");
    assert.equal(extractAnswer("Answer: 1972\nOn second thought:\n**Final answer:** 1973"), "1973");
    assert.equal(extractAnswer("I think it is\n1973\n"), "1973");
    assert.equal(extractAnswer(""), "");
  });

  it("splits a reply at its Answer: lines, keeping what lies between and after", () => {
    assert.deepEqual(
      answerLines("Read it.\nAnswer: 1972\nOn second thought:\n**Final answer:** 1973\nBye."),
      {
        answers: [
          { answer: "1972", before: ["Read it."] },
          { answer: "1973", before: ["On second thought:"] },
        ],
        after: ["Bye."],
      },
    );
    assert.deepEqual(answerLines("no answer line"), { answers: [], after: ["no answer line"] });
  });
});
