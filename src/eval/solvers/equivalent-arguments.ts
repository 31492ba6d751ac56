/**
 * When a call the model made is the call a reference solution makes: the same tool, and every
 * argument of the reference present with an equivalent value. Strings compare trimmed, case- and
 * whitespace-insensitively; local date-times compare with or without seconds
 * (`2025-06-06T15:00` = `2025-06-06T15:00:00`); numbers compare by value; arrays element by element
 * in order (as sets when both hold only strings); loose arguments (named, or strings over 40
 * characters in the reference) need only be present. Extra arguments of the model's call must be
 * empty (absent, null, "", [] or false). The scripted user approves confirmations with this.
 */
import type { ReferenceCall } from "../suite.js";

/** Strings longer than this in a reference are free text: loose. */
const freeTextLength = 40;

function normaliseString(text: string): string {
  const trimmed = text.trim().toLowerCase().replace(/\s+/g, " ");
  const dateTime = trimmed.match(/^(\d{4}-\d{2}-\d{2})[t ](\d{2}:\d{2})(:00)?(\.0+)?$/);
  return dateTime ? `${dateTime[1]}t${dateTime[2]}` : trimmed;
}

/** True when two JSON values are equivalent under the rules above. */
export function equivalentValues(expected: unknown, actual: unknown): boolean {
  if (typeof expected === "string" && typeof actual === "string")
    return normaliseString(expected) === normaliseString(actual);
  if (typeof expected === "number" && typeof actual === "number") return expected === actual;
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) return false;
    if (
      expected.every((item) => typeof item === "string") &&
      actual.every((item) => typeof item === "string")
    ) {
      const left = expected.map((item) => normaliseString(item as string)).sort();
      const right = actual.map((item) => normaliseString(item as string)).sort();
      return left.every((item, index) => item === right[index]);
    }
    return expected.every((item, index) => equivalentValues(item, actual[index]));
  }
  if (isObject(expected) && isObject(actual)) {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const key of keys) {
      if (!(key in expected)) {
        if (!isEmpty(actual[key])) return false;
      } else if (!equivalentValues(expected[key], actual[key])) return false;
    }
    return true;
  }
  return expected === actual;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === "" ||
    value === false ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** True when `actual` (a tool name and arguments) is the reference call `reference`. */
export function matchesReferenceCall(
  reference: ReferenceCall,
  actual: { name: string; arguments: Readonly<Record<string, unknown>> },
): boolean {
  if (reference.name !== actual.name) return false;
  const loose = new Set(reference.loose ?? []);
  for (const [key, value] of Object.entries(reference.arguments)) {
    if (typeof value === "string" && value.length > freeTextLength) loose.add(key);
  }
  for (const [key, value] of Object.entries(reference.arguments)) {
    const given = actual.arguments[key];
    if (loose.has(key)) {
      if (given === undefined || given === null || given === "") return false;
    } else if (!equivalentValues(value, given)) return false;
  }
  for (const [key, value] of Object.entries(actual.arguments))
    if (!(key in reference.arguments) && !isEmpty(value)) return false;
  return true;
}
