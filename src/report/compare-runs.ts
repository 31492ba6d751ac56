/**
 * The comparison of two runs (`edgecall compare RUN_A RUN_B`): per category the accuracy of each
 * run, the paired table over the attempts both ran (same sample id and repeat), the difference
 * B − A on those pairs with an exact McNemar test, the samples that flipped either way, and speed
 * and memory side by side. A harness error counts as a failure. Runs whose common suites have
 * different versions (changed samples or scoring) are refused unless `force`.
 */
import { EdgecallError } from "../errors.js";
import { categoryKey } from "../eval/category-health.js";
import { attemptKey, pairAttempts } from "../eval/paired-attempts.js";
import type { ModelProvenance } from "../eval/provenance.js";
import type { SampleResult } from "../eval/sample-result.js";
import { mcnemarExact } from "../stats/mcnemar.js";
import { wilsonInterval } from "../stats/wilson.js";
import { hasRandomWeights, type RunData, runLabel } from "./run-data.js";
import { categoryLabel, resultKeyOf } from "./sample-view.js";
import { type SpeedMemory, speedMemoryOf } from "./speed-memory.js";

/** One run's accuracy in a category (over all its attempts there). */
export interface SideAccuracy {
  n: number;
  passed: number;
  accuracy: number;
  ci95: [number, number];
}

/** The paired outcome table of a category. */
export interface PairedTable {
  /** Attempts present in both runs. */
  n: number;
  bothPassed: number;
  onlyA: number;
  onlyB: number;
  bothFailed: number;
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

function side(results: readonly SampleResult[]): SideAccuracy | null {
  if (results.length === 0) return null;
  const passed = results.filter((result) => result.passed).length;
  return {
    n: results.length,
    passed,
    accuracy: passed / results.length,
    ci95: wilsonInterval(passed, results.length),
  };
}

function compareGroup(
  suite: string,
  category: string,
  listA: readonly SampleResult[],
  listB: readonly SampleResult[],
  withRepeat: boolean,
): CategoryComparison {
  const pairs = pairAttempts(listA, listB);
  const paired: PairedTable = {
    n: pairs.n,
    bothPassed: pairs.bothPassed,
    onlyA: pairs.onlyFirst,
    onlyB: pairs.onlySecond,
    bothFailed: pairs.bothFailed,
  };
  const flipped = { onlyA: [] as string[], onlyB: [] as string[] };
  for (const { first } of pairs.discordant) {
    (first.passed ? flipped.onlyA : flipped.onlyB).push(resultKeyOf(first, withRepeat));
  }
  const { pValue } = mcnemarExact(paired.onlyA, paired.onlyB);
  return {
    suite,
    category,
    label: suite === "overall" ? "overall" : categoryLabel(suite, category),
    a: side(listA),
    b: side(listB),
    paired,
    difference: paired.n === 0 ? null : (paired.onlyB - paired.onlyA) / paired.n,
    pValue,
    flipped,
  };
}

function group(results: readonly SampleResult[]): Map<string, SampleResult[]> {
  const groups = new Map<string, SampleResult[]>();
  for (const result of results) {
    const key = categoryKey(result.suite, result.category);
    const list = groups.get(key);
    if (list === undefined) groups.set(key, [result]);
    else list.push(result);
  }
  return groups;
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
  const resultsA = a.eval?.results ?? [];
  const resultsB = b.eval?.results ?? [];
  const withRepeat = (a.eval?.summary.repeats ?? 1) > 1 || (b.eval?.summary.repeats ?? 1) > 1;
  const groupsA = group(resultsA);
  const groupsB = group(resultsB);
  const keys = [...new Set([...groupsA.keys(), ...groupsB.keys()])];
  const categories = keys.map((key) => {
    const listA = groupsA.get(key) ?? [];
    const listB = groupsB.get(key) ?? [];
    const first = listA[0] ?? listB[0];
    return compareGroup(first?.suite ?? "", first?.category ?? "", listA, listB, withRepeat);
  });
  const overall = compareGroup("overall", "overall", resultsA, resultsB, withRepeat);
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
