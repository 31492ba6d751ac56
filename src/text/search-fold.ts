/**
 * Text folded for searching: what the assistant's tools compare a user's query with their
 * records in, so "cafe" finds "Café", "muller" finds "Müller", "strasse" finds "Straße", a
 * decomposed "José" (`e` + U+0301) equals the precomposed one and full-width "ＡＢＣ" is "ABC".
 *
 * It starts from {@link foldText} (NFKC, full case fold, any script's digits as ASCII, white
 * space runs as one space) and goes further in one direction: it drops accents. Scorers use
 * `foldText`, which keeps them on purpose: there "résumé" and "resume" are different answers,
 * and a check must not pass a reply that spelled the expected word wrongly. A search is the other
 * way round: people type without accents (on a phone, a foreign keyboard, or from memory), and a
 * search that misses the record is worse than one that also shows a near namesake. So only the
 * search side folds accents.
 *
 * What is dropped is the combining accents of the Latin, Greek and Cyrillic scripts (the
 * combining diacritical mark blocks) and the optional vowel points of Hebrew and Arabic, after
 * NFKD has split them off their letters. Other combining marks are letters in all but name and
 * stay: Devanagari vowel signs and virama (कम "less" is not काम "work"), Thai vowels, the
 * Japanese voicing marks (が is not か). A few Latin letters carry a stroke or are ligatures that
 * Unicode does not decompose; they fold to their plain letters (`ł` `l`, `ø` `o`, `æ` `ae`, `ß`
 * and capital `ẞ` `ss`, ...), as search engines' folding does.
 *
 * Case: the dotted and dotless i of Turkish both fold to plain `i` (`İstanbul`, `Istanbul` and
 * `ıstanbul` match): a search cannot tell the language, and folding them together finds both
 * spellings. Greek final `ς` folds to `σ`, so a query ending mid-word matches wherever the letter
 * falls.
 */
import { foldText } from "./fold-text.js";

/**
 * Combining marks a search ignores: the diacritical mark blocks (U+0300–036F, U+1AB0–1AFF,
 * U+1DC0–1DFF, U+20D0–20FF, U+FE20–FE2F), Hebrew points and cantillation (U+0591–05C7, not the
 * punctuation among them) and Arabic harakat, hamza and superscript alef (U+064B–065F, U+0670).
 */
const ignoredMarks =
  /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\u064b-\u065f\u0670]/gu;

/** Lowercase letters Unicode does not decompose, as the plain letters a search reads them as. */
const plainLetters: Readonly<Record<string, string>> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  ħ: "h",
  ŧ: "t",
  þ: "th",
  ı: "i",
  ς: "σ",
};
const plainLetterPattern = new RegExp(`[${Object.keys(plainLetters).join("")}]`, "gu");

/** Text that needs no more than lowercasing: ASCII (NFKC, case fold and digits are identities on it). */
const asciiOnly = /^[\x00-\x7f]*$/;

/**
 * The search form of `text`: {@link foldText}'s NFKC, full case fold and ASCII digits, then
 * accents dropped and stroke letters and ligatures spelled plainly (see the file comment), white
 * space runs as one space, trimmed. Compare a query's and a record's search forms with `includes`
 * or `===`; never show a search form to the user or the model.
 */
export function searchFold(text: string): string {
  if (asciiOnly.test(text)) return text.toLowerCase().replace(/\s+/g, " ").trim();
  return foldText(text)
    .normalize("NFKD")
    .replace(ignoredMarks, "")
    .replace(plainLetterPattern, (letter) => plainLetters[letter] ?? letter)
    .normalize("NFKC")
    .replace(/\s+/gu, " ")
    .trim();
}

/**
 * The words a query asks for: its search form split at white space. The assistant's searches
 * keep a record when every term occurs in the record's search form (a term may hold punctuation,
 * as an address or a phone number does). An empty or blank query has no terms.
 */
export function searchTerms(query: string): string[] {
  const folded = searchFold(query);
  return folded === "" ? [] : folded.split(" ");
}

/**
 * The words of `text` in search form: runs of letters, combining marks and digits of any script
 * (marks count as part of a word, so a Devanagari word does not break at its vowel signs);
 * everything else separates words.
 */
export function searchWords(text: string): string[] {
  return searchFold(text)
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word !== "");
}
