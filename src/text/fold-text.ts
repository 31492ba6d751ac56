/**
 * Text folded for comparison across scripts: Unicode NFKC (full-width forms, ligatures and
 * compatibility characters to their plain forms, so `１５：００` is `15:00`), a full case fold
 * (upper then lower case, so `ß` is `ss` and final `ς` is `σ`, beyond what `toLowerCase` does),
 * every decimal digit of any script as an ASCII digit (Devanagari `९` is `9`), and runs of white
 * space as one space. Used wherever a scorer compares model text with expected text, so a check
 * written once holds for Chinese, Hindi or Russian replies as for English ones.
 */

/** True for a decimal digit of any script. */
const decimalDigit = /\p{Nd}/u;

/**
 * The ASCII digit of a decimal digit `char` (any script). Unicode keeps each script's decimal
 * digits as one contiguous run from 0 to 9, so the value is the count of digits before it in its
 * run, modulo 10 (some blocks hold several runs back to back).
 */
function asciiDigit(char: string): string {
  const point = char.codePointAt(0) ?? 0;
  let before = 0;
  while (before < 100 && decimalDigit.test(String.fromCodePoint(point - before - 1))) before += 1;
  return String(before % 10);
}

/** Every decimal digit of any script as its ASCII digit. */
export function asciiDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (char) => (char >= "0" && char <= "9" ? char : asciiDigit(char)));
}

/** NFKC, ASCII digits, no case changes and white space kept: the form regular expressions test. */
export function normaliseText(text: string): string {
  return asciiDigits(text.normalize("NFKC"));
}

/** The folded text: NFKC, full case fold, ASCII digits, white space runs as one space, trimmed. */
export function foldText(text: string): string {
  return normaliseText(text).toUpperCase().toLowerCase().normalize("NFKC").replace(/\s+/gu, " ").trim();
}
