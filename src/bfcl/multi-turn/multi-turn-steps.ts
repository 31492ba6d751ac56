/**
 * How BFCL's multi-turn inference loop turns model replies into steps: a function-calling reply's
 * calls become `name(k=repr(v),...)` strings (`convert_to_function_call`), a prompt-mode reply is
 * decoded as `[f(a=1), ...]` (`default_decode_execute_prompting`); a reply with no call, or one
 * that fails to decode, ends the turn; a turn may take at most {@link maximumStepLimit} steps
 * with calls, after which the whole entry is force-quit.
 */
import { decodePythonPrompt } from "../decode-python-prompt.js";
import { pyRepr } from "../py-repr.js";
import type { PyValue } from "../py-value.js";
import { parseJsonToPy } from "./fast-json.js";
import { PyDict, type PyObj } from "./py-object.js";
import { pyReprOf } from "./py-render.js";

/** BFCL's `MAXIMUM_STEP_LIMIT`: steps with calls per turn before the entry is force-quit. */
export const maximumStepLimit = 20;

/** A model call as a step: its tool calls (function-calling mode) or its raw text (prompt mode). */
export interface StepReply {
  calls: ReadonlyArray<{ name: string; arguments: unknown; argumentsText?: string }>;
  text: string;
  /** The reply as the model wrote it (prompt mode decodes this, as BFCL decodes the raw response); `text` when absent. */
  rawText?: string;
}

function argumentsOf(call: StepReply["calls"][number]): PyObj {
  if (call.argumentsText !== undefined) {
    try {
      return parseJsonToPy(call.argumentsText);
    } catch {
      // Fall back to the parsed arguments.
    }
  }
  return parseJsonToPy(JSON.stringify(call.arguments ?? {}));
}

/** `convert_to_function_call` for one function-calling call. */
export function fcCallText(call: StepReply["calls"][number]): string {
  const args = argumentsOf(call);
  const text =
    args instanceof PyDict
      ? args
          .entries()
          .map(([key, value]) => `${String(key)}=${pyReprOf(value)}`)
          .join(",")
      : "";
  return `${call.name}(${text})`;
}

/** BFCL's `decoded_output_to_execution_list` of a decoded prompt-mode reply. */
function executionList(decoded: PyValue): string[] {
  if (decoded.kind !== "list") return [];
  return decoded.items.flatMap((item) => {
    if (item.kind !== "dict") return [];
    return item.keys.map((key, index) => {
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
      return `${key.kind === "str" ? key.value : pyRepr(key)}(${text})`;
    });
  });
}

/** A reply's call strings; undefined when it cannot be decoded; empty when it holds no call. */
export function decodeStep(reply: StepReply, mode: "fc" | "prompt"): string[] | undefined {
  if (mode === "fc") return reply.calls.map(fcCallText);
  const decoded = decodePythonPrompt(reply.rawText ?? reply.text);
  return decoded.ok ? executionList(decoded.value) : undefined;
}

/** The decoded steps per turn of a flat sequence of replies, split as BFCL's loop splits them. */
export function splitReplies(
  replies: readonly StepReply[],
  turnCount: number,
  mode: "fc" | "prompt",
): { turns: string[][][]; forceQuit: boolean } {
  const turns: string[][][] = [];
  let next = 0;
  for (let turn = 0; turn < turnCount && next < replies.length; turn += 1) {
    const steps: string[][] = [];
    let count = 0;
    let forceQuit = false;
    while (next < replies.length) {
      const calls = decodeStep(replies[next] as StepReply, mode);
      next += 1;
      if (calls === undefined || calls.length === 0) break;
      steps.push(calls);
      count += 1;
      if (count > maximumStepLimit) {
        forceQuit = true;
        break;
      }
    }
    turns.push(steps);
    if (forceQuit) return { turns, forceQuit };
  }
  return { turns, forceQuit: false };
}
