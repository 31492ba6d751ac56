/**
 * How the model checks (`modelHyperparameterProblems`) read hyperparameters: the facts they
 * read, the problem list (deduplicated, control characters escaped), integer and per-layer keys
 * as llama.cpp's loader reads them, and how a bad value or layer is named in a problem.
 */
import { type GgufFile, type GgufValue, ggufNumber, isGgufArray } from "./reader-types.js";

/** What `modelHyperparameterProblems` reads: a file's metadata and tensor infos. */
export type ModelFacts = Pick<GgufFile, "metadata" | "metadataTypes" | "tensors">;

/**
 * Collects problems, each naming its key. Names come from the file, so control characters (which
 * a terminal may act on) are written as \u escapes.
 */
export class Problems {
  readonly list: string[] = [];
  add(message: string): void {
    const printable = message.replace(
      /[\u0000-\u001f\u007f-\u009f]/g,
      (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
    if (!this.list.includes(printable)) this.list.push(printable);
  }
}

function isInteger(value: GgufValue | undefined): value is number | bigint {
  return (typeof value === "number" && Number.isInteger(value)) || typeof value === "bigint";
}

/**
 * Reads an integer hyperparameter. Undefined when absent (a problem when `required`) or not a
 * non-negative integer (always a problem).
 */
export function integerKey(
  facts: ModelFacts,
  problems: Problems,
  key: string,
  required: boolean,
): number | undefined {
  const value = facts.metadata.get(key);
  if (value === undefined) {
    if (required) problems.add(`${key} is missing`);
    return undefined;
  }
  const number = isInteger(value) ? ggufNumber(value) : undefined;
  if (number === undefined || number < 0) {
    problems.add(`${key} must be a non-negative integer, got ${describe(value)}`);
    return undefined;
  }
  return number;
}

/**
 * A per-layer hyperparameter (`head_count`, `head_count_kv`, ...): a scalar for every layer, or an
 * array with one entry per layer, as llama.cpp's `get_key_or_arr` reads it. Undefined when absent
 * or malformed (malformed is a problem).
 */
export function perLayerKey(
  facts: ModelFacts,
  problems: Problems,
  key: string,
  layers: number,
): number[] | undefined {
  const value = facts.metadata.get(key);
  if (value === undefined) return undefined;
  if (!isGgufArray(value)) {
    const number = isInteger(value) ? ggufNumber(value) : undefined;
    if (number === undefined || number < 0) {
      problems.add(`${key} must be a non-negative integer, got ${describe(value)}`);
      return undefined;
    }
    return Array.from({ length: layers }, () => number);
  }
  if (value.length !== layers) {
    problems.add(`${key} has ${value.length} entries, one per layer was expected (block_count ${layers})`);
    return undefined;
  }
  const numbers = value.values.map((element) => (isInteger(element) ? ggufNumber(element) : undefined));
  if (numbers.length < layers || numbers.some((number) => number === undefined || number < 0)) {
    problems.add(`${key} must hold non-negative integers`);
    return undefined;
  }
  return numbers as number[];
}

/** A value as a problem quotes it: an array by its length, a long string cut at 40 characters. */
export function describe(value: GgufValue): string {
  if (isGgufArray(value)) return `an array of ${value.length}`;
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return String(value);
}

/** "layer 3" for one bad layer of an array, "" for a scalar (every layer alike). */
export function layerNote(facts: ModelFacts, key: string, layer: number): string {
  return isGgufArray(facts.metadata.get(key)) ? ` at layer ${layer}` : "";
}
