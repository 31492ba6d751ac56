/**
 * The BFCL v4 multi-turn suites (`bfcl:multi_turn_base`, `_miss_func`, `_miss_param`,
 * `_long_context`; group `bfcl:multi_turn`), run by the `bfcl-multi-turn` solver and judged by
 * the multi-turn checker. `suite check`'s reference solution is the ground truth, turn by turn
 * (function-calling mode): each turn's calls in one step, then a text reply that ends the turn;
 * its counterfeits are in src/suites/bfcl-multi-turn-counterfeits.ts.
 */
import { stringifyLosslessJson } from "../bfcl/lossless-json.js";
import { methodParams } from "../bfcl/multi-turn/api-classes.js";
import { type MultiTurnCategory, multiTurnCategories } from "../bfcl/multi-turn/multi-turn-categories.js";
import { offeredFunctions } from "../bfcl/multi-turn/multi-turn-functions.js";
import { type MultiTurnTarget, multiTurnDatasetFor } from "../bfcl/multi-turn/multi-turn-target.js";
import type { PyValue } from "../bfcl/py-value.js";
import { parsePythonExpression } from "../bfcl/python-parser.js";
import { bfclToolDefinitions } from "../bfcl/tool-schema.js";
import type { ReferenceCall, Sample, Suite } from "../eval/suite.js";
import type { ChatMessage } from "../messages.js";
import { bfclFigures } from "./bfcl-figures.js";
import { multiTurnCounterfeits, outputsOfTurns, type ReferenceTurn } from "./bfcl-multi-turn-counterfeits.js";
import { changesOutcome } from "./bfcl-multi-turn-outcome.js";
import { bfclMultiTurnScorer } from "./bfcl-multi-turn-scorer.js";
import { bfclMultiTurnSolver } from "./bfcl-multi-turn-solver.js";
import type { BfclSuiteOptions } from "./bfcl-options.js";
import { bfclDataVersion } from "./bfcl-questions.js";
import { pyToPlain } from "./bfcl-scorer.js";

/** The multi-turn suite names. */
export const multiTurnSuiteNames: readonly string[] = multiTurnCategories.map(
  (category) => `bfcl:${category}`,
);

export { referenceTurnEnd } from "./bfcl-multi-turn-counterfeits.js";

function suiteVersion(directory: string, category: MultiTurnCategory): string {
  return bfclDataVersion(directory, [`BFCL_v4_${category}.json`, `possible_answer/BFCL_v4_${category}.json`]);
}

/** A ground-truth call string as a reference call with named arguments (positional ones named by the method's signature). */
function referenceCall(text: string, classes: readonly string[]): ReferenceCall | undefined {
  const node = parsePythonExpression(text);
  if (node.type !== "Call" || node.func.type !== "Name") return undefined;
  const name = node.func.id;
  const parameters = methodParams(classes, name);
  const args: Array<[string, PyValue]> = [];
  node.args.forEach((arg, index) => {
    const parameter = parameters?.[index];
    const value = literal(arg);
    if (parameter !== undefined && value !== undefined) args.push([parameter, value]);
  });
  for (const keyword of node.keywords) {
    if (keyword.arg === null) continue;
    const value = literal(keyword.value);
    if (value !== undefined) args.push([keyword.arg, value]);
  }
  const dict: PyValue = {
    kind: "dict",
    keys: args.map(([key]) => ({ kind: "str", value: key })),
    values: args.map(([, value]) => value),
  };
  return {
    name,
    arguments: pyToPlain(dict) as Record<string, unknown>,
    argumentsText: stringifyLosslessJson(dict),
  };
}

function literal(node: ReturnType<typeof parsePythonExpression>): PyValue | undefined {
  if (node.type === "Constant") return node.value === "ellipsis" ? undefined : node.value;
  if (node.type === "List" || node.type === "Tuple") {
    const items = node.elts.map(literal);
    return items.every((item) => item !== undefined)
      ? { kind: "list", items: items as PyValue[] }
      : undefined;
  }
  if (node.type === "UnaryOp" && node.op === "-" && node.operand.type === "Constant") {
    const value = node.operand.value;
    if (value !== "ellipsis" && value.kind === "int") return { kind: "int", value: -value.value };
    if (value !== "ellipsis" && value.kind === "float") return { kind: "float", value: -value.value };
  }
  if (node.type === "Dict") {
    const keys = node.keys.map((key) => (key === null ? undefined : literal(key)));
    const values = node.values.map(literal);
    if (keys.some((key) => key === undefined) || values.some((value) => value === undefined))
      return undefined;
    return { kind: "dict", keys: keys as PyValue[], values: values as PyValue[] };
  }
  return undefined;
}

/** The suite of one multi-turn category over the data folder `bfclDir`, in `mode` (default `fc`). */
export function createBfclMultiTurnSuite(
  category: MultiTurnCategory,
  options: BfclSuiteOptions,
): Suite<MultiTurnTarget> {
  const { bfclDir: directory, mode = "fc" } = options;
  const dataset = multiTurnDatasetFor(directory);
  const name = `bfcl:${category}`;
  /** The ground truth as reference turns (function-calling mode only). */
  const referenceTurns = (sample: Sample<MultiTurnTarget>): ReferenceTurn[] | undefined => {
    const entry = dataset.entry(sample.id);
    if (entry === undefined || sample.target.mode !== "fc") return undefined;
    return entry.groundTruth.map((turn) => {
      const calls = turn.map((text) => referenceCall(text, entry.involvedClasses));
      return calls.every((call) => call !== undefined) ? (calls as ReferenceCall[]) : null;
    });
  };
  return {
    name,
    version: suiteVersion(directory, category),
    categories: [category],
    solver: bfclMultiTurnSolver,
    figures: [bfclFigures],
    settings: { mode },
    scorer: bfclMultiTurnScorer,
    referenceOf(sample) {
      const turns = referenceTurns(sample);
      return turns === undefined ? undefined : outputsOfTurns(turns);
    },
    counterfeitsOf(sample) {
      const turns = referenceTurns(sample);
      const entry = dataset.entry(sample.id);
      return turns === undefined || entry === undefined
        ? []
        : multiTurnCounterfeits(turns, changesOutcome(entry));
    },
    samples(): Sample<MultiTurnTarget>[] {
      return dataset.entries(category).map((entry) => {
        const first = (entry.question[0] ?? []) as ChatMessage[];
        const offered = offeredFunctions(directory, entry);
        return {
          id: entry.id,
          suite: name,
          category,
          messages: first.map((message) => ({ ...message })),
          tools: mode === "fc" ? bfclToolDefinitions(offered.initial, { category: "multiple" }) : [],
          target: {
            kind: "bfcl-multi-turn",
            bfclDir: directory,
            id: entry.id,
            category,
            mode,
            turns: entry.question.length,
          },
          metadata: { involvedClasses: entry.involvedClasses },
          initialState: undefined,
          expected: entry.groundTruth,
          ...(mode === "prompt" ? { outputFormat: "bfcl-prompt" } : {}),
        };
      });
    },
  };
}
