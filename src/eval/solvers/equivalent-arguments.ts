/**
 * When a call the model made is the call a reference solution makes: the same tool, and every
 * argument of the reference present with an equivalent value. Strings compare trimmed, case- and
 * whitespace-insensitively, in any script (NFKC, full case fold, ASCII digits: src/text/fold-text.ts); date-times compare as instants (local ones in the user's time zone, so
 * `2025-06-06T15:00` = `2025-06-06T15:00:00-04:00` in New York in June; without a zone, with or
 * without seconds); numbers by value; arrays element by element in order (as sets when both hold
 * only strings). Loose arguments (named in `loose`, or strings over 40 characters in the reference)
 * may hold anything or be left out. An argument on one side only must be empty (absent, null, "",
 * [] or false) or equal to its schema `default`. The scripted user approves confirmations with this.
 */

import { parseDateTime } from "../../assistant/time-zones.js";
import type { JsonSchema } from "../../messages.js";
import { foldText } from "../../text/fold-text.js";
import type { ReferenceCall } from "../suite.js";

/** Strings longer than this in a reference are free text: loose. */
const freeTextLength = 40;

/** How to compare: the user's time zone for local date-times. */
export interface EquivalenceOptions {
  timeZone?: string;
}

const dateTimePattern = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?\s*(Z|z|[+-]\d{2}:?\d{2})?$/;

function instant(text: string, timeZone: string): number | undefined {
  if (!dateTimePattern.test(text.trim())) return undefined;
  try {
    return parseDateTime(text, timeZone, "value").getTime();
  } catch {
    return undefined;
  }
}

function normaliseString(text: string): string {
  const trimmed = foldText(text);
  const dateTime = trimmed.match(/^(\d{4}-\d{2}-\d{2})[t ](\d{2}:\d{2})(:00)?(\.0+)?$/);
  return dateTime ? `${dateTime[1]}t${dateTime[2]}` : trimmed;
}

function equalStrings(expected: string, actual: string, options: EquivalenceOptions): boolean {
  if (options.timeZone !== undefined) {
    const left = instant(expected, options.timeZone);
    const right = left === undefined ? undefined : instant(actual, options.timeZone);
    if (left !== undefined && right !== undefined) return left === right;
  }
  return normaliseString(expected) === normaliseString(actual);
}

/** True when two JSON values are equivalent under the rules above. */
export function equivalentValues(
  expected: unknown,
  actual: unknown,
  options: EquivalenceOptions = {},
): boolean {
  if (typeof expected === "string" && typeof actual === "string")
    return equalStrings(expected, actual, options);
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
    return expected.every((item, index) => equivalentValues(item, actual[index], options));
  }
  if (isObject(expected) && isObject(actual)) {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const key of keys) {
      if (!(key in expected)) {
        if (!isEmpty(actual[key])) return false;
      } else if (!equivalentValues(expected[key], actual[key], options)) return false;
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

/** The `default` of each top-level property of an arguments schema. */
function schemaDefaults(parameters: JsonSchema | undefined): Map<string, unknown> {
  const defaults = new Map<string, unknown>();
  const properties = parameters?.properties;
  if (!isObject(properties)) return defaults;
  for (const [name, property] of Object.entries(properties))
    if (isObject(property) && "default" in property) defaults.set(name, property.default);
  return defaults;
}

/**
 * True when `actual` (a tool name and arguments) is the reference call `reference`; `parameters`
 * is the tool's arguments schema (for defaults).
 */
export function matchesReferenceCall(
  reference: ReferenceCall,
  actual: { name: string; arguments: Readonly<Record<string, unknown>> },
  options: EquivalenceOptions & { parameters?: JsonSchema } = {},
): boolean {
  if (reference.name !== actual.name) return false;
  const defaults = schemaDefaults(options.parameters);
  const loose = new Set(reference.loose ?? []);
  for (const [key, value] of Object.entries(reference.arguments))
    if (typeof value === "string" && value.length > freeTextLength) loose.add(key);
  const onlyOnOneSide = (key: string, value: unknown) =>
    loose.has(key) ||
    isEmpty(value) ||
    (defaults.has(key) && equivalentValues(defaults.get(key), value, options));
  for (const [key, value] of Object.entries(reference.arguments)) {
    if (loose.has(key)) continue;
    if (!(key in actual.arguments) || actual.arguments[key] === undefined) {
      if (!onlyOnOneSide(key, value)) return false;
    } else if (!equivalentValues(value, actual.arguments[key], options)) return false;
  }
  for (const [key, value] of Object.entries(actual.arguments))
    if (!(key in reference.arguments) && !onlyOnOneSide(key, value)) return false;
  return true;
}
