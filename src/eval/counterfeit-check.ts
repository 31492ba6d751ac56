/**
 * The counterfeit half of `suite check`: picks the counterfeits of a suite's samples (see
 * counterfeit.ts), replays each as a model through the suite's real solver and scorer, and reports
 * how many passed (each one that passed is a hole in the scorer). Counterfeits keep their sample's
 * id, so scorers that look their sample up by id work unchanged; a sample with several picked
 * counterfeits is run once per round, each round with a fresh store and fresh worlds.
 *
 * Picking is deterministic: for each kind, the samples are ordered by sha256(kind, id) and the
 * first `perKind` taken (every one with `perKind` "all"), so a suite's check is the same on every
 * machine and a growing suite keeps its earlier picks wherever the hash order allows.
 */

import { errorMessage } from "../error-message.js";
import { sha256Hex } from "../sha256.js";
import type { Counterfeit } from "./counterfeit.js";
import { referenceBackend } from "./reference-backend.js";
import type { SampleResult } from "./sample-result.js";
import type { Sample, Suite } from "./suite.js";

/** How many counterfeits of each kind a suite check tries: a number per kind and suite, or all. */
export type CounterfeitLimit = number | "all";

/** Counterfeits of each kind tried per suite unless `--counterfeits` says otherwise. */
export const defaultCounterfeitLimit = 8;

/** One counterfeit as tried: whose, which kind, why it is wrong, and the scorer's verdict. */
export interface CounterfeitTrial {
  id: string;
  kind: string;
  why: string;
  passed: boolean;
  /** The scorer's explanation (or the harness error's message). */
  explanation: string;
  /** True when the run ended in a harness error rather than a verdict. */
  harnessError: boolean;
}

/** A suite's counterfeit figures in the `suite check` document. */
export interface CounterfeitReport {
  /** Counterfeits run. */
  tried: number;
  /** Counterfeits the scorer passed: each is a hole; any makes `suite check` exit 1. */
  passed: number;
  /** Counterfeits whose run ended in a harness error (neither a pass nor a verdict). */
  harnessErrors: number;
  /** Counterfeits generated in all, before sampling. */
  available: number;
  /** Per kind: tried and passed. */
  byKind: Record<string, { tried: number; passed: number }>;
  /** Every counterfeit that passed, then one that failed per kind (its explanation shows why). */
  examples: CounterfeitTrial[];
}

/** Runs the chosen samples of the suite with a model; the same runner as the reference's. */
export type SampleRunner = (
  backend: ReturnType<typeof referenceBackend>,
  samples: readonly Sample[],
) => Promise<SampleResult[]>;

interface Pick {
  sample: Sample;
  counterfeit: Counterfeit;
}

function pickCounterfeits(
  suite: Suite,
  samples: readonly Sample[],
  limit: CounterfeitLimit,
): { picks: Pick[]; available: number; failures: { id: string; why: string }[] } {
  const byKind = new Map<string, { pick: Pick; order: string }[]>();
  const failures: { id: string; why: string }[] = [];
  let available = 0;
  for (const sample of samples) {
    let counterfeits: Counterfeit[];
    try {
      counterfeits = suite.counterfeitsOf?.(sample) ?? [];
    } catch (error) {
      failures.push({ id: sample.id, why: `its counterfeits could not be made: ${errorMessage(error)}` });
      continue;
    }
    available += counterfeits.length;
    for (const counterfeit of counterfeits) {
      const list = byKind.get(counterfeit.kind) ?? [];
      list.push({
        pick: { sample, counterfeit },
        order: sha256Hex(`${counterfeit.kind}\u0000${sample.id}\u0000${list.length}`),
      });
      byKind.set(counterfeit.kind, list);
    }
  }
  const picks: Pick[] = [];
  for (const kind of [...byKind.keys()].sort()) {
    const list = (byKind.get(kind) ?? []).sort((a, b) =>
      a.order < b.order ? -1 : a.order > b.order ? 1 : 0,
    );
    const chosen = limit === "all" ? list : list.slice(0, limit);
    picks.push(...chosen.map((entry) => entry.pick));
  }
  return { picks, available, failures };
}

/** Splits picks into rounds in which each sample appears at most once. */
function rounds(picks: readonly Pick[]): Pick[][] {
  const result: Pick[][] = [];
  const seen = new Map<string, number>();
  for (const pick of picks) {
    const round = seen.get(pick.sample.id) ?? 0;
    seen.set(pick.sample.id, round + 1);
    const members = result[round] ?? [];
    result[round] = members;
    members.push(pick);
  }
  return result;
}

/**
 * Tries the suite's counterfeits of `samples` (at most `limit` of each kind) with `run`; returns
 * the report, or undefined when the suite declares no counterfeits, and the generators' failures.
 */
export async function checkCounterfeits(
  suite: Suite,
  samples: readonly Sample[],
  limit: CounterfeitLimit,
  run: SampleRunner,
): Promise<{ report: CounterfeitReport | undefined; failures: { id: string; why: string }[] }> {
  if (suite.counterfeitsOf === undefined) return { report: undefined, failures: [] };
  const { picks, available, failures } = pickCounterfeits(suite, samples, limit);
  const trials: CounterfeitTrial[] = [];
  for (const round of rounds(picks)) {
    const outputs = new Map(round.map((pick) => [pick.sample.id, pick.counterfeit.outputs]));
    const backend = referenceBackend(
      round.map((pick) => pick.sample),
      (sample) => outputs.get(sample.id),
    );
    const results = new Map(
      (
        await run(
          backend,
          round.map((pick) => pick.sample),
        )
      ).map((result) => [result.id, result]),
    );
    for (const { sample, counterfeit } of round) {
      const result = results.get(sample.id);
      const harnessError = result === undefined || result.error !== null;
      trials.push({
        id: sample.id,
        kind: counterfeit.kind,
        why: counterfeit.why,
        passed: result?.passed === true && !harnessError,
        explanation: result === undefined ? "no result" : (result.error?.message ?? result.explanation),
        harnessError,
      });
    }
  }
  const byKind: Record<string, { tried: number; passed: number }> = {};
  for (const trial of trials) {
    const entry = byKind[trial.kind] ?? { tried: 0, passed: 0 };
    byKind[trial.kind] = entry;
    entry.tried += 1;
    if (trial.passed) entry.passed += 1;
  }
  const passed = trials.filter((trial) => trial.passed);
  const shownKinds = new Set<string>();
  const failedExamples = trials.filter((trial) => {
    if (trial.passed || trial.harnessError || shownKinds.has(trial.kind)) return false;
    shownKinds.add(trial.kind);
    return true;
  });
  for (const trial of trials.filter((entry) => entry.harnessError))
    failures.push({
      id: trial.id,
      why: `counterfeit ${trial.kind} ended in a harness error: ${trial.explanation}`,
    });
  return {
    report: {
      tried: trials.length,
      passed: passed.length,
      harnessErrors: trials.filter((trial) => trial.harnessError).length,
      available,
      byKind,
      examples: [...passed, ...failedExamples],
    },
    failures,
  };
}
