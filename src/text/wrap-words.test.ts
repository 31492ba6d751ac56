import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { wrapWords } from "./wrap-words.js";

describe("wrapWords", () => {
  it("breaks at spaces within the width", () => {
    assert.deepEqual(wrapWords("one two three four", 9), ["one two", "three", "four"]);
    assert.deepEqual(wrapWords("  spaced   out  ", 20), ["spaced out"]);
    assert.deepEqual(wrapWords("", 10), []);
  });

  it("breaks a word longer than a line inside it", () => {
    assert.deepEqual(wrapWords("abcdefghij", 4), ["abcd", "efgh", "ij"]);
  });

  it("cuts past maxLines at a word boundary, with an ellipsis", () => {
    assert.deepEqual(wrapWords("alpha beta gamma delta epsilon zeta", 11, { maxLines: 2 }), [
      "alpha beta",
      "gamma…",
    ]);
    assert.deepEqual(wrapWords("alpha beta, gamma", 12, { maxLines: 1 }), ["alpha beta…"]);
  });
});
