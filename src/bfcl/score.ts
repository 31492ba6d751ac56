/**
 * `edgecall score bfcl`: scores BFCL result lines against the BFCL data folder, per category
 * (accuracy with a Wilson 95% interval), per entry (BFCL's verdict and error type) and as BFCL's
 * summary scores where computable.
 */
import { readFileSync } from "node:fs";
import { EdgecallError } from "../errors.js";
import { wilsonInterval } from "../stats/wilson.js";
import { type BfclAggregate, type BfclCategoryScore, bfclAggregates } from "./aggregates.js";
import { type BfclCategory, bfclCategories, bfclCategoryOfId } from "./categories.js";
import { BfclDataset } from "./dataset.js";
import { type BfclVerdict, judgeBfclEntry } from "./entry-verdict.js";
import {
  type MultiTurnCategory,
  multiTurnCategories,
  multiTurnCategoryOfId,
} from "./multi-turn/multi-turn-categories.js";
import { MultiTurnDataset } from "./multi-turn/multi-turn-data.js";
import { judgeMultiTurnEntry } from "./multi-turn/multi-turn-verdict.js";
import type { PyValue } from "./py-value.js";
import { type BfclResult, parseBfclResults } from "./results-file.js";

/** A result given in memory: raw model text, or decoded calls as a Python value. */
export interface BfclResultInput {
  id: string;
  result: string | PyValue;
}

/** What to score. Give `resultsPath` (JSON Lines) or `results`. */
export interface BfclScoreOptions {
  bfclDir: string;
  resultsPath?: string;
  results?: readonly BfclResultInput[];
  /** Compare function names in function-calling form ("." → "_"). */
  fcNames?: boolean;
  /** A dataset to reuse across calls (it caches parsed entries); made from `bfclDir` otherwise. */
  dataset?: BfclDataset;
  /** The multi-turn entries to reuse across calls; made from `bfclDir` otherwise. */
  multiTurnDataset?: MultiTurnDataset;
}

/** The `score bfcl --json` document. */
export interface BfclScoreReport {
  categories: BfclCategoryScore[];
  verdicts: BfclVerdict[];
  aggregates: BfclAggregate[];
}

function readResults(options: BfclScoreOptions): BfclResult[] {
  if (options.resultsPath !== undefined) {
    let text: string;
    try {
      text = readFileSync(options.resultsPath, "utf8");
    } catch (error) {
      throw new EdgecallError("file-not-found", `cannot read results file ${options.resultsPath}`, {
        subject: options.resultsPath,
        cause: error,
      });
    }
    return parseBfclResults(text, options.resultsPath);
  }
  if (options.results === undefined)
    throw new EdgecallError("usage", "score bfcl needs results: give resultsPath or results");
  return options.results.map((item, index) => ({
    id: item.id,
    result: typeof item.result === "string" ? { kind: "str", value: item.result } : item.result,
    where: `results[${index}]`,
  }));
}

function isMultiTurn(category: BfclCategory | MultiTurnCategory): category is MultiTurnCategory {
  return category.startsWith("multi_turn_");
}

/** Scores results; throws EdgecallError on unknown or duplicate ids and malformed lines. */
export function scoreBfclResults(options: BfclScoreOptions): BfclScoreReport {
  const dataset = options.dataset ?? new BfclDataset(options.bfclDir);
  let multiTurn = options.multiTurnDataset;
  const results = readResults(options);
  const seen = new Map<string, string>();
  const counts = new Map<BfclCategory | MultiTurnCategory, { n: number; passed: number }>();
  const verdicts: BfclVerdict[] = [];
  for (const result of results) {
    const category = bfclCategoryOfId(result.id) ?? multiTurnCategoryOfId(result.id);
    if (category === undefined) {
      throw new EdgecallError(
        "invalid-argument",
        `${result.where}: "${result.id}" is not an id of a BFCL category edgecall scores (${[...bfclCategories, ...multiTurnCategories].join(", ")})`,
        { subject: result.where },
      );
    }
    const previous = seen.get(result.id);
    if (previous !== undefined)
      throw new EdgecallError(
        "invalid-argument",
        `${result.where}: duplicate result for "${result.id}" (first at ${previous})`,
        {
          subject: result.where,
        },
      );
    seen.set(result.id, result.where);
    const multiTurnCategory = multiTurnCategoryOfId(result.id);
    if (multiTurnCategory !== undefined) {
      multiTurn ??= new MultiTurnDataset(options.bfclDir);
      const multiTurnEntry = multiTurn.entry(result.id);
      if (!multiTurnEntry) {
        throw new EdgecallError(
          "invalid-argument",
          `${result.where}: unknown BFCL id "${result.id}" (not in ${options.bfclDir})`,
          {
            subject: result.where,
          },
        );
      }
      const judged = judgeMultiTurnEntry(multiTurnEntry, result.result);
      const verdict: BfclVerdict = { id: judged.id, valid: judged.valid, errorType: judged.errorType };
      if (judged.errors) verdict.errors = judged.errors;
      if (judged.turn !== undefined) verdict.turn = judged.turn;
      verdicts.push(verdict);
      const count = counts.get(multiTurnCategory) ?? { n: 0, passed: 0 };
      count.n += 1;
      if (verdict.valid) count.passed += 1;
      counts.set(multiTurnCategory, count);
      continue;
    }
    const entry = dataset.entry(category as BfclCategory, result.id);
    if (!entry) {
      throw new EdgecallError(
        "invalid-argument",
        `${result.where}: unknown BFCL id "${result.id}" (not in ${dataset.directory})`,
        {
          subject: result.where,
        },
      );
    }
    const verdict = judgeBfclEntry(entry, result.result, { fcNames: options.fcNames ?? false });
    verdicts.push(verdict);
    const count = counts.get(category) ?? { n: 0, passed: 0 };
    count.n += 1;
    if (verdict.valid) count.passed += 1;
    counts.set(category, count);
  }
  const categories: BfclCategoryScore[] = [...bfclCategories, ...multiTurnCategories].flatMap((category) => {
    const count = counts.get(category);
    if (!count) return [];
    const total = isMultiTurn(category)
      ? (multiTurn as MultiTurnDataset).ids(category).length
      : dataset.ids(category).length;
    return [
      {
        suite: `bfcl:${category}`,
        category,
        n: count.n,
        passed: count.passed,
        accuracy: count.passed / count.n,
        ci95: wilsonInterval(count.passed, count.n),
        total,
      },
    ];
  });
  return { categories, verdicts, aggregates: bfclAggregates(categories) };
}
