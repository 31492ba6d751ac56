/** Helpers for the checker tests: entries and results written as JSON text. */
import { type BfclCategory, bfclCategoryOfId } from "./categories.js";
import { type BfclEntry, bfclEntryFromJson } from "./dataset.js";
import { type BfclVerdict, judgeBfclEntry } from "./entry-verdict.js";
import { parseLosslessJson } from "./lossless-json.js";

/** A parameter doc: `{type, items?}` plus an optional description. */
export type ParamSpec = {
  type: string;
  items?: { type: string };
  description?: string;
  properties?: unknown;
};

/** One function doc. */
export function fn(name: string, properties: Record<string, ParamSpec>, required: string[] = []): unknown {
  return { name, description: `${name} does things.`, parameters: { type: "dict", properties, required } };
}

/** An entry with docs and a ground truth written as JSON (floats as `1.0`). */
export function entry(
  category: BfclCategory | string,
  functions: unknown[],
  groundTruthJson?: string,
): BfclEntry {
  const resolved = (bfclCategoryOfId(`${category}_0`) ?? category) as BfclCategory;
  return bfclEntryFromJson(
    `${resolved}_0`,
    resolved,
    functions,
    groundTruthJson === undefined ? undefined : parseLosslessJson(groundTruthJson),
  );
}

/** Judges decoded calls written as JSON. */
export function judgeCalls(target: BfclEntry, callsJson: string, fcNames = false): BfclVerdict {
  return judgeBfclEntry(target, parseLosslessJson(callsJson), { fcNames });
}

/** Judges a raw model reply. */
export function judgeText(target: BfclEntry, text: string): BfclVerdict {
  return judgeBfclEntry(target, { kind: "str", value: text });
}
