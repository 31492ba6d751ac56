/**
 * The comparison of two runs (`edgecall compare RUN_A RUN_B`): per category the accuracy of each
 * run, the paired table over the attempts both ran (same sample id and repeat), the difference
 * B − A on those pairs with an exact McNemar test, the samples that flipped either way, and speed
 * and memory side by side. Accuracy is over scored attempts, as in each run's summary: a harness
 * error is counted beside it and leaves its pair out of the table. Runs whose common suites have
 * different versions (changed samples or scoring) are refused unless `force`.
 *
 * It is the N = 2 case of the one paired comparison (src/compare/paired-comparison.ts), with the
 * field names of the `compare --json` contract (`a`, `b`, `onlyA`, `onlyB`; an empty side is null,
 * a difference without pairs is null).
 */

import { type PairedGroup, pairRuns, type RunAccuracy } from "../compare/paired-comparison.js";
import { EdgecallError } from "../errors.js";
import { attemptKey } from "../eval/paired-attempts.js";
import type { ModelProvenance } from "../eval/provenance.js";
import { hasRandomWeights, type RunData, runLabel } from "./run-data.js";
import { categoryLabel, resultKeyOf } from "./sample-view.js";
import { type SpeedMemory, speedMemoryOf } from "./speed-memory.js";

/** One run's accuracy in a category (over its scored attempts there, harness errors beside it). */
export interface SideAccuracy {
  n: number;
  /** Attempts with a model verdict: what `accuracy` is over. */
  scored: number;
  /** Attempts that ended in a harness error. */
  harnessErrors: number;
  passed: number;
  accuracy: number;
  ci95: [number, number];
}

/** The paired outcome table of a category. */
export interface PairedTable {
  /** Attempts present in both runs, each with a model verdict. */
  n: number;
  bothPassed: number;
  onlyA: number;
  onlyB: number;
  bothFailed: number;
  /** Attempts present in both runs left out: a harness error in either. */
  harnessErrors: number;
}

/** One category (or `overall`) compared. */
export interface CategoryComparison {
  suite: string;
  category: string;
  label: string;
  a: SideAccuracy | null;
  b: SideAccuracy | null;
  paired: PairedTable;
  /** B − A accuracy over the paired attempts (null with no pairs). */
  difference: number | null;
  /** Exact two-sided McNemar p-value on the discordant pairs (1 with none). */
  pValue: number;
  /** Sample keys (id, or id#repeat with repeats) that passed only in A, and only in B. */
  flipped: { onlyA: string[]; onlyB: string[] };
}

/** One side's identity. */
export interface ComparedRun {
  runDir: string;
  label: string;
  model: ModelProvenance | null;
  randomWeights: boolean;
}

/** The whole comparison (the `compare --json` document). */
export interface Comparison {
  a: ComparedRun;
  b: ComparedRun;
  suites: { name: string; versionA: string | null; versionB: string | null; same: boolean }[];
  /** True when suites of different versions were compared because of `force`. */
  forced: boolean;
  categories: CategoryComparison[];
  overall: CategoryComparison;
  /** Attempts present in only one run (not paired). */
  unpaired: { onlyInA: number; onlyInB: number };
  speedMemory: { a: SpeedMemory; b: SpeedMemory };
}

function side(accuracy: RunAccuracy): SideAccuracy | null {
  if (accuracy.accuracy === null) return null;
  return {
    n: accuracy.n,
    scored: accuracy.scored,
    harnessErrors: accuracy.harnessErrors,
    passed: accuracy.passed,
    accuracy: accuracy.accuracy,
    ci95: accuracy.ci95,
  };
}

function categoryOf(group: PairedGroup, withRepeat: boolean): CategoryComparison {
  const [a, b] = group.accuracy;
  const pairing = group.againstBaseline[0];
  const pairs = pairing?.pairs;
  const paired: PairedTable = {
    n: pairs?.n ?? 0,
    bothPassed: pairs?.bothPassed ?? 0,
    onlyA: pairs?.onlyFirst ?? 0,
    onlyB: pairs?.onlySecond ?? 0,
    bothFailed: pairs?.bothFailed ?? 0,
    harnessErrors: pairs?.harnessErrors ?? 0,
  };
  const flipped = { onlyA: [] as string[], onlyB: [] as string[] };
  for (const { first } of pairs?.discordant ?? [])
    (first.passed ? flipped.onlyA : flipped.onlyB).push(resultKeyOf(first, withRepeat));
  return {
    suite: group.suite,
    category: group.category,
    label: group.suite === "overall" ? "overall" : categoryLabel(group.suite, group.category),
    a: a === undefined ? null : side(a),
    b: b === undefined ? null : side(b),
    paired,
    difference: pairing?.difference ?? null,
    pValue: pairing?.pValue ?? 1,
    flipped,
  };
}

function suiteVersions(run: RunData): Map<string, string> {
  return new Map((run.eval?.record.suites ?? []).map((suite) => [suite.name, suite.version]));
}

function comparedRun(run: RunData): ComparedRun {
  return {
    runDir: run.directory,
    label: runLabel(run),
    model: run.eval?.record.model ?? null,
    randomWeights: hasRandomWeights(run),
  };
}

/** Compares run A with run B. Throws a `usage` error for suites of different versions unless `force`. */
export function compareRuns(a: RunData, b: RunData, options: { force?: boolean } = {}): Comparison {
  const versionsA = suiteVersions(a);
  const versionsB = suiteVersions(b);
  const names = [...new Set([...versionsA.keys(), ...versionsB.keys()])];
  const suites = names.map((name) => {
    const versionA = versionsA.get(name) ?? null;
    const versionB = versionsB.get(name) ?? null;
    return {
      name,
      versionA,
      versionB,
      same: versionA === null || versionB === null || versionA === versionB,
    };
  });
  const changed = suites.filter((suite) => !suite.same);
  if (changed.length > 0 && !options.force) {
    const list = changed.map(
      (suite) => `${suite.name} (version ${suite.versionA} in A, ${suite.versionB} in B)`,
    );
    throw new EdgecallError(
      "usage",
      `compare: the runs used different versions of ${list.join(", ")}: their samples or scoring differ, so the results are not comparable; pass --force to compare anyway`,
      { subject: changed[0]?.name },
    );
  }
  // Scores from the scripted user and from an LLM user are not one figure (docs/policy.md).
  const userA = a.eval?.record.settings.userModel ?? null;
  const userB = b.eval?.record.settings.userModel ?? null;
  if (userA !== userB && !options.force)
    throw new EdgecallError(
      "usage",
      `compare: the runs used different simulated users (${userA ?? "scripted"} in A, ${userB ?? "scripted"} in B), so their conversation scores are not comparable; pass --force to compare anyway`,
      { subject: "--user-model" },
    );
  const resultsA = a.eval?.results ?? [];
  const resultsB = b.eval?.results ?? [];
  const withRepeat = (a.eval?.summary.repeats ?? 1) > 1 || (b.eval?.summary.repeats ?? 1) > 1;
  const groups = pairRuns(
    [
      { label: "A", results: resultsA },
      { label: "B", results: resultsB },
    ],
    { suite: "overall", category: "overall" },
  );
  const categories = groups.categories.map((group) => categoryOf(group, withRepeat));
  const overall = categoryOf(groups.overall, withRepeat);
  const keysA = new Set(resultsA.map(attemptKey));
  const keysB = new Set(resultsB.map(attemptKey));
  return {
    a: comparedRun(a),
    b: comparedRun(b),
    suites,
    forced: changed.length > 0,
    categories,
    overall,
    unpaired: {
      onlyInA: resultsA.filter((result) => !keysB.has(attemptKey(result))).length,
      onlyInB: resultsB.filter((result) => !keysA.has(attemptKey(result))).length,
    },
    speedMemory: { a: speedMemoryOf(a), b: speedMemoryOf(b) },
  };
}
