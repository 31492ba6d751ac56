/**
 * Scripted prompt-mode replies to BFCL entries, for scoring side by side with BFCL's own checker
 * (bfcl-checker.test.ts): the first few entries of each single-turn category, each answered in
 * three rounds (one reply per entry per round, as a results file allows):
 * - `reference`: the expected calls as text (Python; Java / JavaScript source), a refusal where no
 *   function fits, a call where one does;
 * - `near-miss`: the expected calls changed a little (the conformance mutations: a wrong value or
 *   type, a missing or extra argument or call, another function) and the suites' counterfeits
 *   (a call where none fits, a refusal where one does); Java and JavaScript calls twice over;
 * - `text-variants`: the expected calls written the ways models write them (fences, prose around,
 *   no brackets, JSON, lowercase booleans, an empty list).
 */
import { type BfclCategory, bfclScoring } from "../../src/bfcl/categories.js";
import type { BfclDataset, BfclEntry } from "../../src/bfcl/dataset.js";
import { mutations } from "../../src/bfcl/fixtures/conformance-mutations.test-support.js";
import {
  sourceTextMutations,
  textMutations,
} from "../../src/bfcl/fixtures/conformance-text-mutations.test-support.js";
import { groundTruthCalls, pythonCallText } from "../../src/bfcl/ground-truth-calls.js";
import type { PyDict } from "../../src/bfcl/py-value.js";
import { SeededRandom } from "../../src/stats/seeded-random.js";
import { bfclCounterfeits } from "../../src/suites/bfcl-counterfeits.js";
import { declineText } from "../../src/suites/reference-calls.js";

/** Entries taken from each category (the first ones). */
export const entriesPerCategory: Readonly<Partial<Record<BfclCategory, number>>> = {
  simple_python: 5,
  multiple: 3,
  parallel: 3,
  parallel_multiple: 3,
  live_simple: 3,
  live_multiple: 3,
  live_parallel: 2,
  simple_java: 3,
  simple_javascript: 3,
  irrelevance: 3,
  live_irrelevance: 2,
  live_relevance: 2,
};

/** A round: its name and one `{id, result}` per entry. */
export interface ScriptedRound {
  name: string;
  results: Array<{ id: string; result: string }>;
}

/** Names of the conformance mutations used as near misses, tried in turn from a rotating start. */
const nearMisses = [
  "wrong-value",
  "missing-required",
  "int-as-float",
  "extra-parameter",
  "number-as-string",
  "wrong-function",
  "string-with-extra-character",
  "extra-call",
  "float-as-int",
  "missing-call",
];

/** A plain JSON value as a Python literal. */
function pythonLiteral(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(", ")}]`;
  if (typeof value === "object")
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}: ${pythonLiteral(item)}`)
      .join(", ")}}`;
  return JSON.stringify(value);
}

/** The first counterfeit of an entry written as a prompt-mode reply (call text, or its text). */
function counterfeitText(entry: BfclEntry, category: BfclCategory): string {
  const [first] = bfclCounterfeits(entry, category, (name) => name);
  const output = first?.outputs[0];
  if (output === undefined) return "[]";
  if ("text" in output) return output.text;
  const calls = output.calls.map(
    (call) =>
      `${call.name}(${Object.entries(call.arguments)
        .map(([key, value]) => `${key}=${pythonLiteral(value)}`)
        .join(", ")})`,
  );
  return `[${calls.join(", ")}]`;
}

function expected(entry: BfclEntry): PyDict[] {
  const calls = groundTruthCalls(entry);
  return calls.kind === "list" ? (calls.items as PyDict[]) : [];
}

function sourceText(name: string, calls: PyDict[], entry: BfclEntry): string {
  const mutation = sourceTextMutations.find((candidate) => candidate.name === name);
  return mutation?.write(calls, entry) ?? "[]";
}

function nearMiss(entry: BfclEntry, turn: number, random: () => number): string {
  const calls = expected(entry);
  if (entry.language !== "python") return sourceText("source-text-two-calls", calls, entry);
  for (let step = 0; step < nearMisses.length; step += 1) {
    const name = nearMisses[(turn + step) % nearMisses.length];
    const mutated = mutations.find((candidate) => candidate.name === name)?.apply(calls, entry, random);
    if (mutated === undefined || mutated.fcNames === true) continue;
    return mutated.result.kind === "str" ? mutated.result.value : pythonCallText(mutated.result);
  }
  return pythonCallText({ kind: "list", items: [...calls, ...calls] });
}

function textVariant(entry: BfclEntry, turn: number): string {
  const calls = expected(entry);
  if (entry.language !== "python")
    return sourceText(turn % 2 === 0 ? "source-text-fenced" : "source-text-unbracketed", calls, entry);
  const text = pythonCallText({ kind: "list", items: calls });
  const wrapping = textMutations[turn % textMutations.length];
  return wrapping === undefined ? text : wrapping.wrap(text);
}

/** The three rounds over the first entries of each category in `entriesPerCategory`. */
export function scriptedRounds(dataset: BfclDataset): ScriptedRound[] {
  const rounds: ScriptedRound[] = [
    { name: "reference", results: [] },
    { name: "near-miss", results: [] },
    { name: "text-variants", results: [] },
  ];
  const [reference, near, variants] = rounds as [ScriptedRound, ScriptedRound, ScriptedRound];
  // The mutations that draw use one seeded generator (mulberry32), the same on every machine.
  const generator = new SeededRandom(37);
  const random = () => generator.next();
  let turn = 0;
  for (const [category, count] of Object.entries(entriesPerCategory) as Array<[BfclCategory, number]>) {
    for (const id of dataset.ids(category).slice(0, count)) {
      const entry = dataset.entry(category, id);
      if (entry === undefined) continue;
      const scoring = bfclScoring(category);
      turn += 1;
      if (scoring === "ast") {
        const calls = expected(entry);
        reference.results.push({
          id,
          result:
            entry.language === "python"
              ? pythonCallText({ kind: "list", items: calls })
              : sourceText("source-text", calls, entry),
        });
        near.results.push({ id, result: nearMiss(entry, turn, random) });
        variants.results.push({ id, result: textVariant(entry, turn) });
        continue;
      }
      const aCall = counterfeitText(entry, "irrelevance");
      const fenced = `\`\`\`python\n${aCall}\n\`\`\``;
      if (scoring === "irrelevance") {
        reference.results.push({ id, result: declineText });
        near.results.push({ id, result: aCall });
        variants.results.push({ id, result: turn % 2 === 0 ? "[]" : fenced });
      } else {
        reference.results.push({ id, result: aCall });
        near.results.push({ id, result: declineText });
        variants.results.push({ id, result: turn % 2 === 0 ? "[]" : fenced });
      }
    }
  }
  return rounds;
}
