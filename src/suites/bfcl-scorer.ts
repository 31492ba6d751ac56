/**
 * Scores BFCL samples with the official checker rules (src/bfcl). Prompt mode: the visible text
 * (reasoning removed) goes to BFCL's own decoder for the category's language, exactly as a BFCL
 * result line would. Function-calling mode: the calls the backend parsed are mapped back from
 * their function-calling names ("_" for ".") and checked as BFCL's `[{name: {args}}]`; a reply
 * without calls is checked as its text, as BFCL does with a function-calling model's text reply.
 */
import { toModelCalls } from "../bfcl/ast-checker.js";
import type { BfclCategory } from "../bfcl/categories.js";
import type { BfclDataset, BfclEntry } from "../bfcl/dataset.js";
import { decodeJavaPrompt } from "../bfcl/decode-java-prompt.js";
import { decodeJavaScriptPrompt } from "../bfcl/decode-javascript-prompt.js";
import { decodePythonPrompt } from "../bfcl/decode-python-prompt.js";
import { judgeBfclEntry } from "../bfcl/entry-verdict.js";
import { parseLosslessJson } from "../bfcl/lossless-json.js";
import { pyRepr } from "../bfcl/py-repr.js";
import type { PyValue } from "../bfcl/py-value.js";
import { pyValueFromPlain } from "../bfcl/results-file.js";
import { fromFcName } from "../bfcl/tool-schema.js";
import type { Sample, Score, Scorer, Transcript } from "../eval/suite.js";
import { splitReasoning } from "../formats/think-blocks.js";
import { summariseParts, type ToolCall } from "../messages.js";

/** What a BFCL sample is scored against: its entry (looked up in the dataset) and the mode. */
export interface BfclTarget {
  category: BfclCategory;
  mode: "prompt" | "fc";
  /** The entry's function names as published (with dots). */
  functionNames: string[];
}

/** Plain JSON-like data from a Python value (ints beyond 2^53 and odd kinds become their repr). */
export function pyToPlain(value: PyValue): unknown {
  switch (value.kind) {
    case "int":
      return Number.isSafeInteger(Number(value.value)) ? Number(value.value) : value.value.toString();
    case "float":
      return Number.isFinite(value.value) ? value.value : pyRepr(value);
    case "str":
      return value.value;
    case "bool":
      return value.value;
    case "none":
      return null;
    case "list":
    case "tuple":
      return value.items.map(pyToPlain);
    case "dict": {
      const out: Record<string, unknown> = {};
      value.keys.forEach((key, index) => {
        out[key.kind === "str" ? key.value : pyRepr(key)] = pyToPlain(value.values[index] as PyValue);
      });
      return out;
    }
    default:
      return pyRepr(value);
  }
}

/** Looks like an attempt at `[name(` : a failed decode of it is a parse failure, not a refusal. */
const callAttempt = /\[\s*[A-Za-z_$][\w.$]*\s*\(/;

/** An unfinished `[name(` at the end of `text`: where a call holding a reasoning tag begins. */
const openCallAtEnd = /\[\s*[A-Za-z_$][\w.$]*\s*\([^\]]*$/;

/** The text outside reasoning; a reasoning tag inside a call's string stays the call's text. */
function visibleText(rawText: string): string {
  return splitReasoning(rawText, { callAround: (text) => openCallAtEnd.exec(text)?.index })
    .filter((segment) => segment.kind === "text")
    .map((segment) => segment.text)
    .join("")
    .trim();
}

/** The calls BFCL's decoder reads in `text` (for the record), and whether it could read any. */
function decodeForRecord(text: string, language: BfclEntry["language"]): { ok: boolean; calls: ToolCall[] } {
  const decoded =
    language === "java"
      ? decodeJavaPrompt(text)
      : language === "javascript"
        ? decodeJavaScriptPrompt(text)
        : decodePythonPrompt(text);
  const calls = decoded.ok ? toModelCalls(decoded.value) : undefined;
  if (calls === undefined) return { ok: false, calls: [] };
  return {
    ok: true,
    calls: calls.map((call) => ({
      name: call.name,
      arguments: pyToPlain(call.args) as Record<string, unknown>,
    })),
  };
}

/**
 * A call's arguments as Python values, as BFCL's `json.loads` reads them. When the call kept its
 * arguments text (`argumentsText`, set where `JSON.parse` loses an int/float distinction), that
 * text is re-read losslessly: `[1, 3]` stays a list of ints (BFCL fails it for a list of floats)
 * and `3.0` stays a float (BFCL fails it for an integer). Without it the plain object is exact.
 */
function argumentsValue(call: ToolCall): PyValue {
  if (call.argumentsText !== undefined) {
    try {
      const value = parseLosslessJson(call.argumentsText);
      if (value.kind === "dict") return value;
    } catch {
      // Fall back to the plain object below.
    }
  }
  return pyValueFromPlain(call.arguments);
}

function explanationOf(errors: readonly string[] | undefined, valid: boolean): string {
  if (valid) return "matches a possible answer";
  return (errors ?? []).join(" ").slice(0, 2000) || "does not match";
}

/** The BFCL scorer over a dataset (shared by the suite, which caches parsed entries). */
export function bfclScorer(dataset: BfclDataset): Scorer<BfclTarget> {
  return {
    score(sample: Sample<BfclTarget>, transcript: Transcript): Score {
      const { target } = sample;
      const entry = dataset.entry(target.category, sample.id);
      if (entry === undefined) throw new Error(`BFCL entry ${sample.id} not found in ${dataset.directory}`);
      const turn = transcript.turns.at(-1);
      const rawText = turn?.rawText ?? "";
      if (target.mode === "prompt") {
        const text = visibleText(rawText);
        const decoded = decodeForRecord(text, entry.language);
        const verdict = judgeBfclEntry(entry, { kind: "str", value: text });
        return {
          passed: verdict.valid,
          explanation: explanationOf(verdict.errors, verdict.valid),
          errorType: verdict.errorType ?? undefined,
          calls: decoded.calls,
          parseFailure: !decoded.ok && callAttempt.test(text),
        };
      }
      const reply = summariseParts(turn?.parts ?? []);
      const calls: ToolCall[] = reply.toolCalls.map((call) => ({
        name: fromFcName(call.name, target.functionNames) ?? call.name,
        arguments: call.arguments,
        ...(call.argumentsText === undefined ? {} : { argumentsText: call.argumentsText }),
      }));
      const result: PyValue =
        calls.length > 0
          ? {
              kind: "list",
              items: calls.map((call) => ({
                kind: "dict",
                keys: [{ kind: "str", value: call.name }],
                values: [argumentsValue(call)],
              })),
            }
          : { kind: "str", value: reply.content };
      const verdict = judgeBfclEntry(entry, result, { fcNames: false });
      return {
        passed: verdict.valid,
        explanation: explanationOf(verdict.errors, verdict.valid),
        errorType: verdict.errorType ?? undefined,
        calls,
      };
    },
  };
}
