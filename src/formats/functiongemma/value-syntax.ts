/**
 * FunctionGemma's value notation, used in its declarations, calls and responses: strings between
 * two `<escape>` tokens (the same token opens and closes; nothing inside is escaped), numbers,
 * `true` / `false` / `null` bare, arrays `[a,b]`, objects `{key:value,...}` with bare keys, no
 * spaces. Writing sorts object keys as the family's template does (Jinja's case-insensitive
 * `dictsort`); reading accepts any order, whitespace between items and keys written as escaped
 * strings, and never throws: it returns a typed failure.
 */
import { maxNestingDepth } from "../nesting-depth.js";

/** The token that delimits every string value. */
export const escapeToken = "<escape>";

/** Keys in the order Jinja's `dictsort` gives them (case-insensitive, stable). */
export function sortedKeys(record: Record<string, unknown>): string[] {
  return Object.keys(record)
    .map((key, index) => ({ key, lower: key.toLowerCase(), index }))
    .sort((a, b) => (a.lower < b.lower ? -1 : a.lower > b.lower ? 1 : a.index - b.index))
    .map((entry) => entry.key);
}

/**
 * Writes a JSON value in FunctionGemma's notation. A string that itself holds `<escape>` cannot
 * be written faithfully (the token would end it); it is written as is (docs/formats.md, limits).
 */
export function renderFunctionGemmaValue(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "null";
  if (typeof value === "string") return `${escapeToken}${value}${escapeToken}`;
  if (Array.isArray(value)) return `[${value.map(renderFunctionGemmaValue).join(",")}]`;
  if (typeof value === "object") return renderFunctionGemmaFields(value as Record<string, unknown>);
  return `${escapeToken}${String(value)}${escapeToken}`;
}

/** Writes an object as `{key:value,...}`, keys sorted. */
export function renderFunctionGemmaFields(record: Record<string, unknown>): string {
  const fields = sortedKeys(record).map((key) => `${key}:${renderFunctionGemmaValue(record[key])}`);
  return `{${fields.join(",")}}`;
}

/** Why a value could not be read. */
export type ValueFailureKind = "truncated" | "invalid-syntax" | "too-deep";

/** A value read from `text`, ending at `end`, or why not (`at`: where reading stopped). */
export type ReadResult =
  | { ok: true; value: unknown; end: number }
  | { ok: false; kind: ValueFailureKind; message: string; at: number };

const numberPattern = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;
/** Characters that end a bare token (a number, `true`, `false`, `null`) or a bare key. */
const tokenEnd = new Set([",", "}", "]", "{", "[", ":", "<", " ", "\n", "\r", "\t"]);

function skipSpace(text: string, from: number): number {
  let index = from;
  while (index < text.length && /\s/.test(text[index]!)) index += 1;
  return index;
}

function fail(kind: ValueFailureKind, message: string, at: number): ReadResult {
  return { ok: false, kind, message, at };
}

/** A property that cannot reach a prototype, whatever its name (`__proto__` included). */
function setField(record: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Reads FunctionGemma values. Each method starts at an index and returns where the value ends;
 * nesting is counted so that text nested deeper than the call-argument limit is refused before
 * the reader recurses further (objects and arrays at `depth` > {@link maxNestingDepth}).
 */
class ValueReader {
  constructor(readonly text: string) {}

  value(from: number, depth: number): ReadResult {
    const start = skipSpace(this.text, from);
    if (start >= this.text.length) return fail("truncated", "the output ends where a value should be", start);
    const char = this.text[start];
    if (char === "{") return this.object(start, depth);
    if (char === "[") return this.array(start, depth);
    if (this.text.startsWith(escapeToken, start)) return this.string(start);
    if (escapeToken.startsWith(this.text.slice(start)))
      return fail("truncated", "the output ends inside <escape>", start);
    return this.bare(start);
  }

  /** `<escape>text<escape>`. */
  string(start: number): ReadResult {
    const contentStart = start + escapeToken.length;
    const close = this.text.indexOf(escapeToken, contentStart);
    if (close < 0) return fail("truncated", "a string's closing <escape> never comes", start);
    return { ok: true, value: this.text.slice(contentStart, close), end: close + escapeToken.length };
  }

  /** A number, `true`, `false` or `null`. */
  bare(start: number): ReadResult {
    let end = start;
    while (end < this.text.length && !tokenEnd.has(this.text[end]!)) end += 1;
    const token = this.text.slice(start, end);
    if (end >= this.text.length) return fail("truncated", `the output ends inside the value ${token}`, start);
    if (token === "")
      return fail("invalid-syntax", `unexpected "${this.text[start]}" where a value should be`, start);
    if (token === "true") return { ok: true, value: true, end };
    if (token === "false") return { ok: true, value: false, end };
    if (token === "null") return { ok: true, value: null, end };
    if (numberPattern.test(token)) return { ok: true, value: Number(token), end };
    return fail(
      "invalid-syntax",
      `bare value ${JSON.stringify(token.slice(0, 40))}: strings are written between <escape> tokens`,
      start,
    );
  }

  /** `{key:value,...}` starting at `start` (the `{`). */
  object(start: number, depth: number): ReadResult {
    if (depth > maxNestingDepth) return fail("too-deep", "value nested too deeply", start);
    const record: Record<string, unknown> = {};
    let index = skipSpace(this.text, start + 1);
    if (this.text[index] === "}") return { ok: true, value: record, end: index + 1 };
    for (;;) {
      const key = this.key(index);
      if (!key.ok) return key;
      index = skipSpace(this.text, key.end);
      if (index >= this.text.length) return fail("truncated", "the output ends after a key", index);
      if (this.text[index] !== ":")
        return fail("invalid-syntax", `expected ":" after the key ${JSON.stringify(key.value)}`, index);
      const item = this.value(index + 1, depth + 1);
      if (!item.ok) return item;
      setField(record, key.value as string, item.value);
      const next = this.separator(item.end, "}");
      if (!next.ok) return next;
      if (next.closed) return { ok: true, value: record, end: next.end };
      index = skipSpace(this.text, next.end);
    }
  }

  /** `[value,...]` starting at `start` (the `[`). */
  array(start: number, depth: number): ReadResult {
    if (depth > maxNestingDepth) return fail("too-deep", "value nested too deeply", start);
    const items: unknown[] = [];
    const index = skipSpace(this.text, start + 1);
    if (this.text[index] === "]") return { ok: true, value: items, end: index + 1 };
    let position = index;
    for (;;) {
      const item = this.value(position, depth + 1);
      if (!item.ok) return item;
      items.push(item.value);
      const next = this.separator(item.end, "]");
      if (!next.ok) return next;
      if (next.closed) return { ok: true, value: items, end: next.end };
      position = next.end;
    }
  }

  /** A bare key (up to `:`) or a key written as an escaped string. */
  key(from: number): ReadResult {
    if (from >= this.text.length) return fail("truncated", "the output ends where a key should be", from);
    if (this.text.startsWith(escapeToken, from)) return this.string(from);
    let end = from;
    while (end < this.text.length && !tokenEnd.has(this.text[end]!)) end += 1;
    if (end >= this.text.length) return fail("truncated", "the output ends inside a key", from);
    if (end === from)
      return fail("invalid-syntax", `unexpected "${this.text[from]}" where a key should be`, from);
    return { ok: true, value: this.text.slice(from, end), end };
  }

  /** After an item: `,` (more follow) or the closing bracket. */
  separator(
    from: number,
    closer: "}" | "]",
  ): { ok: true; closed: boolean; end: number } | (ReadResult & { ok: false }) {
    const index = skipSpace(this.text, from);
    if (index >= this.text.length)
      return { ok: false, kind: "truncated", message: `the output ends before "${closer}"`, at: index };
    if (this.text[index] === closer) return { ok: true, closed: true, end: index + 1 };
    if (this.text[index] === ",") return { ok: true, closed: false, end: index + 1 };
    return { ok: false, kind: "invalid-syntax", message: `expected "," or "${closer}"`, at: index };
  }
}

/**
 * Reads the object that starts at `from` (which must be `{`) as a call's arguments: level 1 of
 * {@link maxNestingDepth}.
 */
export function readFunctionGemmaArguments(text: string, from: number): ReadResult {
  return new ValueReader(text).object(from, 1);
}

/** Reads any value at `from` (nesting counted from level 1). */
export function readFunctionGemmaValue(text: string, from: number): ReadResult {
  return new ValueReader(text).value(from, 1);
}
