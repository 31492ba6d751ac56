import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  answerWords,
  findPhrase,
  hedgePhrases,
  negationEndsAt,
  uncertaintyPhrases,
} from "./answer-hedges.js";

describe("answer hedges", () => {
  it("reads words in lower case, contractions split at the apostrophe", () => {
    assert.deepEqual(answerWords("I'm NOT sure it isn’t Tokyo."), [
      "i",
      "m",
      "not",
      "sure",
      "it",
      "isn",
      "t",
      "tokyo",
    ]);
  });
  it("finds whole-word phrases only", () => {
    assert.equal(findPhrase(answerWords("It might be Tokyo"), hedgePhrases), "might");
    assert.equal(findPhrase(answerWords("The Mighty Ducks"), hedgePhrases), undefined);
    assert.equal(findPhrase(answerWords("I could not verify it."), uncertaintyPhrases), "could not verify");
    assert.equal(findPhrase(answerWords("The fair is in May."), hedgePhrases), undefined);
  });
  it("recognises negations ending at a word, contractions included", () => {
    const words = answerWords("it isn't, rather than, not");
    assert.equal(negationEndsAt(words, words.indexOf("t")), true);
    assert.equal(negationEndsAt(words, words.indexOf("than")), true);
    assert.equal(negationEndsAt(words, words.indexOf("not")), true);
    assert.equal(negationEndsAt(words, 0), false);
  });
});
