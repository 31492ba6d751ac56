/**
 * The multi-turn entries of the BFCL v4 data folder: questions (`BFCL_v4_multi_turn_*.json`:
 * turns of user messages, `initial_config`, `involved_classes`, `path`, and for miss_func the
 * `missed_function` held back per turn) and ground truths (`possible_answer/`: per turn, the
 * decoded calls). Read losslessly (a `3.0` in a config stays a float) and cached per category.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { EdgecallError } from "../../errors.js";
import { LosslessJsonError, parseLosslessJson } from "../lossless-json.js";
import { dictGet, type PyValue } from "../py-value.js";
import type { MultiTurnCategory } from "./multi-turn-categories.js";
import { fromPyValue, PyDict } from "./py-object.js";

/** One multi-turn entry. */
export interface MultiTurnEntry {
  id: string;
  category: MultiTurnCategory;
  /** The user messages of each turn (plain JSON). */
  question: unknown[][];
  initialConfig: PyDict;
  involvedClasses: string[];
  /** Function paths the entry uses (`GorillaFileSystem.cd`, ...). */
  path: string[];
  /** miss_func: turn index → function names first offered at that turn. */
  missedFunction: Record<string, string[]>;
  /** Functions removed from the entry's tools. */
  excludedFunction: string[];
  groundTruth: string[][];
}

function readLines(path: string): PyValue[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new EdgecallError("file-not-found", `cannot read ${path}`, { subject: path, cause: error });
  }
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line, index) => {
      try {
        return parseLosslessJson(line);
      } catch (error) {
        if (!(error instanceof LosslessJsonError)) throw error;
        throw new EdgecallError("invalid-json", `${path}:${index + 1}: ${error.message}`, {
          subject: path,
          cause: error,
        });
      }
    });
}

function strings(value: PyValue | undefined): string[] {
  if (value?.kind !== "list") return [];
  return value.items.flatMap((item) => (item.kind === "str" ? [item.value] : []));
}

function plain(value: PyValue | undefined): unknown {
  if (value === undefined) return undefined;
  return JSON.parse(JSON.stringify(toPlain(value)));
}

function toPlain(value: PyValue): unknown {
  switch (value.kind) {
    case "list":
    case "tuple":
      return value.items.map(toPlain);
    case "dict":
      return Object.fromEntries(
        value.keys.map((key, index) => [
          key.kind === "str" ? key.value : String(key),
          toPlain(value.values[index] as PyValue),
        ]),
      );
    case "int":
      return Number(value.value);
    case "none":
      return null;
    case "str":
    case "float":
    case "bool":
      return value.value;
    default:
      return null;
  }
}

/** Reads a category's entries (in file order) from the BFCL data folder. */
export function readMultiTurnEntries(bfclDir: string, category: MultiTurnCategory): MultiTurnEntry[] {
  const questions = readLines(join(bfclDir, `BFCL_v4_${category}.json`));
  const answers = new Map<string, string[][]>();
  for (const answer of readLines(join(bfclDir, "possible_answer", `BFCL_v4_${category}.json`))) {
    const id = answer.kind === "dict" ? dictGet(answer, "id") : undefined;
    const truth = answer.kind === "dict" ? dictGet(answer, "ground_truth") : undefined;
    if (id?.kind !== "str" || truth?.kind !== "list") continue;
    answers.set(id.value, truth.items.map(strings));
  }
  return questions.flatMap((question) => {
    if (question.kind !== "dict") return [];
    const id = dictGet(question, "id");
    if (id?.kind !== "str") return [];
    const config = dictGet(question, "initial_config");
    const missed = plain(dictGet(question, "missed_function")) as Record<string, string[]> | undefined;
    return [
      {
        id: id.value,
        category,
        question: (plain(dictGet(question, "question")) as unknown[][] | undefined) ?? [],
        initialConfig: config ? (fromPyValue(config) as PyDict) : new PyDict(),
        involvedClasses: strings(dictGet(question, "involved_classes")),
        path: strings(dictGet(question, "path")),
        missedFunction: missed ?? {},
        excludedFunction: strings(dictGet(question, "excluded_function")),
        groundTruth: answers.get(id.value) ?? [],
      },
    ];
  });
}
