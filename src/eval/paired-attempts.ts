/**
 * Pairing two runs' verdicts on the same planned work: attempts are paired by (sample id, repeat),
 * the paired outcome table is counted, and the discordant pairs are listed in the first run's
 * order. Both comparisons use it: `compare-quants` (several models against a baseline,
 * src/compare/paired-comparison.ts) and `compare` (two runs, src/report/two-run-comparison.ts), so their
 * McNemar tests count pairs the same way. A pair where either attempt ended in a harness error has
 * no pair of model verdicts: it is left out of the table and counted in `harnessErrors`.
 */
import { countPair, type PairedOutcomes } from "../stats/paired-comparison.js";
import type { SampleResult } from "./sample-result.js";
import { isHarnessError } from "./scored-accuracy.js";

/** The key of an attempt (sample id and repeat): what pairs two runs' attempts and what the result store knows a result by. */
export function attemptKey(result: Pick<SampleResult, "id" | "repeat">): string {
  return `${result.id}\u0000${result.repeat}`;
}

/** The paired outcome table of two runs, and their discordant pairs. */
export interface PairedAttempts extends PairedOutcomes {
  /** Attempts present in both runs, each with a model verdict. */
  n: number;
  /** The pairs whose verdicts differ, in the first run's order. */
  discordant: { first: SampleResult; second: SampleResult }[];
  /** Attempts of either run that have no partner in the other. */
  unpaired: number;
  /** Attempts present in both runs left out of the table: a harness error in either run. */
  harnessErrors: number;
}

/** Pairs `first` with `second` by {@link attemptKey}. */
export function pairAttempts(
  first: readonly SampleResult[],
  second: readonly SampleResult[],
): PairedAttempts {
  const byKey = new Map(second.map((result) => [attemptKey(result), result]));
  const paired: PairedAttempts = {
    n: 0,
    bothPassed: 0,
    onlyFirst: 0,
    onlySecond: 0,
    bothFailed: 0,
    discordant: [],
    unpaired: 0,
    harnessErrors: 0,
  };
  for (const resultFirst of first) {
    const resultSecond = byKey.get(attemptKey(resultFirst));
    if (resultSecond === undefined) continue;
    if (isHarnessError(resultFirst) || isHarnessError(resultSecond)) {
      paired.harnessErrors += 1;
      continue;
    }
    countPair(paired, resultFirst.passed, resultSecond.passed);
    if (resultFirst.passed !== resultSecond.passed)
      paired.discordant.push({ first: resultFirst, second: resultSecond });
  }
  paired.unpaired = first.length + second.length - 2 * (paired.n + paired.harnessErrors);
  return paired;
}
