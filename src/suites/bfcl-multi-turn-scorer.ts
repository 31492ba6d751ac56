/**
 * The scorer of the `bfcl:multi_turn_*` suites: the model calls of a transcript are split into
 * BFCL turns and steps as the multi-turn loop split them, decoded as BFCL decodes them, and judged
 * by the multi-turn checker (verdicts identical to BFCL's). The details give each turn's calls and
 * results (results cut to 300 characters) and the first failing turn.
 */
import { splitReplies } from "../bfcl/multi-turn/multi-turn-steps.js";
import {
  entryOfTarget,
  isMultiTurnTarget,
  type MultiTurnTarget,
} from "../bfcl/multi-turn/multi-turn-target.js";
import { judgeMultiTurnEntry } from "../bfcl/multi-turn/multi-turn-verdict.js";
import type { PyValue } from "../bfcl/py-value.js";
import type { Score, Scorer } from "../eval/suite.js";
import { stepReply } from "./bfcl-turn-steps.js";

function cut(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text;
}

function asPyValue(turns: string[][][]): PyValue {
  return {
    kind: "list",
    items: turns.map((steps) => ({
      kind: "list",
      items: steps.map((calls) => ({
        kind: "list",
        items: calls.map((call) => ({ kind: "str", value: call })),
      })),
    })),
  };
}

/** The multi-turn scorer. */
export const bfclMultiTurnScorer: Scorer<MultiTurnTarget> = {
  score(sample, transcript): Score {
    const target = sample.target;
    if (!isMultiTurnTarget(target))
      return { passed: false, explanation: "not a BFCL multi-turn sample", errorType: "harness" };
    const entry = entryOfTarget(target);
    if (entry === undefined)
      return { passed: false, explanation: `${sample.id} is not in ${target.bfclDir}`, errorType: "harness" };
    if (transcript.error)
      return {
        passed: false,
        explanation: transcript.error.message,
        errorType: "multi_turn:inference_error",
      };
    const { turns } = splitReplies(transcript.turns.map(stepReply), target.turns, target.mode);
    const verdict = judgeMultiTurnEntry(entry, asPyValue(turns));
    const trace = (verdict.trace ?? []).map((turn, index) => ({
      turn: index,
      calls: verdict.decoded?.[index] ?? [],
      results: turn.model.map((step) => step.map(cut)),
      groundTruthCalls: entry.groundTruth[index] ?? [],
      groundTruthResults: turn.groundTruth.map(cut),
    }));
    const details = { firstFailingTurn: verdict.turn ?? null, turns: trace };
    if (verdict.valid)
      return {
        passed: true,
        explanation: `all ${entry.groundTruth.length} turns match BFCL's ground truth`,
        details,
      };
    const where = verdict.turn === undefined ? "" : ` at turn ${verdict.turn}`;
    return {
      passed: false,
      explanation: `${verdict.errorType}${where}: ${(verdict.errors ?? []).slice(0, 4).join("; ")}`,
      errorType: verdict.errorType ?? "multi_turn:error",
      details,
    };
  },
};
