/**
 * Regular expressions that work in every script. JavaScript's `\b`, `\B`, `\w` and `\W` are
 * ASCII-only even with the `u` flag: `\bшесть\b` never matches, since Cyrillic letters are not
 * `\w`, and a Devanagari word breaks at every vowel sign. {@link unicodeRegex} rewrites them:
 * a word character is a letter, a combining mark, a digit or `_` of any script, except the scripts
 * written without spaces between words (Han, Hiragana, Katakana, Thai), where a word boundary holds
 * at every character; `\b` becomes "a word character on exactly one side". ASCII ranges such as
 * `[a-z]` are not rewritten: the scenario loader refuses them in non-English data. The pattern is
 * compiled with the `u` and `i` flags (Unicode case folding) and tested against NFKC text with
 * ASCII digits (fold-text.ts).
 */
import { normaliseText } from "./fold-text.js";

/** One word character of a script that separates words with spaces. */
const wordChar = "(?:(?![\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}\\p{sc=Thai}])[\\p{L}\\p{M}\\p{N}_])";
/** Inside a character class: word characters (the spaceless scripts included; classes cannot subtract). */
const wordClassBody = "\\p{L}\\p{M}\\p{N}_";
const boundary = `(?:(?<=${wordChar})(?!${wordChar})|(?<!${wordChar})(?=${wordChar}))`;
const notBoundary = `(?:(?<=${wordChar})(?=${wordChar})|(?<!${wordChar})(?!${wordChar}))`;

/** The pattern with `\b`, `\B`, `\w`, `\W` made Unicode-aware (see the file comment). */
export function unicodePatternSource(pattern: string): string {
  let out = "";
  let inClass = false;
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index]!;
    if (char === "\\" && index + 1 < pattern.length) {
      const next = pattern[index + 1]!;
      index += 1;
      if (!inClass && next === "b") out += boundary;
      else if (!inClass && next === "B") out += notBoundary;
      else if (next === "w") out += inClass ? wordClassBody : `[${wordClassBody}]`;
      else if (next === "W" && !inClass)
        out += `[^${wordClassBody}]`; // Inside a class `\W` stays ASCII.
      else out += `\\${next}`;
      continue;
    }
    if (char === "[" && !inClass) inClass = true;
    else if (char === "]" && inClass) inClass = false;
    out += char;
  }
  return out;
}
const cache = new Map<string, RegExp>();

/** The compiled Unicode-aware, case-insensitive pattern (cached); throws SyntaxError when invalid. */
export function unicodeRegex(pattern: string): RegExp {
  let compiled = cache.get(pattern);
  if (compiled === undefined) {
    compiled = new RegExp(unicodePatternSource(pattern.normalize("NFKC")), "iu");
    if (cache.size > 4096) cache.clear();
    cache.set(pattern, compiled);
  }
  return compiled;
}

/** True when `pattern` matches `text` (NFKC, ASCII digits) anywhere. */
export function testUnicode(pattern: string, text: string): boolean {
  return unicodeRegex(pattern).test(normaliseText(text));
}

/** ASCII-only constructs a pattern for non-English text must not use: `[a-z]`-style letter ranges. */
export function asciiOnlyConstructs(pattern: string): string[] {
  const found: string[] = [];
  const ranges = pattern.match(/\[[^\]]*[a-zA-Z]-[a-zA-Z][^\]]*\]/g);
  if (ranges !== null) found.push(...ranges);
  return found;
}
