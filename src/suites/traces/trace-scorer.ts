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
import type { PyDict, PyValue } from "../../bfcl/py-value.js";
import type { Sample, Score, Scorer, Transcript } from "../../eval/suite.js";
import { type ParsedReply, summariseParts } from "../../messages.js";
import { schemaFunctionDoc } from "../schema-function-doc.js";
import {
  argumentsOf,
  modelArguments,
  possibleAnswer,
  snapNumbers,
  stringsExact,
} from "./trace-call-values.js";
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
