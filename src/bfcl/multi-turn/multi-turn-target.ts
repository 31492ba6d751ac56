/**
 * What a `bfcl:multi_turn_*` sample carries for its solver and scorer: where its entry lives,
 * and whether tools go through the model's own template (`fc`) or a BFCL prompt (`prompt`).
 */
import type { MultiTurnCategory } from "./multi-turn-categories.js";
import { MultiTurnDataset } from "./multi-turn-data.js";
import type { MultiTurnEntry } from "./multi-turn-dataset.js";

/** A multi-turn sample's target. */
export interface MultiTurnTarget {
  kind: "bfcl-multi-turn";
  bfclDir: string;
  id: string;
  category: MultiTurnCategory;
  mode: "fc" | "prompt";
  /** The number of BFCL turns. */
  turns: number;
}

const datasets = new Map<string, MultiTurnDataset>();

/** The multi-turn entries of a data folder, shared by one process. */
export function multiTurnDatasetFor(bfclDir: string): MultiTurnDataset {
  let dataset = datasets.get(bfclDir);
  if (dataset === undefined) {
    dataset = new MultiTurnDataset(bfclDir);
    datasets.set(bfclDir, dataset);
  }
  return dataset;
}

/** True for a multi-turn target. */
export function isMultiTurnTarget(target: unknown): target is MultiTurnTarget {
  return (
    typeof target === "object" && target !== null && (target as { kind?: unknown }).kind === "bfcl-multi-turn"
  );
}

/** The entry of a target (undefined when the data folder lacks it). */
export function entryOfTarget(target: MultiTurnTarget): MultiTurnEntry | undefined {
  return multiTurnDatasetFor(target.bfclDir).entry(target.id);
}
