/**
 * Reference solutions of the single-call suites, from their BFCL-style possible answers: each
 * expected call with the first usable option of every parameter (ground-truth-calls.ts), under the
 * name the sample offers it, with its lossless arguments text so a float stays a float. A sample
 * that expects no call (irrelevance) is answered in text; one that only needs some call
 * (relevance) calls the first offered function without arguments.
 */
import { type BfclCategory, bfclScoring } from "../bfcl/categories.js";
import type { BfclEntry } from "../bfcl/dataset.js";
import { groundTruthCalls } from "../bfcl/ground-truth-calls.js";
import { stringifyLosslessJson } from "../bfcl/lossless-json.js";
import type { PyDict, PyValue } from "../bfcl/py-value.js";
import type { ReferenceCall, ReferenceOutput } from "../eval/suite.js";
import { pyToPlain } from "./bfcl-scorer.js";

/** The text a reference gives when no call is expected. */
export const declineText = "I cannot do that with the tools I have.";

/**
 * The reference outputs for `entry`: `nameOf` maps a published function name to the offered one.
 */
export function referenceFromEntry(
  entry: BfclEntry,
  category: BfclCategory,
  nameOf: (published: string) => string,
): ReferenceOutput[] {
  const scoring = bfclScoring(category);
  if (scoring === "irrelevance") return [{ text: declineText }];
  if (scoring === "relevance") {
    const first = entry.functions[0]?.name;
    return first === undefined
      ? [{ text: declineText }]
      : [{ calls: [{ name: nameOf(first), arguments: {} }] }];
  }
  const calls = groundTruthCalls(entry);
  if (calls.kind !== "list" || calls.items.length === 0) return [{ text: declineText }];
  const references: ReferenceCall[] = calls.items.map((item) => {
    const call = item as PyDict;
    const name = (call.keys[0] as { value: string }).value;
    const args = call.values[0] as PyValue;
    return {
      name: nameOf(name),
      arguments: pyToPlain(args) as Record<string, unknown>,
      argumentsText: stringifyLosslessJson(args),
    };
  });
  return [{ calls: references }];
}
