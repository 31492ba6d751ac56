import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { asciiDigits, foldText } from "./fold-text.js";
import { asciiOnlyConstructs, testUnicode, unicodePatternSource } from "./unicode-regex.js";

describe("foldText", () => {
  it("folds compatibility forms, full case, any script's digits and white space", () => {
    assert.equal(foldText("  １５：００\tStraße  "), "15:00 strasse");
    assert.equal(foldText("ΟΔΟΣ"), foldText("οδος"), "final sigma folds with the others");
    assert.equal(foldText("ПОДЪЁМ"), "подъём");
    assert.equal(asciiDigits("९:४५ ٣ ৭ 12"), "9:45 3 7 12");
    // Devanagari with a nukta: the precomposed letter and letter + nukta fold the same.
    assert.equal(foldText("\u095B"), foldText("\u091C\u093C"));
  });
});

describe("unicodeRegex", () => {
  it("\\b holds at word edges in Cyrillic and Devanagari, where JavaScript's \\b never does", () => {
    assert.equal(/\bшесть\b/iu.test("в шесть утра"), false, "the ASCII-only failure");
    assert.ok(testUnicode("\\bшесть\\b", "в Шесть утра"));
    assert.ok(!testUnicode("\\bшесть\\b", "шестьдесят"));
    assert.ok(testUnicode("\\bनौ\\b", "आपके नौ ईमेल"), "vowel signs are word characters");
    assert.ok(!testUnicode("\\bनौ\\b", "नौकरी"));
  });

  it("a number beside Han characters is a word of its own; ASCII \\b cases keep their meaning", () => {
    assert.ok(testUnicode("\\b60\\b", "音量是60%"));
    assert.ok(!testUnicode("\\b60\\b", "volume 600"));
    assert.ok(testUnicode("\\b(9|nine)\\b", "You have 9 unread emails"));
    assert.ok(testUnicode("\\b9\\b", "आपके ९ ईमेल"), "Devanagari digits read as ASCII");
    assert.ok(testUnicode("6:45", "６:４５"), "full-width digits");
  });

  it("\\w covers letters of every script, inside classes too; escapes and classes stay intact", () => {
    assert.ok(testUnicode("^\\w+$", "réveil"));
    assert.ok(testUnicode("^[\\w-]+$", "Пробежка-по-выходным"));
    assert.ok(testUnicode("a\\.b", "a.b") && !testUnicode("a\\.b", "axb"));
    assert.equal(unicodePatternSource("[\\b]"), "[\\b]", "a backspace in a class is left alone");
  });

  it("names ASCII letter ranges, which cannot match other scripts", () => {
    assert.deepEqual(asciiOnlyConstructs("^[a-z]+ alarm$"), ["[a-z]"]);
    assert.deepEqual(asciiOnlyConstructs("\\d+:\\d{2}|[0-9]"), []);
  });
});
