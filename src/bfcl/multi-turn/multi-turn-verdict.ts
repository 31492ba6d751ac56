/**
 * One multi-turn verdict, as BFCL's eval runner reaches it (`_evaluate_single_multi_turn_entry`):
 * a result that is not a list is `multi_turn:inference_error`; a turn count other than the ground
 * truth's is `multi_turn:force_terminated`; each step is decoded (a list of call strings as is, a
 * raw prompt-mode reply through BFCL's Python decoder), steps that fail to decode or hold no call
 * are dropped, and the multi-turn checker judges the rest.
 */

import { decodePythonPrompt } from "../decode-python-prompt.js";
import { pyRepr } from "../py-repr.js";
import type { PyValue } from "../py-value.js";
import { usesLongContext } from "./multi-turn-categories.js";
import { checkMultiTurn, defaultModelName, type MultiTurnTurnTrace } from "./multi-turn-checker.js";
import type { MultiTurnEntry } from "./multi-turn-dataset.js";

/** The verdict on one multi-turn entry; `errorType` is BFCL's string, null when valid. */
export interface MultiTurnVerdict {
  id: string;
  valid: boolean;
  errorType: string | null;
  errors?: string[];
  /** The first failing turn, when a turn failed. */
  turn?: number;
  /** The decoded calls the checker ran: turns, then steps. */
  decoded?: string[][][];
  trace?: MultiTurnTurnTrace[];
}

/** BFCL's `decoded_output_to_execution_list`: `{name: {k: v}}` → `name(k=repr(v), ...)`. */
function executionList(decoded: PyValue): string[] {
  if (decoded.kind !== "list") return [];
  const calls: string[] = [];
  for (const item of decoded.items) {
    if (item.kind !== "dict") continue;
    item.keys.forEach((key, index) => {
      const args = item.values[index] as PyValue;
      const text =
        args.kind === "dict"
          ? args.keys
              .map(
                (name, at) =>
                  `${name.kind === "str" ? name.value : pyRepr(name)}=${pyRepr(args.values[at] as PyValue)}`,
              )
              .join(", ")
          : "";
      calls.push(`${key.kind === "str" ? key.value : pyRepr(key)}(${text})`);
    });
  }
  return calls;
}

/** One step as BFCL's `decode_execute` leaves it; undefined when decoding fails. */
function decodeStep(step: PyValue): string[] | undefined {
  if (step.kind === "list") {
    if (!step.items.every((item) => item.kind === "str")) return undefined;
    return step.items.map((item) => (item as { value: string }).value);
  }
  if (step.kind === "str") {
    const decoded = decodePythonPrompt(step.value);
    return decoded.ok ? executionList(decoded.value) : undefined;
  }
  return undefined;
}

/** True for BFCL's `is_empty_execute_response`. */
function isEmptyStep(calls: readonly string[]): boolean {
  return calls.length === 0;
}

/** Judges a result (`[[[call, ...], ...], ...]` or raw replies per step) against its entry. */
export function judgeMultiTurnEntry(
  entry: MultiTurnEntry,
  result: PyValue,
  options: { modelName?: string } = {},
): MultiTurnVerdict {
  const id = entry.id;
  if (result.kind !== "list")
    return {
      id,
      valid: false,
      errorType: "multi_turn:inference_error",
      errors: ["Error during inference phase. Model did not output a list of model responses."],
    };
  if (result.items.length !== entry.groundTruth.length)
    return {
      id,
      valid: false,
      errorType: "multi_turn:force_terminated",
      errors: [
        `Model was force-terminated during inference phase. The length of the model result turns (${result.items.length}) does not match the length of the ground truth turns (${entry.groundTruth.length}).`,
      ],
    };
  const decoded: string[][][] = result.items.map((turn) => {
    const steps = turn.kind === "list" ? turn.items : [];
    return steps.flatMap((step) => {
      const calls = decodeStep(step);
      return calls === undefined || isEmptyStep(calls) ? [] : [calls];
    });
  });
  const check = checkMultiTurn({
    id,
    initialConfig: entry.initialConfig,
    involvedClasses: entry.involvedClasses,
    longContext: usesLongContext(entry.category),
    modelTurns: decoded,
    groundTruth: entry.groundTruth,
    modelName: options.modelName ?? defaultModelName,
  });
  if (check.valid) return { id, valid: true, errorType: null, decoded, trace: check.trace };
  return {
    id,
    valid: false,
    errorType: check.errorType,
    errors: [
      check.errorMessage ?? "",
      ...(check.differences ?? []).map((name) => `differs: ${name}`),
      ...(check.missing ?? []).map((item) => `missing: ${item}`),
    ],
    ...(check.turn === undefined ? {} : { turn: check.turn }),
    decoded,
    trace: check.trace,
  };
}
