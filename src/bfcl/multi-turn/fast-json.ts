/**
 * JSON text to live Python objects as `json.loads` makes them, fast: one regex pass marks what
 * `JSON.parse` would lose (floats with an integral value such as `10.0`, ints beyond 2**53, and
 * object keys that look like array indices, which JavaScript objects would reorder), then
 * `JSON.parse` does the parsing and the marks are undone while converting.
 */
import { PyDict, type PyObj } from "./py-object.js";

const token = /"(?:[^"\\]|\\.)*"(\s*:)?|-?\d+(\.\d+)?([eE][+-]?\d+)?/g;
const floatMark = "\u0000f";
const intMark = "\u0000i";
const keyMark = "\u0000k";
/** The marks as written inside JSON text (escaped, decoded by JSON.parse into the marks above). */
const floatText = "\\u0000f";
const intText = "\\u0000i";
const keyText = "\\u0000k";
const indexLike = /^"(?:0|[1-9]\d{0,9})"$/;

function mark(text: string): string {
  return text.replace(
    token,
    (
      match: string,
      colon: string | undefined,
      fraction: string | undefined,
      exponent: string | undefined,
    ) => {
      if (match.startsWith('"')) {
        if (colon === undefined) return match;
        const key = match.slice(0, match.length - colon.length);
        return indexLike.test(key) ? `"${keyText}${key.slice(1)}${colon}` : match;
      }
      if (fraction !== undefined || exponent !== undefined)
        return Number.isInteger(Number(match)) ? `{"${floatText}":"${match}"}` : match;
      return match.replace("-", "").length > 15 ? `{"${intText}":"${match}"}` : match;
    },
  );
}

function convert(value: unknown): PyObj {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isInteger(value) ? BigInt(value) : value;
  if (Array.isArray(value)) return value.map(convert);
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  if (keys.length === 1) {
    if (keys[0] === floatMark) return Number(object[floatMark]);
    if (keys[0] === intMark) return BigInt(object[intMark] as string);
  }
  const dict = new PyDict();
  for (const key of keys)
    dict.set(key.startsWith(keyMark) ? key.slice(keyMark.length) : key, convert(object[key]));
  return dict;
}

/** Parses JSON text as Python's `json.loads` would type it. Throws SyntaxError on bad JSON. */
export function parseJsonToPy(text: string): PyObj {
  return convert(JSON.parse(mark(text)));
}

/** Plain JSON data (as `JSON.parse` gives) from a live object made by {@link parseJsonToPy}. */
export function toPlainJson(value: PyObj): unknown {
  if (typeof value === "bigint") return Number(value);
  if (Array.isArray(value)) return value.map(toPlainJson);
  if (value instanceof PyDict)
    return Object.fromEntries(value.entries().map(([key, item]) => [String(key), toPlainJson(item)]));
  return value;
}
