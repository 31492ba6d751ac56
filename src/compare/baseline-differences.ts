/**
 * The `compare-quants` view of the paired comparison (src/compare/paired-comparison.ts): per
 * category and overall each model's accuracy with a Wilson 95% interval, and for every model after
 * the first (the baseline) the paired difference against it, the McNemar p-value, the agreement
 * rate and the attempts whose verdict flipped. These are the field names of `comparison.json`
 * (`onlyBaseline`, `onlyThis`; an empty group has accuracy 0 and difference 0).
 *
 * An attempt only one of the two runs has (an interrupted run) is counted in that model's accuracy
 * but not in the pair, and reported as `unpaired`.
 */
import type { SampleResult } from "../eval/sample-result.js";
import {
  type BaselinePairing,
  type LabelledResults,
  type PairedGroup,
  pairRuns,
} from "./paired-comparison.js";

export type { LabelledResults } from "./paired-comparison.js";

/** One model's accuracy over a set of attempts. */
export interface ModelAccuracy {
  label: string;
  n: number;
  /** Attempts with a model verdict: what `accuracy` is over. */
  scored: number;
  passed: number;
  /** passed / scored, as in the run's summary. */
  accuracy: number;
  ci95: [number, number];
  /** Attempts that ended in a harness error (beside accuracy, not counted as failed). */
  harnessErrors: number;
}

/** One attempt whose verdict differs between the baseline and another model. */
export interface Flip {
  id: string;
  repeat: number;
  /** `lost`: the baseline passed and this model failed; `gained`: the reverse. */
  direction: "lost" | "gained";
  /** This model's failure class when it failed, the baseline's when the baseline failed. */
  errorType: string | null;
}

/** A model compared with the baseline on the attempts both have. */
export interface PairedDifference {
  label: string;
  /** Attempts both runs have. */
  n: number;
  /** Pairs where only the baseline passed. */
  onlyBaseline: number;
  /** Pairs where only this model passed. */
  onlyThis: number;
  /** This model's accuracy minus the baseline's, over the paired attempts: (onlyThis − onlyBaseline) / n. */
  difference: number;
  /** Exact two-sided McNemar p-value (1 with no discordant pairs). */
  pValue: number;
  /** Share of paired attempts with the same verdict; null when nothing is paired. */
  agreement: number | null;
  /** Attempts of either run that have no partner in the other. */
  unpaired: number;
  /** Attempts both runs have, left out of the pair: a harness error in either. */
  harnessErrors: number;
  /** Discordant attempts, in plan order (absent in the overall row, where categories list them). */
  flips?: Flip[];
}

/** One category (or the overall row) of the comparison. */
export interface CategoryComparison {
  suite: string;
  category: string;
  /** Per model, in the order the models were given. */
  models: ModelAccuracy[];
  /** Per model after the first, against the first. */
  paired: PairedDifference[];
  /** With three or more models: share of attempts every model has on which all agree; else null. */
  agreementAll: number | null;
}

/** The whole comparison. */
export interface PairedComparison {
  categories: CategoryComparison[];
  overall: CategoryComparison;
}

function flipOf({ first, second }: { first: SampleResult; second: SampleResult }): Flip {
  return {
    id: first.id,
    repeat: first.repeat,
    direction: first.passed ? "lost" : "gained",
    errorType: first.passed ? second.errorType : first.errorType,
  };
}

function differenceOf(pairing: BaselinePairing, withFlips: boolean): PairedDifference {
  const { pairs } = pairing;
  const difference: PairedDifference = {
    label: pairing.label,
    n: pairs.n,
    onlyBaseline: pairs.onlyFirst,
    onlyThis: pairs.onlySecond,
    difference: pairing.difference ?? 0,
    pValue: pairing.pValue,
    agreement: pairing.agreement,
    unpaired: pairs.unpaired,
    harnessErrors: pairs.harnessErrors,
  };
  if (withFlips) difference.flips = pairs.discordant.map(flipOf);
  return difference;
}

function categoryOf(group: PairedGroup, labels: readonly string[], withFlips: boolean): CategoryComparison {
  return {
    suite: group.suite,
    category: group.category,
    models: group.accuracy.map((accuracy, index) => ({
      label: labels[index] ?? "",
      n: accuracy.n,
      scored: accuracy.scored,
      passed: accuracy.passed,
      accuracy: accuracy.accuracy ?? 0,
      ci95: accuracy.ci95,
      harnessErrors: accuracy.harnessErrors,
    })),
    paired: group.againstBaseline.map((pairing) => differenceOf(pairing, withFlips)),
    agreementAll: group.agreementAll,
  };
}

/**
 * Compares runs (the first is the baseline). Categories come in the order they first appear in
 * the baseline's results, then any only other runs have; results are expected in plan order.
 */
export function compareResults(runs: readonly LabelledResults[]): PairedComparison {
  const groups = pairRuns(runs, { suite: "all", category: "overall" });
  const labels = runs.map((run) => run.label);
  return {
    categories: groups.categories.map((group) => categoryOf(group, labels, true)),
    overall: categoryOf(groups.overall, labels, false),
  };
}
