/**
 * The multi-turn entries of the BFCL v4 data folder: questions (`BFCL_v4_multi_turn_*.json`:
 * turns of user messages, `initial_config`, `involved_classes`, `path`, and for miss_func the
 * `missed_function` held back per turn) and ground truths (`possible_answer/`: per turn, the
 * decoded calls). Read as `json.loads` types values (a `3.0` in a config stays a float).
 */

import { join } from "node:path";
import { readJsonlFile } from "../../text/jsonl-file.js";
import { parseJsonToPy, toPlainJson } from "./fast-json.js";
import type { MultiTurnCategory } from "./multi-turn-categories.js";
import { PyDict, type PyObj } from "./py-object.js";

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

function readLines(path: string): PyDict[] {
  return readJsonlFile(path, { parse: parseJsonToPy }).flatMap(({ value }) =>
    value instanceof PyDict ? [value] : [],
  );
}

function strings(value: PyObj | undefined): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** Reads a category's entries (in file order) from the BFCL data folder. */
export function readMultiTurnEntries(bfclDir: string, category: MultiTurnCategory): MultiTurnEntry[] {
  const questions = readLines(join(bfclDir, `BFCL_v4_${category}.json`));
  const answers = new Map<string, string[][]>();
  for (const answer of readLines(join(bfclDir, "possible_answer", `BFCL_v4_${category}.json`))) {
    const id = answer.get("id");
    const truth = answer.get("ground_truth");
    if (typeof id !== "string" || !Array.isArray(truth)) continue;
    answers.set(
      id,
      truth.map((turn) => strings(turn)),
    );
  }
  return questions.flatMap((question) => {
    const id = question.get("id");
    if (typeof id !== "string") return [];
    const config = question.get("initial_config");
    const missed = question.get("missed_function");
    const turns = question.get("question");
    let plainQuestion: unknown[][] | undefined;
    return [
      {
        id,
        category,
        get question(): unknown[][] {
          plainQuestion ??= Array.isArray(turns) ? (toPlainJson(turns) as unknown[][]) : [];
          return plainQuestion;
        },
        initialConfig: config instanceof PyDict ? config : new PyDict(),
        involvedClasses: strings(question.get("involved_classes")),
        path: strings(question.get("path")),
        missedFunction: missed instanceof PyDict ? (toPlainJson(missed) as Record<string, string[]>) : {},
        excludedFunction: strings(question.get("excluded_function")),
        groundTruth: answers.get(id) ?? [],
      },
    ];
  });
}
