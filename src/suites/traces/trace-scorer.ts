/**
 * Scores one assistant turn of a trace against the calls recorded there, with BFCL's AST checker
 * (src/bfcl) over the conversation's own tool schemas: the function names, the required arguments,
 * each argument's type and its value. Each recorded argument is expected with its recorded value;
 * one the schema does not require may be left out when its recorded value is the schema's
 * `default`. Several recorded calls are matched in any order (BFCL's parallel rules). A text turn
 * fails on any call or attempted call; a reply with no call is compared with the recorded reply
 * (trace-text-turn.ts; with `--judge-model`, by the judge: trace-judge.ts).
 *
 * Options (given in the suite name, docs/traces.md): `strings` — `bfcl` (default: BFCL's
 * standardisation, case, spaces and `, . / - _ * ^` ignored) or `exact`; `tolerance` — a relative
 * tolerance for numbers (default 0: equal), so `tolerance=0.01` accepts 99.5 for 100.
 */
import type { ModelBackend } from "../../backend/model-backend.js";
import { bfclEntryFromJson } from "../../bfcl/dataset.js";
import { judgeBfclEntry } from "../../bfcl/entry-verdict.js";
import { parseLosslessJson } from "../../bfcl/lossless-json.js";
import { dictGet, type PyDict, type PyValue, pyEquals } from "../../bfcl/py-value.js";
import { pyValueFromPlain } from "../../bfcl/results-file.js";
import type { Sample, Score, Scorer, Transcript } from "../../eval/suite.js";
import { type ParsedReply, summariseParts, type ToolCall, type ToolDefinition } from "../../messages.js";
import { schemaFunctionDoc } from "../schema-function-doc.js";
import type { TraceCall } from "./trace-file.js";
import { judgeTextTurn } from "./trace-judge.js";
import { scoreTextTurn } from "./trace-text-turn.js";

/** What a traces sample is scored against: the recorded calls (none for a text turn). */
export interface TraceTarget {
  calls: TraceCall[];
  /** The recorded reply of a text turn. */
  text?: string;
}

/** How values are compared. */
export interface TraceScoringOptions {
  strings: "bfcl" | "exact";
  /** Relative tolerance for numbers; 0: equal. */
  tolerance: number;
}

/** The defaults: BFCL's own comparison. */
export const defaultTraceScoring: TraceScoringOptions = { strings: "bfcl", tolerance: 0 };

function argumentsOf(call: TraceCall): PyDict {
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
function snapNumbers(given: PyValue, expected: PyValue | undefined, tolerance: number): PyValue {
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
function stringsExact(calls: readonly NamedArgs[], recorded: readonly NamedArgs[]): string | undefined {
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

function modelArguments(call: ToolCall): PyDict {
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

/** Scores a model's reply (its parts, gathered) against a traces sample. */
export function scoreTraceReply(
  sample: Sample<TraceTarget>,
  reply: ParsedReply,
  options: TraceScoringOptions,
): Score {
  const expected = sample.target.calls;
  if (expected.length === 0) {
    if (reply.toolCalls.length > 0)
      return {
        passed: false,
        explanation: `called ${reply.toolCalls.map((call) => call.name).join(", ")} where the trace answered in text`,
        errorType: "text:called",
      };
    if (reply.errors.length > 0)
      return {
        passed: false,
        explanation: "attempted a call (unparsable) where the trace answered in text",
        errorType: "text:attempted",
      };
    return scoreTextTurn(sample, reply.content);
  }
  if (reply.toolCalls.length === 0)
    return {
      passed: false,
      explanation:
        reply.errors.length > 0
          ? `made no readable call (${reply.errors[0]?.message ?? "unparsable"})`
          : "made no tool call",
      errorType: reply.errors.length > 0 ? "parse-failure" : "no-call",
      parseFailure: reply.errors.length > 0,
    };
  const recorded = expected.map((call) => ({ name: call.name, args: argumentsOf(call) }));
  const given = reply.toolCalls.map((call) => {
    let args = modelArguments(call);
    if (options.tolerance > 0) {
      const sameName = recorded.filter((candidate) => candidate.name === call.name);
      for (const candidate of sameName) args = snapNumbers(args, candidate.args, options.tolerance) as PyDict;
    }
    return { name: call.name, args };
  });
  const functions = sample.tools.map(schemaFunctionDoc);
  const entry = bfclEntryFromJson(
    sample.id,
    expected.length > 1 ? "parallel_multiple" : "multiple",
    functions,
    possibleAnswer(expected, sample.tools),
  );
  const result: PyValue = {
    kind: "list",
    items: given.map((call) => ({
      kind: "dict",
      keys: [{ kind: "str", value: call.name }],
      values: [call.args],
    })),
  };
  const verdict = judgeBfclEntry(entry, result);
  if (!verdict.valid)
    return {
      passed: false,
      explanation: (verdict.errors ?? []).join(" ").slice(0, 2000) || "does not match the recorded calls",
      errorType: verdict.errorType ?? undefined,
    };
  if (options.strings === "exact") {
    const differs = stringsExact(given, recorded);
    if (differs !== undefined)
      return { passed: false, explanation: differs, errorType: "value_error:string_exact" };
  }
  return { passed: true, explanation: "matches the recorded calls" };
}

/**
 * The scorer of a traces suite with its options: the reply of the transcript's last model call.
 * With `judge` (`--judge-model`), a text reply that makes no call and is not empty is judged
 * against the recorded one.
 */
export function traceScorer(options: TraceScoringOptions, judge?: ModelBackend): Scorer<TraceTarget> {
  return {
    score(sample: Sample<TraceTarget>, transcript: Transcript) {
      const reply = summariseParts(transcript.turns.at(-1)?.parts ?? []);
      const score = scoreTraceReply(sample, reply, options);
      const judged =
        judge !== undefined &&
        sample.target.calls.length === 0 &&
        reply.toolCalls.length === 0 &&
        reply.errors.length === 0 &&
        reply.content.trim() !== "" &&
        (sample.target.text ?? "").trim() !== "";
      return judged ? judgeTextTurn(judge, sample.id, sample, reply.content) : score;
    },
  };
}
