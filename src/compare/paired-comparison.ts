/**
 * The one paired comparison: several runs' verdicts on the same planned work, the first run the
 * baseline. Per category (in the order categories first appear in the baseline's results, then
 * any only later runs have) and over all of them: each run's results there, and for every run
 * after the baseline the paired outcome table against it (attempts paired by sample id and
 * repeat, src/eval/paired-attempts.ts), the difference on the pairs, an exact two-sided McNemar
 * test, the agreement rate and the discordant pairs; with three or more runs the share of attempts
 * on which all agree.
 *
 * The arithmetic on the paired outcome table (difference, McNemar, agreement) is
 * src/stats/paired-comparison.ts, shared with the sizing verdict and the by-language figures.
 *
 * Both commands are views of it: `compare-quants` (N models, src/compare/baseline-differences.ts)
 * and `compare RUN_A RUN_B` (N = 2, src/report/two-run-comparison.ts). Each keeps the JSON field
 * names of its own contract; this module has one naming: `baseline` and `other`.
 *
 * With `--repeats K > 1` every repeat is its own pair, which treats repeats as independent: the
 * p-value is then too small, as the Wilson interval is too narrow.
 */
import { attemptKey, type PairedAttempts, pairAttempts } from "../eval/paired-attempts.js";
import type { SampleResult } from "../eval/sample-result.js";
import { scoredAccuracy } from "../eval/scored-accuracy.js";
import { agreementOfAll, pairedDifference } from "../stats/paired-comparison.js";

/** One run's results, labelled. */
export interface LabelledResults {
  label: string;
  results: readonly SampleResult[];
}

/**
 * One run's accuracy over a group of attempts, as the run's summary computes it (over scored
 * attempts, src/eval/scored-accuracy.ts); `accuracy` is null with no scored attempt.
 */
export interface RunAccuracy {
  n: number;
  /** Attempts with a model verdict: what `accuracy` is over. */
  scored: number;
  passed: number;
  accuracy: number | null;
  ci95: [number, number];
  /** Attempts that ended in a harness error (beside accuracy, not counted as failed). */
  harnessErrors: number;
}

/** A run after the baseline, paired with it over one group. */
export interface BaselinePairing {
  label: string;
  /** The paired outcome table; `first` is the baseline, `second` this run. */
  pairs: PairedAttempts;
  /** This run's accuracy minus the baseline's over the pairs; null with no pairs. */
  difference: number | null;
  /** Exact two-sided McNemar p-value on the discordant pairs (1 with none). */
  pValue: number;
  /** Share of pairs with the same verdict; null with no pairs. */
  agreement: number | null;
}

/** One category (or the overall group) of the comparison. */
export interface PairedGroup {
  suite: string;
  category: string;
  /** Each run's results in this group, in the order the runs were given. */
  results: readonly (readonly SampleResult[])[];
  /** Each run's accuracy, in the order the runs were given. */
  accuracy: RunAccuracy[];
  /** Every run after the baseline, against the baseline. */
  againstBaseline: BaselinePairing[];
  /** With three or more runs: share of attempts every run has on which all agree; else null. */
  agreementAll: number | null;
}

/** The whole comparison. */
export interface PairedGroups {
  categories: PairedGroup[];
  overall: PairedGroup;
}

/** Accuracy of one run over a group of attempts. */
export function runAccuracy(results: readonly SampleResult[]): RunAccuracy {
  const figures = scoredAccuracy(results);
  return { ...figures, accuracy: figures.scored === 0 ? null : figures.accuracy };
}

function pairing(
  label: string,
  baseline: readonly SampleResult[],
  other: readonly SampleResult[],
): BaselinePairing {
  const pairs = pairAttempts(baseline, other);
  const { difference, pValue, agreement } = pairedDifference(pairs);
  return { label, pairs, difference, pValue, agreement };
}

function agreementOfRuns(groups: readonly (readonly SampleResult[])[]): number | null {
  return agreementOfAll(
    groups.map((results) => new Map(results.map((result) => [attemptKey(result), result.passed]))),
  );
}

function pairedGroup(
  suite: string,
  category: string,
  labels: readonly string[],
  results: readonly (readonly SampleResult[])[],
): PairedGroup {
  const [baseline = [], ...others] = results;
  return {
    suite,
    category,
    results,
    accuracy: results.map(runAccuracy),
    againstBaseline: others.map((other, index) => pairing(labels[index + 1] ?? "", baseline, other)),
    agreementAll: agreementOfRuns(results),
  };
}

/**
 * Pairs runs (the first is the baseline) per category and over all; `overall` names the overall
 * group. Results are expected in plan order. Throws RangeError for fewer than two runs.
 */
export function pairRuns(
  runs: readonly LabelledResults[],
  overall: { suite: string; category: string },
): PairedGroups {
  if (runs.length < 2) throw new RangeError(`a comparison needs at least two runs, got ${runs.length}`);
  const labels = runs.map((run) => run.label);
  const order: { suite: string; category: string; key: string }[] = [];
  const byRun = runs.map(() => new Map<string, SampleResult[]>());
  for (const [index, run] of runs.entries())
    for (const result of run.results) {
      const key = `${result.suite}\u0000${result.category}`;
      if (!byRun.some((groups) => groups.has(key)))
        order.push({ suite: result.suite, category: result.category, key });
      const groups = byRun[index]!;
      const list = groups.get(key);
      if (list === undefined) groups.set(key, [result]);
      else list.push(result);
    }
  const categories = order.map(({ suite, category, key }) =>
    pairedGroup(
      suite,
      category,
      labels,
      byRun.map((groups) => groups.get(key) ?? []),
    ),
  );
  return {
    categories,
    overall: pairedGroup(
      overall.suite,
      overall.category,
      labels,
      runs.map((run) => run.results),
    ),
  };
}
