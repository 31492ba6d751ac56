/**
 * Whether changing one ground-truth call of a BFCL multi-turn entry changes what happens: both
 * versions run from the entry's initial configuration on fresh instances, every turn's calls in
 * order, and their call results and final instance states are compared. The `wrong-argument`
 * counterfeit uses it to change an argument that matters: some arguments change nothing the
 * environment can show (authentication that accepts any id, a distance whose feasibility is the
 * same), and such a call is not a wrong answer under BFCL's execution-based checking.
 */
import { ApiContext, type MultiTurnApi } from "../bfcl/multi-turn/api-class.js";
import { createInstance } from "../bfcl/multi-turn/api-classes.js";
import { executeCalls, instanceName, instanceSet } from "../bfcl/multi-turn/execute-calls.js";
import { usesLongContext } from "../bfcl/multi-turn/multi-turn-categories.js";
import type { MultiTurnEntry } from "../bfcl/multi-turn/multi-turn-dataset.js";
import { pyReprOf } from "../bfcl/multi-turn/py-render.js";

/** The call results of every turn and the final states, as one text. */
function outcome(entry: MultiTurnEntry, turns: readonly (readonly string[])[]): string {
  const context = new ApiContext();
  const built: Array<[string, MultiTurnApi]> = [];
  for (const className of entry.involvedClasses) {
    const instance = createInstance(className, entry.initialConfig, usesLongContext(entry.category), context);
    if (instance) built.push([instanceName("edgecall-outcome", entry.id, className), instance]);
  }
  const instances = instanceSet(built);
  const results = turns.map((calls) => executeCalls(calls, instances));
  const states = built.map(([, instance]) =>
    instance.state().map(([key, value]) => `${key}=${pyReprOf(value)}`),
  );
  return JSON.stringify({ results, states });
}

/**
 * A test of `entry`: true when replacing call `call` of turn `turn` of the ground truth with
 * `replacement` (a call string) changes a call result or a final state.
 */
export function changesOutcome(
  entry: MultiTurnEntry,
): (turn: number, call: number, replacement: string) => boolean {
  let original: string | undefined;
  return (turn, call, replacement) => {
    original ??= outcome(entry, entry.groundTruth);
    const changed = entry.groundTruth.map((calls, at) =>
      at === turn ? calls.map((text, index) => (index === call ? replacement : text)) : calls,
    );
    return outcome(entry, changed) !== original;
  };
}
