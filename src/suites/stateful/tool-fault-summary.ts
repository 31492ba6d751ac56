/**
 * Robustness under transient tool faults (`--augment tool-faults`, Claw-Eval's error injection),
 * paired: every faulted copy (`ID@tool-faults`) beside its own unfaulted scenario (`ID`) from the
 * same run, so the difference is the faults' and not the scenarios'. Figures: pass^1 with and
 * without faults over the same scenarios (attempts, Wilson intervals), pass^k for k = the repeats
 * (Claw-Eval's primary metric is pass^3: run with `--repeats 3`) with bootstrap intervals, the
 * scenarios the faults broke (every attempt passed without faults, some failed with them) and
 * pass^1 by kind of fault. Scenarios without both halves in the results are left out, named by count.
 */

import { type RateFigure, rateFigure as rate } from "../../eval/rate-figure.js";
import type { SampleResult } from "../../eval/sample-result.js";
import { passHatK, type TrialCounts } from "../../stats/pass-hat-k.js";
import { passHatKInterval } from "../../stats/pass-hat-k-interval.js";

/** The suffix of a faulted copy's id. */
export const faultedSuffix = "@tool-faults";

/** pass^k of one arm, with its interval. */
export interface PassHatFigure {
  k: number;
  value: number;
  ci95: [number, number];
}

/** The paired figures. */
export interface ToolFaultSummary {
  /** Scenarios with both a faulted copy and the original in the results. */
  scenarios: number;
  /** Faulted copies whose original is not in the results (a `--limit`, a filter): not counted. */
  unpaired: number;
  repeats: number;
  withoutFaults: RateFigure;
  withFaults: RateFigure;
  /** pass^k at k = repeats (only with repeats > 1). */
  passHatK?: { withoutFaults: PassHatFigure; withFaults: PassHatFigure };
  /** Scenarios whose every attempt passed without faults and some attempt failed with them. */
  brokenByFaults: number;
  /** Scenarios that failed some attempt without faults and passed every attempt with them. */
  fixedByFaults: number;
  /** pass^1 with faults by kind of fault (`timeout`, `server-error`, `truncated`). */
  byKind: Record<string, RateFigure>;
}

function kindOf(result: SampleResult): string {
  const faults = result.metadata.toolFaults as Array<{ kind?: string }> | undefined;
  return faults?.[0]?.kind ?? "unknown";
}

function counts(results: readonly SampleResult[]): TrialCounts {
  return { n: results.length, c: results.filter((result) => result.passed).length };
}

function passHat(arm: readonly TrialCounts[], k: number): PassHatFigure {
  return { k, value: passHatK(arm, k), ci95: passHatKInterval(arm, k) };
}

/** The paired figures of a run's results; undefined when it has no faulted copy. */
export function toolFaultSummary(
  results: readonly SampleResult[],
  repeats: number,
): ToolFaultSummary | undefined {
  if (!results.some((result) => result.id.endsWith(faultedSuffix))) return undefined;
  const byId = new Map<string, SampleResult[]>();
  for (const result of results) {
    const list = byId.get(result.id);
    if (list === undefined) byId.set(result.id, [result]);
    else list.push(result);
  }
  const faultedIds = [...byId.keys()].filter((id) => id.endsWith(faultedSuffix));
  const pairs = faultedIds.flatMap((id) => {
    const original = byId.get(id.slice(0, -faultedSuffix.length));
    return original === undefined ? [] : [{ faulted: byId.get(id) ?? [], original }];
  });
  const faultedAttempts = pairs.flatMap((pair) => pair.faulted);
  const passRate = (list: readonly SampleResult[]) => {
    const { n, c } = counts(list);
    return rate(c, n);
  };
  const passedAll = (list: readonly SampleResult[]) =>
    list.length > 0 && list.every((result) => result.passed);
  const byKind: Record<string, RateFigure> = {};
  for (const kind of [...new Set(faultedAttempts.map(kindOf))].sort())
    byKind[kind] = passRate(faultedAttempts.filter((result) => kindOf(result) === kind));
  // pass^k needs every scenario at k attempts in both arms.
  const full = pairs.filter((pair) => pair.faulted.length >= repeats && pair.original.length >= repeats);
  const summary: ToolFaultSummary = {
    scenarios: pairs.length,
    unpaired: faultedIds.length - pairs.length,
    repeats,
    withoutFaults: passRate(pairs.flatMap((pair) => pair.original)),
    withFaults: passRate(faultedAttempts),
    brokenByFaults: pairs.filter((pair) => passedAll(pair.original) && !passedAll(pair.faulted)).length,
    fixedByFaults: pairs.filter((pair) => !passedAll(pair.original) && passedAll(pair.faulted)).length,
    byKind,
  };
  if (repeats > 1 && full.length > 0)
    summary.passHatK = {
      withoutFaults: passHat(
        full.map((pair) => counts(pair.original.slice(0, repeats))),
        repeats,
      ),
      withFaults: passHat(
        full.map((pair) => counts(pair.faulted.slice(0, repeats))),
        repeats,
      ),
    };
  return summary;
}
