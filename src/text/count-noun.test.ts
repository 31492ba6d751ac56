import assert from "node:assert/strict";
import { it } from "node:test";
import { countNoun } from "./count-noun.js";

it("puts the noun in the count's number", () => {
  assert.equal(countNoun(1, "thread"), "1 thread");
  assert.equal(countNoun(2, "thread"), "2 threads");
  assert.equal(countNoun(0, "layer"), "0 layers");
  assert.equal(countNoun(1, "full-attention layer"), "1 full-attention layer");
  assert.equal(countNoun(3, "entry", "entries"), "3 entries");
});
