import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Bm25Index, tokenize } from "./bm25.js";

describe("BM25", () => {
  it("tokenizes: lowercase, stop words out, plurals folded", () => {
    assert.deepEqual(tokenize("The Best Cookies in Lisbon's bakeries!"), [
      "best",
      "cooky",
      "lisbon",
      "bakery",
    ]);
    assert.deepEqual(tokenize("Boxes, dishes and glasses"), ["box", "dish", "glass"]);
    assert.deepEqual(tokenize("Café au lait"), ["cafe", "au", "lait"], "accents folded");
  });

  it("tokenizes folded: accents, ß, decomposed letters, full-width forms, words of any script", () => {
    assert.deepEqual(tokenize("Müller's Straße"), ["muller", "strasse"]);
    assert.deepEqual(tokenize("Jose\u0301 ＣＡＦÉＳ"), ["jose", "cafe"]);
    assert.deepEqual(tokenize("नौकरी और काम"), ["नौकरी", "और", "काम"], "no break at vowel signs");
  });

  it("ranks folded: an unaccented query finds accented documents, other words find nothing", () => {
    const index = new Bm25Index([
      [{ text: "Tea rooms of Lisbon" }],
      [{ text: "Café Müller, Hauptstraße 5" }],
      [{ text: "Crème brûlée recipes" }],
    ]);
    assert.deepEqual(
      index.search("cafe muller").map((hit) => hit.index),
      [1],
    );
    assert.deepEqual(
      index.search("HAUPTSTRASSE").map((hit) => hit.index),
      [1],
    );
    assert.deepEqual(
      index.search("creme brulee recipe").map((hit) => hit.index),
      [2],
    );
    assert.deepEqual(index.search("bakery munich"), []);
  });

  it("matches a hand computation", () => {
    const index = new Bm25Index([
      [{ text: "apple banana apple" }],
      [{ text: "banana cherry" }],
      [{ text: "cherry date elderberry fig" }],
    ]);
    // N = 3, avgdl = 3. "apple" is in 1 document: idf = ln(1 + 2.5 / 1.5).
    const idfApple = Math.log(1 + 2.5 / 1.5);
    const expected = (idfApple * 2 * 2.2) / (2 + 1.2 * (1 - 0.75 + 0.75 * (3 / 3)));
    assert.ok(Math.abs(index.score(0, ["apple"]) - expected) < 1e-12);
    // "banana" is in 2 documents: idf = ln(1 + 1.5 / 2.5); doc 1 has length 2.
    const idfBanana = Math.log(1 + 1.5 / 2.5);
    const doc1 = (idfBanana * 1 * 2.2) / (1 + 1.2 * (1 - 0.75 + 0.75 * (2 / 3)));
    assert.ok(Math.abs(index.score(1, ["banana"]) - doc1) < 1e-12);
  });

  it("ranks, weights fields, breaks ties by order and skips non-matches", () => {
    const index = new Bm25Index([
      [{ text: "Weather in Lisbon", weight: 3 }, { text: "sunny and warm all week" }],
      [{ text: "Lisbon travel guide", weight: 3 }, { text: "trams, castles and the weather in spring" }],
      [{ text: "Banana bread", weight: 3 }, { text: "bake for an hour" }],
      [{ text: "Banana bread", weight: 3 }, { text: "bake for an hour" }],
    ]);
    const hits = index.search("lisbon weather");
    assert.deepEqual(
      hits.map((hit) => hit.index),
      [0, 1],
    );
    assert.ok((hits[0]?.score ?? 0) > (hits[1]?.score ?? 0));
    assert.deepEqual(
      index.search("banana").map((hit) => hit.index),
      [2, 3],
    );
    assert.deepEqual(index.search("the and"), []);
    assert.deepEqual(
      index.search("banana", 10, (position) => position !== 2).map((hit) => hit.index),
      [3],
    );
  });
});
