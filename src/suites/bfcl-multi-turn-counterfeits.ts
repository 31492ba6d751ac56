/**
 * The reference solution of the BFCL multi-turn suites as turns (each turn's ground-truth calls
 * in one step, then a text reply that ends the turn), and its counterfeits (src/eval/counterfeit.ts):
 * - `dropped-last-call`: the last turn with calls leaves out its last call;
 * - `done-without-calls`: the first turn with calls makes none and says it is done;
 * - `wrong-argument`: one argument of a call changed to another value of its type: the first
 *   (turn, call, argument) whose change makes a difference to the environment, when a test of that
 *   is given (src/suites/bfcl-multi-turn-outcome.ts).
 * BFCL's multi-turn checker (unchanged) must fail each: a state or an execution result differs.
 */
import { parseLosslessJson, stringifyLosslessJson } from "../bfcl/lossless-json.js";
import { pyRepr } from "../bfcl/py-repr.js";
import type { PyDict } from "../bfcl/py-value.js";
import type { Counterfeit } from "../eval/counterfeit.js";
import type { ReferenceCall, ReferenceOutput } from "../eval/suite.js";
import { pyToPlain } from "./bfcl-scorer.js";
import { mutateValue } from "./bfcl-value-mutation.js";

/** What ends a reference turn. */
export const referenceTurnEnd = "Done.";

/** What a counterfeit says instead of making the turn's calls. */
const falseDone = "Done - I have taken care of all of that for you.";

/** One turn of a reference: its calls (empty: none expected); null when a call could not be read. */
export type ReferenceTurn = ReferenceCall[] | null;

/** The outputs of a reference given as turns; undefined when a turn's calls could not be read. */
export function outputsOfTurns(turns: readonly ReferenceTurn[]): ReferenceOutput[] {
  const outputs: ReferenceOutput[] = [];
  for (const calls of turns) {
    if (calls !== null && calls.length > 0) outputs.push({ calls });
    outputs.push({ text: referenceTurnEnd });
  }
  return outputs;
}

/** Tells whether replacing call `call` of turn `turn` with the call string `replacement` changes what happens. */
export type OutcomeTest = (turn: number, call: number, replacement: string) => boolean;

/** A call as BFCL's ground truth writes it: `name(key=value, ...)`. */
function callString(name: string, args: PyDict): string {
  const pairs = args.keys.map(
    (key, index) => `${key.kind === "str" ? key.value : pyRepr(key)}=${pyRepr(args.values[index]!)}`,
  );
  return `${name}(${pairs.join(", ")})`;
}

/** Each one-argument change of `call`, with why it is wrong. */
function wrongArguments(call: ReferenceCall): Array<{ call: ReferenceCall; text: string; why: string }> {
  if (call.argumentsText === undefined) return [];
  const args = parseLosslessJson(call.argumentsText);
  if (args.kind !== "dict") return [];
  return args.keys.flatMap((key, position) => {
    const changed = mutateValue(args.values[position]!);
    if (changed === undefined || key.kind !== "str") return [];
    const dict = { ...args, values: args.values.map((value, at) => (at === position ? changed : value)) };
    return [
      {
        call: {
          name: call.name,
          arguments: pyToPlain(dict) as Record<string, unknown>,
          argumentsText: stringifyLosslessJson(dict),
        },
        text: callString(call.name, dict),
        why: `${call.name}(${key.value}=${stringifyLosslessJson(changed)}) instead of ${stringifyLosslessJson(args.values[position]!)}`,
      },
    ];
  });
}

/**
 * The counterfeits of a multi-turn reference (none when one of its turns could not be read);
 * `changes`, when given, picks a wrong argument that makes a difference.
 */
export function multiTurnCounterfeits(turns: readonly ReferenceTurn[], changes?: OutcomeTest): Counterfeit[] {
  if (turns.some((turn) => turn === null)) return [];
  const calls = turns as ReferenceCall[][];
  const withCalls = calls.flatMap((turn, index) => (turn.length > 0 ? [index] : []));
  const first = withCalls[0];
  const last = withCalls.at(-1);
  if (first === undefined || last === undefined) return [];
  const replaced = (index: number, turn: ReferenceCall[]) =>
    calls.map((entry, at) => (at === index ? turn : entry));
  const counterfeits: Counterfeit[] = [];
  const lastTurn = calls[last]!;
  counterfeits.push({
    kind: "dropped-last-call",
    outputs: outputsOfTurns(replaced(last, lastTurn.slice(0, -1))),
    why: `turn ${last} leaves out its last call, ${lastTurn.at(-1)?.name}`,
  });
  const done = outputsOfTurns(replaced(first, []));
  // The turn's end: its only output is the false claim.
  const position = outputsOfTurns(calls.slice(0, first)).length;
  done[position] = { text: falseDone };
  counterfeits.push({
    kind: "done-without-calls",
    outputs: done,
    why: `turn ${first} says it is done without its ${calls[first]!.length} call(s)`,
  });
  const wrong = withCalls
    .flatMap((turn) =>
      calls[turn]!.flatMap((call, index) =>
        wrongArguments(call).map((change) => ({ turn, index, ...change })),
      ),
    )
    .find((change) => changes === undefined || changes(change.turn, change.index, change.text));
  if (wrong !== undefined)
    counterfeits.push({
      kind: "wrong-argument",
      outputs: outputsOfTurns(
        replaced(
          wrong.turn,
          calls[wrong.turn]!.map((entry, at) => (at === wrong.index ? wrong.call : entry)),
        ),
      ),
      why: `turn ${wrong.turn}: ${wrong.why}`,
    });
  return counterfeits;
}
