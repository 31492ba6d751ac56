import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { foldText } from "./fold-text.js";
import { searchFold, searchTerms, searchWords } from "./search-fold.js";

describe("searchFold", () => {
  it("drops accents, folds full case, compatibility forms and digits", () => {
    assert.equal(searchFold("Café"), "cafe");
    assert.equal(searchFold("Müller"), "muller");
    assert.equal(searchFold("Straße"), "strasse");
    assert.equal(searchFold("STRASSE"), "strasse");
    assert.equal(searchFold("ẞ"), "ss", "capital sharp s lowercases to ß, which folds on");
    assert.equal(searchFold("ＡＢＣ　１２"), "abc 12", "full-width letters, space and digits");
    assert.equal(searchFold("ﬁle"), "file");
    assert.equal(searchFold("९:४५ ٣"), "9:45 3", "any script's digits as ASCII");
    assert.equal(searchFold("  two\t\n words  "), "two words");
  });

  it("a decomposed letter equals the precomposed one", () => {
    const decomposed = "Jose\u0301";
    const precomposed = "Jos\u00e9";
    assert.notEqual(decomposed, precomposed);
    assert.equal(searchFold(decomposed), searchFold(precomposed));
    assert.equal(searchFold(decomposed), "jose");
  });

  it("Turkish dotted and dotless i, Greek final sigma and tonos", () => {
    for (const spelling of ["İstanbul", "ISTANBUL", "istanbul", "ıstanbul"]) {
      assert.equal(searchFold(spelling), "istanbul", spelling);
    }
    assert.equal(searchFold("ΟΔΟΣ"), "οδοσ");
    assert.ok(searchFold("η οδός Αθηνάς").includes(searchFold("οδοσ")), "a final sigma matches mid-word");
    assert.equal(searchFold("Αθήνα"), "αθηνα");
  });

  it("stroke letters and ligatures Unicode does not decompose", () => {
    assert.equal(searchFold("Łukasz Søren Đorđe Þór Æsir Œuvre"), "lukasz soren dorde thor aesir oeuvre");
  });

  it("drops Hebrew and Arabic vowel points, keeps marks that are letters", () => {
    assert.equal(searchFold("אֱלֹהִים"), "אלהים");
    assert.equal(searchFold("مَرْحَبًا"), "مرحبا");
    assert.notEqual(searchFold("काम"), searchFold("कम"), "Devanagari vowel signs stay");
    assert.notEqual(searchFold("が"), searchFold("か"), "Japanese voicing marks stay");
    assert.equal(searchFold("ｶﾞ"), "ガ", "half-width kana compose");
    assert.equal(searchFold("\u095B"), searchFold("\u091C\u093C"), "nukta letters however composed");
    assert.equal(searchFold("한국어"), "한국어", "Hangul recomposes");
  });

  it("differs from foldText only by what a search ignores, and is idempotent", () => {
    assert.equal(foldText("Café"), "café", "scorers keep accents");
    for (const text of [
      "Café Müller",
      "Straße",
      "İstanbul",
      "Jose\u0301",
      "ＡＢＣ",
      "नौकरी",
      "plain ascii",
    ]) {
      assert.equal(searchFold(searchFold(text)), searchFold(text), text);
    }
    assert.equal(searchFold("Plain ASCII\ttext 42"), foldText("Plain ASCII\ttext 42"), "ASCII: the same");
  });

  it("keeps different words different", () => {
    assert.notEqual(searchFold("cafe"), searchFold("cave"));
    assert.ok(!searchFold("Müller").includes(searchFold("miller")));
    assert.ok(!searchFold("Straße").includes(searchFold("strase")));
  });
});

describe("searchTerms and searchWords", () => {
  it("terms split the search form at white space; a blank query has none", () => {
    assert.deepEqual(searchTerms("  Café  MÜLLER "), ["cafe", "muller"]);
    assert.deepEqual(searchTerms("bob@example.com +1-555"), ["bob@example.com", "+1-555"]);
    assert.deepEqual(searchTerms(" \t "), []);
  });

  it("words are letters, marks and digits of any script", () => {
    assert.deepEqual(searchWords("Anne-Marie's Café, № 5!"), ["anne", "marie", "s", "cafe", "no", "5"]);
    assert.deepEqual(searchWords("नौकरी और काम"), ["नौकरी", "और", "काम"], "no break at vowel signs");
    assert.deepEqual(searchWords(""), []);
  });
});
