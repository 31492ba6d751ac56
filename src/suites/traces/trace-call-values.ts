/**
 * The call values of a traces sample, in BFCL's terms: the recorded calls as BFCL possible answers
 * (an argument the schema does not require may be left out when its recorded value is the schema's
 * `default`), the model's arguments as Python values, numbers snapped to the recorded ones within
 * a relative tolerance, and the exact-strings comparison.
 */
import { parseLosslessJson } from "../../bfcl/lossless-json.js";
import { dictGet, type PyDict, type PyValue, pyEquals } from "../../bfcl/py-value.js";
import { pyValueFromPlain } from "../../bfcl/results-file.js";
import type { ToolCall, ToolDefinition } from "../../messages.js";
import type { TraceCall } from "./trace-file.js";

export function argumentsOf(call: TraceCall): PyDict {
  const value = parseLosslessJson(call.argumentsText);
  if (value.kind !== "dict") throw new Error(`arguments of ${call.name} are not an object`);
  return value;
}

interface CallSchema {
  required: string[];
  defaults: Map<string, unknown>;
  /** Each property's JSON Schema. */
  properties: Record<string, unknown>;
}

function schemaOf(tools: readonly ToolDefinition[], name: string): CallSchema {
  const tool = tools.find((candidate) => candidate.name === name);
  const parameters = (tool?.parameters ?? {}) as { required?: unknown; properties?: Record<string, unknown> };
  const properties = parameters.properties ?? {};
  const defaults = new Map<string, unknown>();
  for (const [key, schema] of Object.entries(properties))
    if (schema !== null && typeof schema === "object" && "default" in schema)
      defaults.set(key, (schema as { default: unknown }).default);
  return {
    required: Array.isArray(parameters.required) ? parameters.required.map(String) : [],
    defaults,
    properties,
  };
}

function typeOf(schema: unknown): unknown {
  return (schema as { type?: unknown } | null | undefined)?.type;
}

/** A recorded dict as BFCL writes a possible dict: each value a list of accepted values. */
function possibleDict(value: PyValue): PyValue {
  if (value.kind !== "dict") return value;
  return {
    kind: "dict",
    keys: value.keys,
    values: value.values.map((item) => ({ kind: "list", items: [item] })),
  };
}

/**
 * The recorded value in BFCL's possible-answer shape for its parameter: an object parameter's
 * dict (and an array of objects' dicts) has its values wrapped as accepted-value lists.
 */
function possibleValue(value: PyValue, schema: unknown): PyValue {
  if (typeOf(schema) === "object") return possibleDict(value);
  if (
    typeOf(schema) === "array" &&
    typeOf((schema as { items?: unknown }).items) === "object" &&
    value.kind === "list"
  )
    return { kind: "list", items: value.items.map(possibleDict) };
  return value;
}

/** BFCL's possible answer for the recorded calls: `[{name: {param: [value] | [value, ""]}}]`. */
export function possibleAnswer(calls: readonly TraceCall[], tools: readonly ToolDefinition[]): PyValue {
  return {
    kind: "list",
    items: calls.map((call): PyValue => {
      const args = argumentsOf(call);
      const { required, defaults, properties } = schemaOf(tools, call.name);
      const values = args.values.map((value, index): PyValue => {
        const key = args.keys[index] as PyValue;
        const name = key.kind === "str" ? key.value : "";
        const isDefault =
          !required.includes(name) &&
          defaults.has(name) &&
          pyEquals(value, pyValueFromPlain(defaults.get(name)));
        const accepted = possibleValue(value, properties[name]);
        const options: PyValue[] = isDefault ? [accepted, { kind: "str", value: "" }] : [accepted];
        return { kind: "list", items: options };
      });
      return {
        kind: "dict",
        keys: [{ kind: "str", value: call.name }],
        values: [{ kind: "dict", keys: args.keys, values }],
      };
    }),
  };
}

function isNumber(value: PyValue): value is Extract<PyValue, { kind: "int" | "float" }> {
  return value.kind === "int" || value.kind === "float";
}

function within(given: PyValue, expected: PyValue, tolerance: number): boolean {
  if (!isNumber(given) || !isNumber(expected)) return false;
  const a = Number(given.value);
  const b = Number(expected.value);
  return Math.abs(a - b) <= tolerance * Math.max(Math.abs(a), Math.abs(b));
}

/** `given` with numbers within tolerance of `expected` (same place) replaced by the expected ones. */
export function snapNumbers(given: PyValue, expected: PyValue | undefined, tolerance: number): PyValue {
  if (expected === undefined) return given;
  if (within(given, expected, tolerance)) return expected;
  if (given.kind === "list" && expected.kind === "list")
    return {
      kind: "list",
      items: given.items.map((item, i) => snapNumbers(item, expected.items[i], tolerance)),
    };
  if (given.kind === "dict" && expected.kind === "dict")
    return {
      kind: "dict",
      keys: given.keys,
      values: given.values.map((value, i) =>
        snapNumbers(value, dictGet(expected, given.keys[i] as PyValue), tolerance),
      ),
    };
  return given;
}

/** Every string of `value` (dict keys excluded) by its place (`.unit`, `.stops[1]`). */
function stringsOf(value: PyValue, at: string, into: Map<string, string>): Map<string, string> {
  if (value.kind === "str") into.set(at, value.value);
  else if (value.kind === "list" || value.kind === "tuple")
    value.items.forEach((item, i) => {
      stringsOf(item, `${at}[${i}]`, into);
    });
  else if (value.kind === "dict")
    value.values.forEach((item, i) => {
      const key = value.keys[i] as PyValue;
      stringsOf(item, `${at}.${key.kind === "str" ? key.value : "?"}`, into);
    });
  return into;
}

function sameStrings(given: PyDict, recorded: PyDict): boolean {
  const mine = stringsOf(given, "", new Map());
  for (const [at, value] of stringsOf(recorded, "", new Map()))
    if (mine.has(at) && mine.get(at) !== value) return false;
  return true;
}

interface NamedArgs {
  name: string;
  args: PyDict;
}

/**
 * After BFCL's (standardised) match: why some model call repeats no recorded call of its name
 * string for string, or undefined when each does (calls matched one to one, in any order).
 */
export function stringsExact(
  calls: readonly NamedArgs[],
  recorded: readonly NamedArgs[],
): string | undefined {
  const unused = [...recorded];
  for (const call of calls) {
    const index = unused.findIndex(
      (candidate) => candidate.name === call.name && sameStrings(call.args, candidate.args),
    );
    if (index < 0) return `${call.name}: a string argument differs from the recorded one (strings=exact)`;
    unused.splice(index, 1);
  }
  return undefined;
}

export function modelArguments(call: ToolCall): PyDict {
  if (call.argumentsText !== undefined) {
    try {
      const value = parseLosslessJson(call.argumentsText);
      if (value.kind === "dict") return value;
    } catch {
      // The plain object below is exact where the text cannot be read.
    }
  }
  return pyValueFromPlain(call.arguments) as PyDict;
}
