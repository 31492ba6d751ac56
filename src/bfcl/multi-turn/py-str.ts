/**
 * Python's `str` methods the API classes call, with Python's semantics where JavaScript's differ:
 * `splitlines()` (every line boundary Python knows), `split()` (Unicode whitespace), `len()` in
 * code points, and the `AttributeError` a non-str receiver raises.
 */
import { pyWhitespaceClass } from "../python-text.js";
import { type PyObj, pyError, pyTypeName } from "./py-object.js";

/** `value` as a str receiver of `method`; raises the AttributeError Python would. */
export function strSelf(value: PyObj, method: string): string {
  if (typeof value === "string") return value;
  throw pyError("AttributeError", `'${pyTypeName(value)}' object has no attribute '${method}'`);
}

const lineBreak = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/;

/** `text.splitlines()`. */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split(lineBreak);
  if (lineBreak.test(text.at(-1) ?? "") && lines.at(-1) === "") lines.pop();
  return lines;
}

const whitespaceRun = new RegExp(`[${pyWhitespaceClass}]+`, "u");

/** `text.split()`. */
export function splitWhitespace(text: string): string[] {
  return text.split(whitespaceRun).filter((part) => part !== "");
}

/** `len(text)`: code points. */
export function pyLen(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** `text.rstrip(chars)`. */
export function rstripChars(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1] as string)) end -= 1;
  return text.slice(0, end);
}

/** `text.strip(chars)`. */
export function stripChars(text: string, chars: string): string {
  let start = 0;
  while (start < text.length && chars.includes(text[start] as string)) start += 1;
  return rstripChars(text.slice(start), chars);
}

/** `text.lower()`. */
export function pyLower(text: string): string {
  return text.toLowerCase();
}

/** `a[-k:]` of a list for an int k (Python slice semantics, negative and zero included). */
export function sliceFrom<T>(items: readonly T[], start: number): T[] {
  const from = start < 0 ? Math.max(0, items.length + start) : Math.min(start, items.length);
  return items.slice(from);
}
