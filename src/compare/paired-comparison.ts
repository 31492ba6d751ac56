/**
 * The paired comparison of several models' verdicts on the same planned work: per category (and
 * over all categories) each model's accuracy with a Wilson 95% interval, and for every model after
 * the first (the baseline) the paired difference against the baseline with an exact McNemar test,
 * the agreement rate (same verdict on the same attempt) and the attempts whose verdict flipped.
 *
 * Attempts are paired by (sample id, repeat). An attempt only one of the two runs has (an
 * interrupted run) is counted in that model's accuracy but not in the pair, and reported as
 * `unpaired`. With `--repeats K > 1` every repeat is its own pair, which treats repeats as
 * independent: the p-value is then too small, as the Wilson interval is too narrow.
 */
import { attemptKey, pairAttempts } from "../eval/paired-attempts.js";
import type { SampleResult } from "../eval/sample-result.js";
import { mcnemarExact } from "../stats/mcnemar.js";
import { wilsonInterval } from "../stats/wilson.js";

/** One model's accuracy over a set of attempts. */
export interface ModelAccuracy {
  label: string;
  n: number;
  passed: number;
  accuracy: number;
  ci95: [number, number];
  /** Attempts that ended in a harness error (counted as failed). */
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

/** One model's results, labelled. */
export interface LabelledResults {
  label: string;
  results: readonly SampleResult[];
}

/** The whole comparison. */
export interface PairedComparison {
  categories: CategoryComparison[];
  overall: CategoryComparison;
}

function accuracyOf(label: string, results: readonly SampleResult[]): ModelAccuracy {
  const passed = results.filter((result) => result.passed).length;
  return {
    label,
    n: results.length,
    passed,
    accuracy: results.length === 0 ? 0 : passed / results.length,
    ci95: wilsonInterval(passed, results.length),
    harnessErrors: results.filter((result) => result.error !== null).length,
  };
}

function pairedDifference(
  label: string,
  baseline: readonly SampleResult[],
  other: readonly SampleResult[],
  withFlips: boolean,
): PairedDifference {
  const paired = pairAttempts(baseline, other);
  const { n, onlyFirst: onlyBaseline, onlySecond: onlyThis } = paired;
  const { pValue } = mcnemarExact(onlyBaseline, onlyThis);
  const difference: PairedDifference = {
    label,
    n,
    onlyBaseline,
    onlyThis,
    difference: n === 0 ? 0 : (onlyThis - onlyBaseline) / n,
    pValue,
    agreement: n === 0 ? null : (n - onlyBaseline - onlyThis) / n,
    unpaired: paired.unpaired,
  };
  if (withFlips) {
    difference.flips = paired.discordant.map(({ first, second }) => ({
      id: first.id,
      repeat: first.repeat,
      direction: first.passed ? "lost" : "gained",
      errorType: first.passed ? second.errorType : first.errorType,
    }));
  }
  return difference;
}

function agreementOfAll(groups: readonly (readonly SampleResult[])[]): number | null {
  if (groups.length < 3) return null;
  const maps = groups.map((results) => new Map(results.map((result) => [attemptKey(result), result.passed])));
  const [first, ...rest] = maps;
  let n = 0;
  let same = 0;
  for (const [key, passed] of first ?? []) {
    const others = rest.map((map) => map.get(key));
    if (others.some((value) => value === undefined)) continue;
    n += 1;
    if (others.every((value) => value === passed)) same += 1;
  }
  return n === 0 ? null : same / n;
}

function compareGroup(
  suite: string,
  category: string,
  groups: readonly { label: string; results: readonly SampleResult[] }[],
  withFlips: boolean,
): CategoryComparison {
  const [baseline, ...others] = groups;
  return {
    suite,
    category,
    models: groups.map((group) => accuracyOf(group.label, group.results)),
    paired:
      baseline === undefined
        ? []
        : others.map((group) => pairedDifference(group.label, baseline.results, group.results, withFlips)),
    agreementAll: agreementOfAll(groups.map((group) => group.results)),
  };
}

/**
 * Compares runs (the first is the baseline). Categories come in the order they first appear in
 * the baseline's results, then any only other runs have; results are expected in plan order.
 */
export function compareResults(runs: readonly LabelledResults[]): PairedComparison {
  if (runs.length < 2) throw new RangeError(`a comparison needs at least two runs, got ${runs.length}`);
  const order: { suite: string; category: string; key: string }[] = [];
  const seen = new Set<string>();
  for (const run of runs)
    for (const result of run.results) {
      const key = `${result.suite}\u0000${result.category}`;
      if (seen.has(key)) continue;
      seen.add(key);
      order.push({ suite: result.suite, category: result.category, key });
    }
  const categories = order.map(({ suite, category, key }) =>
    compareGroup(
      suite,
      category,
      runs.map((run) => ({
        label: run.label,
        results: run.results.filter((result) => `${result.suite}\u0000${result.category}` === key),
      })),
      true,
    ),
  );
  return { categories, overall: compareGroup("all", "overall", runs, false) };
}
