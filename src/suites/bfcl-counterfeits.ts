/**
 * Counterfeits of the BFCL single-turn suites (function-calling mode; see src/eval/counterfeit.ts),
 * derived from each entry's possible answers as the reference solution is:
 * - `missing-required-argument`: the first call without a parameter its function requires;
 * - `wrong-value`: one argument changed to another value of its type that no possible answer has;
 * - `extra-call`: the expected calls and one more (the first repeated);
 * - `wrong-function`: the first call made to another offered function (or, with only one offered,
 *   to one not offered) with the same arguments;
 * - irrelevance categories, `call-anyway`: a call to the first offered function, its required
 *   parameters filled by type, where no function fits;
 * - relevance, `declined-relevant`: a text refusal where a function fits.
 * BFCL's checker (unchanged) must fail every one; its error message says why.
 */
import { type BfclCategory, bfclScoring } from "../bfcl/categories.js";
import type { BfclEntry } from "../bfcl/dataset.js";
import type { BfclFunctionDoc } from "../bfcl/function-checker.js";
import { groundTruthCalls } from "../bfcl/ground-truth-calls.js";
import { stringifyLosslessJson } from "../bfcl/lossless-json.js";
import { dictGet, type PyDict, type PyValue } from "../bfcl/py-value.js";
import type { Counterfeit } from "../eval/counterfeit.js";
import type { ReferenceCall } from "../eval/suite.js";
import { pyToPlain } from "./bfcl-scorer.js";
import { amongOptions, mutateValue } from "./bfcl-value-mutation.js";
import { declineText } from "./reference-calls.js";

interface ExpectedCall {
  /** The published name (with dots). */
  name: string;
  args: PyDict;
  /** The possible answers per parameter. */
  options: PyDict | undefined;
}

function referenceCall(
  call: { name: string; args: PyDict },
  nameOf: (name: string) => string,
): ReferenceCall {
  return {
    name: nameOf(call.name),
    arguments: pyToPlain(call.args) as Record<string, unknown>,
    argumentsText: stringifyLosslessJson(call.args),
  };
}

function expectedCalls(entry: BfclEntry): ExpectedCall[] {
  const calls = groundTruthCalls(entry);
  if (calls.kind !== "list") return [];
  return calls.items.flatMap((item, index) => {
    if (item.kind !== "dict" || item.keys[0]?.kind !== "str") return [];
    const args = item.values[0];
    if (args?.kind !== "dict") return [];
    const options = entry.groundTruth?.[index]?.values[0];
    return [{ name: item.keys[0].value, args, options: options?.kind === "dict" ? options : undefined }];
  });
}

function withArgs(call: ExpectedCall, args: PyDict): ExpectedCall {
  return { ...call, args };
}

/** A changed set of expected calls, and why it is wrong. */
interface Changed {
  calls: ExpectedCall[];
  why: string;
}

function missingRequired(calls: ExpectedCall[], docs: readonly BfclFunctionDoc[]): Changed | undefined {
  for (const [index, call] of calls.entries()) {
    const doc = docs.find((entry) => entry.name === call.name);
    const position = call.args.keys.findIndex(
      (key) => key.kind === "str" && (doc?.required ?? []).includes(key.value),
    );
    if (position < 0) continue;
    const key = call.args.keys[position] as { value: string };
    const args: PyDict = {
      kind: "dict",
      keys: call.args.keys.filter((_, at) => at !== position),
      values: call.args.values.filter((_, at) => at !== position),
    };
    return {
      calls: calls.map((entry, at) => (at === index ? withArgs(entry, args) : entry)),
      why: `${call.name} without its required '${key.value}'`,
    };
  }
  return undefined;
}

/**
 * A Java or JavaScript collection written as a literal (`new int[]{1, 2}`, `[1, 2]`, `{a: 1}`):
 * BFCL's converters read the literal and ignore what follows it, so a word added after it is not
 * a wrong value; these are left alone.
 */
function collectionLiteral(value: PyValue, language: BfclEntry["language"]): boolean {
  return language !== "python" && value.kind === "str" && /^\s*(new\s|\[|\{)/.test(value.value);
}

function wrongValue(calls: ExpectedCall[], language: BfclEntry["language"]): Changed | undefined {
  for (const [index, call] of calls.entries()) {
    for (const [position, key] of call.args.keys.entries()) {
      const value = call.args.values[position] as PyValue;
      if (collectionLiteral(value, language)) continue;
      const changed = mutateValue(value);
      if (changed === undefined || key.kind !== "str") continue;
      const options = call.options === undefined ? undefined : dictGet(call.options, key.value);
      const possible = options?.kind === "list" ? options.items : options === undefined ? [] : [options];
      if (amongOptions(changed, possible)) continue;
      const args: PyDict = {
        ...call.args,
        values: call.args.values.map((v, at) => (at === position ? changed : v)),
      };
      return {
        calls: calls.map((entry, at) => (at === index ? withArgs(entry, args) : entry)),
        why: `${call.name}(${key.value}=${stringifyLosslessJson(changed)}): a value no possible answer has`,
      };
    }
  }
  return undefined;
}

/** A value of a JSON Schema / BFCL type name, for the arguments of a call made anyway. */
function valueOfType(type: unknown): unknown {
  switch (type) {
    case "integer":
    case "int":
    case "long":
      return 1;
    case "float":
    case "number":
    case "double":
      return 1.5;
    case "boolean":
    case "bool":
      return true;
    case "array":
    case "list":
    case "tuple":
      return [];
    case "dict":
    case "object":
      return {};
    default:
      return "something";
  }
}

/** The counterfeits of one sample; `nameOf` maps a published function name to the offered one. */
export function bfclCounterfeits(
  entry: BfclEntry,
  category: BfclCategory,
  nameOf: (published: string) => string,
): Counterfeit[] {
  const scoring = bfclScoring(category);
  const first = entry.functions[0];
  if (scoring === "irrelevance") {
    if (first === undefined) return [];
    const args = Object.fromEntries(
      first.required.map((name) => [name, valueOfType(first.properties.get(name)?.type)]),
    );
    return [
      {
        kind: "call-anyway",
        outputs: [{ calls: [{ name: nameOf(first.name), arguments: args }] }],
        why: `calls ${first.name} although no offered function fits the request`,
      },
    ];
  }
  if (scoring === "relevance")
    return [
      { kind: "declined-relevant", outputs: [{ text: declineText }], why: "declines where a function fits" },
    ];
  const calls = expectedCalls(entry);
  if (calls.length === 0) return [];
  const asOutput = (list: ExpectedCall[]) => [{ calls: list.map((call) => referenceCall(call, nameOf)) }];
  const counterfeits: Counterfeit[] = [];
  const missing = missingRequired(calls, entry.functions);
  if (missing !== undefined)
    counterfeits.push({
      kind: "missing-required-argument",
      outputs: asOutput(missing.calls),
      why: missing.why,
    });
  const wrong = wrongValue(calls, entry.language);
  if (wrong !== undefined)
    counterfeits.push({ kind: "wrong-value", outputs: asOutput(wrong.calls), why: wrong.why });
  const [head] = calls as [ExpectedCall];
  counterfeits.push({
    kind: "extra-call",
    outputs: asOutput([...calls, head]),
    why: `the ${calls.length} expected call${calls.length === 1 ? "" : "s"} and ${head.name} once more`,
  });
  const expectedNames = new Set(calls.map((call) => call.name));
  const other = entry.functions.find((doc) => !expectedNames.has(doc.name))?.name;
  const otherName = other === undefined ? `${nameOf(head.name)}_other` : nameOf(other);
  counterfeits.push({
    kind: "wrong-function",
    outputs: [
      {
        calls: [
          { ...referenceCall(head, nameOf), name: otherName },
          ...calls.slice(1).map((call) => referenceCall(call, nameOf)),
        ],
      },
    ],
    why: `${head.name}'s arguments given to ${other ?? `${otherName} (not offered)`}`,
  });
  return counterfeits;
}
