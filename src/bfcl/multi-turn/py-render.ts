/**
 * How Python prints live objects: `repr()`, `str()` and `json.dumps` with its defaults
 * (separators ", " and ": ", `ensure_ascii`, floats as `repr`, `NaN`/`Infinity`), and the
 * conversion of a method's return value to the text BFCL's executor records (a str as is, a dict
 * through `json.dumps` or `str()` when that fails, anything else through `str()`).
 */
import { pyFloatRepr, pyStrRepr } from "../py-repr.js";
import {
  isCustom,
  PyDict,
  PyException,
  type PyObj,
  PySet,
  PyTuple,
  pyError,
  pyTypeName,
} from "./py-object.js";

/** Printable ASCII without quotes or backslashes: `repr` is the text in single quotes. */
const plainText = /^[\x20-\x21\x23-\x26\x28-\x5b\x5d-\x7e]*$/;

/** `repr(float)`, with a fast path for the common positional forms. */
export function floatRepr(value: number): string {
  if (Number.isInteger(value)) {
    if (Math.abs(value) < 1e16 && !Object.is(value, -0)) return `${value}.0`;
    return pyFloatRepr(value);
  }
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-4 && magnitude < 1e16) {
    const text = String(value);
    if (!text.includes("e")) return text;
  }
  return pyFloatRepr(value);
}

/** Python's `repr(value)`. */
export function pyReprOf(value: PyObj): string {
  if (value === null) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number") return floatRepr(value);
  if (typeof value === "string") return plainText.test(value) ? `'${value}'` : pyStrRepr(value);
  if (Array.isArray(value)) return `[${value.map(pyReprOf).join(", ")}]`;
  if (value instanceof PyDict)
    return `{${value
      .entries()
      .map(([key, item]) => `${pyReprOf(key)}: ${pyReprOf(item)}`)
      .join(", ")}}`;
  if (value instanceof PySet)
    return value.size === 0 ? "set()" : `{${value.items().map(pyReprOf).join(", ")}}`;
  if (value instanceof PyTuple)
    return value.items.length === 1
      ? `(${pyReprOf(value.items[0] as PyObj)},)`
      : `(${value.items.map(pyReprOf).join(", ")})`;
  if (isCustom(value)) return value.pyRepr();
  return String(value);
}

/** Python's `str(value)`. */
export function pyStrOf(value: PyObj): string {
  return typeof value === "string" ? value : pyReprOf(value);
}

function hex4(code: number): string {
  return `\\u${code.toString(16).padStart(4, "0")}`;
}

const plainAscii = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** `json.dumps(text)` with `ensure_ascii`. */
export function jsonString(text: string): string {
  if (plainAscii.test(text)) return `"${text}"`;
  let out = '"';
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const char = text[index] as string;
    if (char === '"') out += '\\"';
    else if (char === "\\") out += "\\\\";
    else if (char === "\n") out += "\\n";
    else if (char === "\r") out += "\\r";
    else if (char === "\t") out += "\\t";
    else if (char === "\b") out += "\\b";
    else if (char === "\f") out += "\\f";
    else if (code < 0x20 || code > 0x7e) out += hex4(code);
    else out += char;
  }
  return `${out}"`;
}

function jsonFloat(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Number.POSITIVE_INFINITY) return "Infinity";
  if (value === Number.NEGATIVE_INFINITY) return "-Infinity";
  return floatRepr(value);
}

function jsonKey(key: PyObj): string {
  if (typeof key === "string") return jsonString(key);
  if (typeof key === "bigint") return `"${key}"`;
  if (typeof key === "number") return `"${jsonFloat(key)}"`;
  if (typeof key === "boolean") return key ? '"true"' : '"false"';
  if (key === null) return '"null"';
  throw pyError("TypeError", `keys must be str, int, float, bool or None, not ${pyTypeName(key)}`);
}

const frozen = new WeakSet<object>();
const frozenJson = new WeakMap<object, string>();

/**
 * Marks `value` and everything in it as never mutated again (shared read-only data), so that its
 * `json.dumps` text can be computed once and reused.
 */
export function freezeForRendering(value: PyObj): void {
  if (typeof value !== "object" || value === null || frozen.has(value)) return;
  if (Array.isArray(value)) {
    frozen.add(value);
    for (const item of value) freezeForRendering(item);
  } else if (value instanceof PyDict) {
    frozen.add(value);
    for (const item of value.values()) freezeForRendering(item);
  }
}

function dumps(value: PyObj, active: Set<object>): string {
  if (typeof value === "object" && value !== null && frozen.has(value)) {
    let text = frozenJson.get(value);
    if (text === undefined) {
      text = dumpsFresh(value, active);
      frozenJson.set(value, text);
    }
    return text;
  }
  return dumpsFresh(value, active);
}

function dumpsFresh(value: PyObj, active: Set<object>): string {
  if (value === null) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number") return jsonFloat(value);
  if (typeof value === "string") return jsonString(value);
  if (active.has(value)) throw pyError("ValueError", "Circular reference detected");
  if (Array.isArray(value) || value instanceof PyTuple) {
    const items = Array.isArray(value) ? value : value.items;
    active.add(value);
    const text = `[${items.map((item) => dumps(item, active)).join(", ")}]`;
    active.delete(value);
    return text;
  }
  if (value instanceof PyDict) {
    active.add(value);
    const text = `{${value
      .entries()
      .map(([key, item]) => `${jsonKey(key)}: ${dumps(item, active)}`)
      .join(", ")}}`;
    active.delete(value);
    return text;
  }
  throw pyError("TypeError", `Object of type ${pyTypeName(value)} is not JSON serializable`);
}

/** Python's `json.dumps(value)` with default arguments; throws {@link PyException} as Python raises. */
export function jsonDumps(value: PyObj): string {
  return dumps(value, new Set());
}

/** The text BFCL's executor records for a call's return value. */
export function renderResult(value: PyObj): string {
  if (typeof value === "string") return value;
  if (value instanceof PyDict) {
    try {
      return jsonDumps(value);
    } catch (error) {
      if (error instanceof PyException) return pyStrOf(value);
      throw error;
    }
  }
  return pyStrOf(value);
}
