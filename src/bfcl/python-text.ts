/**
 * Python's string built-ins that the BFCL Java/JavaScript converters lean on: `str.strip()`,
 * `int(text)`, `float(text)`, and the `\s`, `\d`, `\w` and `.` of Python's `re` module (which
 * differ from JavaScript's: Python's `\d` takes every Unicode decimal digit, its `.` only stops at
 * `\n`, its `$` also matches before a final newline).
 */

/** The characters `str.isspace()` accepts (and `re`'s `\s` matches in a str pattern). */
export const pyWhitespaceClass =
  "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";

/** Regex source fragments with Python `re` semantics (use with the `u` flag). */
export const pyRe = {
  space: `[${pyWhitespaceClass}]`,
  digit: "\\p{Nd}",
  word: "[\\p{L}\\p{N}_]",
  /** `.` without DOTALL. */
  dot: "[^\\n]",
  /** `$` without MULTILINE: the end, or just before a final newline. */
  end: "(?=\\n?$)",
};

const leadingSpace = new RegExp(`^${pyRe.space}+`, "u");
const trailingSpace = new RegExp(`${pyRe.space}+$`, "u");

/** Python's `text.strip()`. */
export function pyStrip(text: string): string {
  return text.replace(leadingSpace, "").replace(trailingSpace, "");
}

/** Python's `text.strip(chars)`. */
export function pyStripChars(text: string, chars: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && chars.includes(text[start] as string)) start += 1;
  while (end > start && chars.includes(text[end - 1] as string)) end -= 1;
  return text.slice(start, end);
}

/** Python's `text[1:-1]` (by code point, not UTF-16 unit). */
export function pyInner(text: string): string {
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  const surrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdfff;
  if (!surrogate(first) && !surrogate(last)) return text.slice(1, -1);
  return Array.from(text).slice(1, -1).join("");
}

/** Python's `text[:-1]` (by code point). */
export function pyDropLast(text: string): string {
  const last = text.charCodeAt(text.length - 1);
  if (last >= 0xdc00 && last <= 0xdfff) return Array.from(text).slice(0, -1).join("");
  return text.slice(0, -1);
}

const unicodeDigit = /\p{Nd}/u;

/** The value 0-9 of a Unicode decimal digit (they come in aligned runs of ten). */
function digitValue(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  let run = 0;
  while (run < 9 && unicodeDigit.test(String.fromCodePoint(code - run - 1))) run += 1;
  return run;
}

/** `text` with every Unicode decimal digit replaced by its ASCII digit. */
function asciiDigits(text: string): string {
  if (/^[0-9_]*$/.test(text)) return text;
  let out = "";
  for (const char of text) out += unicodeDigit.test(char) ? String(digitValue(char)) : char;
  return out;
}

const intText = /^([+-]?)(\p{Nd}(?:_?\p{Nd})*)$/u;

/** Python's `int(text)` (base 10), or undefined where Python raises ValueError. */
export function pyIntFromText(text: string): bigint | undefined {
  const match = intText.exec(pyStrip(text));
  if (!match) return undefined;
  const digits = asciiDigits(match[2] ?? "").replace(/_/g, "");
  const value = BigInt(digits);
  return match[1] === "-" ? -value : value;
}

const floatText =
  /^([+-]?)(?:(inf|infinity|nan)|((?:\p{Nd}(?:_?\p{Nd})*)?(?:\.(?:\p{Nd}(?:_?\p{Nd})*)?)?)(?:[eE]([+-]?\p{Nd}(?:_?\p{Nd})*))?)$/iu;

/** Python's `float(text)`, or undefined where Python raises ValueError. */
export function pyFloatFromText(text: string): number | undefined {
  const match = floatText.exec(pyStrip(text));
  if (!match) return undefined;
  const sign = match[1] === "-" ? -1 : 1;
  const special = match[2]?.toLowerCase();
  if (special !== undefined) return special === "nan" ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  const mantissa = asciiDigits(match[3] ?? "").replace(/_/g, "");
  if (!/\d/.test(mantissa)) return undefined;
  const exponent = match[4] === undefined ? "" : `e${asciiDigits(match[4]).replace(/_/g, "")}`;
  return sign * Number(`${mantissa}${exponent}`);
}
