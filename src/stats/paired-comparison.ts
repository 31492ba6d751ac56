/**
 * The core of every paired pass/fail comparison: two conditions' verdicts on the same items (two
 * runs on the same planned attempts, a translated scenario and its English original, a smaller
 * file and the most accurate one), counted into the paired outcome table, and from it each
 * condition's accuracy over the pairs, the difference, the exact two-sided McNemar p-value on the
 * discordant pairs (src/stats/mcnemar.ts) and the agreement rate; with three or more conditions,
 * the share of items on which all agree.
 *
 * It knows nothing of results or runs (layer 0): `compare-quants` and `compare`
 * (src/compare/paired-comparison.ts), the sizing verdict and the by-language figures pair their
 * items and hand the verdicts here, so every such figure is computed the same way.
 */
import { mcnemarExact } from "./mcnemar.js";

/** The paired outcome table of two conditions, `first` and `second`. */
export interface PairedOutcomes {
  /** Pairs counted. */
  n: number;
  bothPassed: number;
  /** Passed under the first condition only. */
  onlyFirst: number;
  /** Passed under the second condition only. */
  onlySecond: number;
  bothFailed: number;
}

/** What a paired outcome table says. */
export interface PairedDifference extends PairedOutcomes {
  /** The first condition's accuracy over the pairs; null with no pairs. */
  firstAccuracy: number | null;
  /** The second condition's accuracy over the pairs; null with no pairs. */
  secondAccuracy: number | null;
  /** `secondAccuracy − firstAccuracy` (a share; negative: the second is worse); null with no pairs. */
  difference: number | null;
  /** Exact two-sided McNemar p-value on the discordant pairs (1 with none). */
  pValue: number;
  /** Share of pairs with the same verdict; null with no pairs. */
  agreement: number | null;
}

/** An empty paired outcome table. */
export function emptyPairedOutcomes(): PairedOutcomes {
  return { n: 0, bothPassed: 0, onlyFirst: 0, onlySecond: 0, bothFailed: 0 };
}

/** Counts one pair of verdicts into `table` (in place) and returns it. */
export function countPair(table: PairedOutcomes, first: boolean, second: boolean): PairedOutcomes {
  table.n += 1;
  if (first && second) table.bothPassed += 1;
  else if (first) table.onlyFirst += 1;
  else if (second) table.onlySecond += 1;
  else table.bothFailed += 1;
  return table;
}

/** The paired outcome table of a list of verdict pairs `[first, second]`. */
export function pairedOutcomes(pairs: Iterable<readonly [boolean, boolean]>): PairedOutcomes {
  const table = emptyPairedOutcomes();
  for (const [first, second] of pairs) countPair(table, first, second);
  return table;
}

/** Accuracies, difference, McNemar p-value and agreement of a paired outcome table. */
export function pairedDifference(table: PairedOutcomes): PairedDifference {
  const { n, bothPassed, onlyFirst, onlySecond, bothFailed } = table;
  const share = (count: number) => (n === 0 ? null : count / n);
  return {
    n,
    bothPassed,
    onlyFirst,
    onlySecond,
    bothFailed,
    firstAccuracy: share(bothPassed + onlyFirst),
    secondAccuracy: share(bothPassed + onlySecond),
    difference: share(onlySecond - onlyFirst),
    pValue: mcnemarExact(onlyFirst, onlySecond).pValue,
    agreement: share(n - onlyFirst - onlySecond),
  };
}

/**
 * With three or more conditions: over the items every condition has (by key, in the first
 * condition's order), the share on which all verdicts agree; null with fewer than three
 * conditions or no shared item.
 */
export function agreementOfAll(verdicts: readonly ReadonlyMap<string, boolean>[]): number | null {
  if (verdicts.length < 3) return null;
  const [first, ...rest] = verdicts;
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
