/**
 * `traces:FILE.jsonl`: a team's own conversations as a suite. Every assistant turn of every
 * conversation (the response of a request/response pair) is a sample: the context is every message
 * before it, the offered tools are the conversation's, and the expected outcome is that turn's
 * calls (scored with the BFCL-style checker, src/suites/traces/trace-scorer.ts) or, for a text
 * turn, no call and a reply that answers as the recorded one did (trace-text-turn.ts; with
 * `--judge-model`, judged: trace-judge.ts). Ids are stable: `traces:<file name>:<line>:<turn>`. The version is the file's
 * sha256. Lines that are not valid conversations, and turns whose recorded calls fail their own
 * tool schemas (so no model could match them), are named in the suite's notes and skipped.
 *
 * Options follow the path as a query: `traces:calls.jsonl?strings=exact&tolerance=0.01`.
 */
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import type { ModelBackend } from "../../backend/model-backend.js";
import { errorMessage } from "../../error-message.js";
import { EdgecallError } from "../../errors.js";
import type { ReferenceOutput, Sample, Suite } from "../../eval/suite.js";
import { sha256Hex } from "../../sha256.js";
import { traceCounterfeits } from "./trace-counterfeits.js";
import {
  describeTraceProblem,
  readTraceText,
  type TraceConversation,
  type TraceProblem,
  type TraceTurn,
} from "./trace-file.js";
import {
  defaultTraceScoring,
  scoreTraceReply,
  type TraceScoringOptions,
  type TraceTarget,
  traceScorer,
} from "./trace-scorer.js";

/** The prefix of traces suite names. */
export const tracesPrefix = "traces:";

/** Categories: one call expected, several, or a text reply. */
export const traceCategories = ["call", "parallel", "text"] as const;

/** True for a `traces:FILE` suite name. */
export function isTracesSuiteName(name: string): boolean {
  return name.startsWith(tracesPrefix) && name.length > tracesPrefix.length;
}

/** The file and scoring options a traces suite name gives. Throws a usage error for bad options. */
export function parseTracesSuiteName(name: string): { path: string; scoring: TraceScoringOptions } {
  const rest = name.slice(tracesPrefix.length);
  const query = rest.lastIndexOf("?");
  const path = query < 0 ? rest : rest.slice(0, query);
  const scoring = { ...defaultTraceScoring };
  if (query >= 0)
    for (const [key, value] of new URLSearchParams(rest.slice(query + 1))) {
      if (key === "strings" && (value === "bfcl" || value === "exact")) scoring.strings = value;
      else if (
        key === "tolerance" &&
        value.trim() !== "" &&
        Number.isFinite(Number(value)) &&
        Number(value) >= 0
      )
        scoring.tolerance = Number(value);
      else
        throw new EdgecallError(
          "usage",
          `--suite ${name}: unknown option ${key}=${value} (options: strings=bfcl|exact, tolerance=NUMBER >= 0)`,
          { subject: "--suite" },
        );
    }
  if (path === "") throw new EdgecallError("usage", `--suite ${name}: no file named`, { subject: "--suite" });
  return { path, scoring };
}

function categoryOf(turn: TraceTurn): (typeof traceCategories)[number] {
  return turn.calls.length === 0 ? "text" : turn.calls.length === 1 ? "call" : "parallel";
}

function referenceOf(turn: TraceTurn): ReferenceOutput[] {
  if (turn.calls.length === 0) return [{ text: turn.content }];
  return [
    {
      calls: turn.calls.map((call) => ({
        name: call.name,
        arguments: JSON.parse(call.argumentsText) as Record<string, unknown>,
        argumentsText: call.argumentsText,
      })),
    },
  ];
}

function sampleOf(
  suite: string,
  file: string,
  conversation: TraceConversation,
  turn: TraceTurn,
): Sample<TraceTarget> {
  return {
    id: `${tracesPrefix}${file}:${conversation.line}:${turn.turn}`,
    suite,
    category: categoryOf(turn),
    messages: conversation.messages.slice(0, turn.index),
    tools: conversation.tools,
    target: turn.calls.length === 0 ? { calls: [], text: turn.content } : { calls: turn.calls },
    metadata: { line: conversation.line, turn: turn.turn, shape: conversation.shape },
    reference: referenceOf(turn),
    expected:
      turn.calls.length === 0
        ? "no call"
        : turn.calls.map((call) => ({ [call.name]: JSON.parse(call.argumentsText) as unknown })),
  };
}

/** Why a turn cannot be a sample (its recorded calls fail their own schemas), or undefined. */
function turnProblem(
  sample: Sample<TraceTarget>,
  conversation: TraceConversation,
  turn: TraceTurn,
): TraceProblem | undefined {
  const offered = new Set(conversation.tools.map((tool) => tool.name));
  for (const [index, call] of turn.calls.entries())
    if (!offered.has(call.name))
      return {
        line: conversation.line,
        field: `${turn.field}.tool_calls[${index}].function.name`,
        message: `calls ${call.name}, which the conversation's tools do not offer`,
      };
  if (sample.messages.length === 0)
    return {
      line: conversation.line,
      field: turn.field,
      message: "an assistant turn with no messages before it",
    };
  const reference = sample.reference?.[0];
  if (reference === undefined || !("calls" in reference)) return undefined;
  let score: ReturnType<typeof scoreTraceReply>;
  try {
    score = scoreTraceReply(
      sample,
      { content: "", reasoning: "", toolCalls: reference.calls, errors: [] },
      defaultTraceScoring,
    );
  } catch (error) {
    // The checker refuses the schema or the arguments (a type it has no rule for, ...).
    score = { passed: false, explanation: errorMessage(error) };
  }
  if (score.passed) return undefined;
  return {
    line: conversation.line,
    field: `${turn.field}.tool_calls`,
    message: `the recorded calls fail their own tool schemas: ${score.explanation}`,
  };
}

/** What a traces file yields: its samples and what was skipped. */
export interface TracesContents {
  samples: Sample<TraceTarget>[];
  problems: TraceProblem[];
  lines: number;
  sha256: string;
}

/** Reads a traces file into samples of the suite `name`. */
export function readTraces(name: string, path: string, text: string): TracesContents {
  const file = basename(path);
  const contents = readTraceText(text);
  const samples: Sample<TraceTarget>[] = [];
  const problems = [...contents.problems];
  for (const conversation of contents.conversations)
    for (const turn of conversation.turns) {
      const sample = sampleOf(name, file, conversation, turn);
      const problem = turnProblem(sample, conversation, turn);
      if (problem === undefined) samples.push(sample);
      else problems.push(problem);
    }
  problems.sort((a, b) => a.line - b.line);
  return { samples, problems, lines: contents.lines, sha256: sha256Hex(text) };
}

/**
 * Builds the suite a `traces:FILE.jsonl[?options]` name names; `judge` (from `--judge-model`)
 * compares text replies with the recorded ones.
 */
export function createTracesSuite(name: string, options: { judge?: ModelBackend } = {}): Suite<TraceTarget> {
  const { path, scoring } = parseTracesSuiteName(name);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new EdgecallError(
      "file-not-found",
      `--suite ${name}: cannot read ${path}: ${(error as Error).message}`,
      {
        subject: path,
        cause: error,
      },
    );
  }
  const contents = readTraces(name, path, text);
  if (contents.samples.length === 0)
    throw new EdgecallError(
      "invalid-json",
      `${path}: no usable conversation (${contents.lines} lines${contents.problems.length > 0 ? `; first problem: ${describeTraceProblem(contents.problems[0] as TraceProblem)}` : ""})`,
      { subject: path },
    );
  const skippedLines = new Set(contents.problems.map((problem) => problem.line)).size;
  const notes = [
    ...(contents.problems.length === 0
      ? []
      : [
          `${path}: ${contents.problems.length} problem(s) on ${skippedLines} of ${contents.lines} lines, skipped`,
          ...contents.problems.slice(0, 20).map((problem) => `${path}: ${describeTraceProblem(problem)}`),
          ...(contents.problems.length > 20 ? [`${path}: ... ${contents.problems.length - 20} more`] : []),
        ]),
  ];
  return {
    name,
    version: `sha256:${contents.sha256}`,
    categories: traceCategories,
    scorer: traceScorer(scoring, options.judge),
    notes,
    samples: () => contents.samples,
    counterfeitsOf: (sample) => traceCounterfeits(sample, scoring),
  };
}
