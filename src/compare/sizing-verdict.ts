/**
 * The sizing verdict of `edgecall size`: from a finished quantisation comparison (every file's
 * eval and bench, src/compare/compare-quants.ts), one row per file (accuracy with its Wilson
 * interval, p90 time to first token and to a finished call on this machine, peak memory, and
 * whether it meets each budget), then the answer: the files that meet every budget, and the
 * recommended one: the smallest (or, with `prefer: "speed"`, the fastest) of them that is not
 * significantly less accurate than the most accurate of them (exact McNemar test on the paired
 * attempts, two-sided, p < 0.05 and lower; src/stats/paired-comparison.ts), or why none is. Files with random weights are
 * labelled and never recommended: their accuracy is noise.
 */
import { pairAttempts } from "../eval/paired-attempts.js";
import type { SampleResult } from "../eval/sample-result.js";
import { pairedDifference } from "../stats/paired-comparison.js";
import { percentiles } from "../stats/quantile.js";
import { formatBytes } from "../text/byte-units.js";
import { percent, signedPoints } from "../text/percent.js";
import type { ComparedModel, QuantComparison } from "./quant-comparison.js";

/** The budgets a file must meet; an absent one is not checked. */
export interface SizeBudgets {
  /** Most p90 time to a finished call, in ms. */
  maxLatencyMs?: number;
  /** Most peak memory, in MiB. */
  maxMemoryMiB?: number;
  /** Least overall accuracy, 0 to 1. */
  minAccuracy?: number;
}

/** One budget of one file: the measured value (null: not measured, which does not meet it). */
export interface BudgetCheck {
  limit: number;
  value: number | null;
  meets: boolean;
}

/** One file's row. */
export interface SizedFile {
  label: string;
  spec: string;
  quantisation: string | null;
  fileBytes: number | null;
  randomWeights: boolean;
  n: number;
  /** Attempts that ended in a harness error: not in `accuracy` (which is over scored attempts). */
  harnessErrors: number;
  accuracy: number | null;
  ci95: [number, number] | null;
  /** p90 time to first token over measured (not cached) model calls. */
  ttftP90Ms: number | null;
  /** p90 time to a finished call per sample (the reply complete; agent samples add their calls). */
  callP90Ms: number | null;
  /** Peak memory: the bench's fresh process when measured, else the eval process's (Node.js included). */
  peakMemoryBytes: number | null;
  memorySource: "bench" | "eval" | null;
  budgets: { latency?: BudgetCheck; memory?: BudgetCheck; accuracy?: BudgetCheck };
  meetsAll: boolean;
}

/** A file that meets every budget, paired with the most accurate such file. */
export interface SizingPairing {
  label: string;
  against: string;
  pairs: number;
  difference: number | null;
  pValue: number;
  significantlyWorse: boolean;
}

/** The whole answer (`edgecall size --json`). */
export interface SizingVerdict {
  kind: "sizing-verdict";
  version: 1;
  budgets: SizeBudgets;
  prefer: "size" | "speed";
  files: SizedFile[];
  /** Labels of the files that meet every budget. */
  meeting: string[];
  /** The most accurate file that meets every budget (not random weights); null when none. */
  best: string | null;
  recommended: string | null;
  pairings: SizingPairing[];
  /** The verdict in words. */
  reason: string;
  randomWeights: boolean;
  comparison: string;
}

const significance = 0.05;

function check(limit: number | undefined, value: number | null, meets: (value: number) => boolean) {
  if (limit === undefined) return undefined;
  return { limit, value, meets: value !== null && meets(value) };
}

function sizedFile(model: ComparedModel, results: readonly SampleResult[], budgets: SizeBudgets): SizedFile {
  // A replay model's timings measure the harness, not a model: no latency figure.
  const timed = model.provenance?.kind !== "replay";
  const measured = timed
    ? results.filter((result) => !result.cached && result.error === null && result.timing !== null)
    : [];
  const callMs = percentiles(measured.map((result) => result.timing?.totalMs ?? 0));
  const bench = typeof model.bench === "object" && model.bench !== null ? model.bench : undefined;
  const peakMemoryBytes = bench?.peakRssBytes ?? model.memory?.peakRssBytes ?? null;
  const file: Omit<SizedFile, "budgets" | "meetsAll"> = {
    label: model.label,
    spec: model.spec,
    quantisation: model.provenance?.quantisation ?? null,
    fileBytes: model.provenance?.fileBytes ?? null,
    randomWeights: model.provenance?.randomWeights === true || bench?.randomWeights === true,
    n: model.overall?.n ?? 0,
    harnessErrors: model.overall?.harnessErrors ?? 0,
    accuracy: model.overall?.accuracy ?? null,
    ci95: model.overall?.ci95 ?? null,
    ttftP90Ms: timed ? (model.speed?.ttftMs?.p90 ?? null) : null,
    callP90Ms: callMs?.p90 ?? null,
    peakMemoryBytes,
    memorySource: bench !== undefined ? "bench" : peakMemoryBytes !== null ? "eval" : null,
  };
  const checks = {
    latency: check(budgets.maxLatencyMs, file.callP90Ms, (value) => value <= (budgets.maxLatencyMs ?? 0)),
    memory: check(
      budgets.maxMemoryMiB,
      peakMemoryBytes === null ? null : peakMemoryBytes / 2 ** 20,
      (value) => value <= (budgets.maxMemoryMiB ?? 0),
    ),
    accuracy: check(budgets.minAccuracy, file.accuracy, (value) => value >= (budgets.minAccuracy ?? 0)),
  };
  const present = Object.fromEntries(Object.entries(checks).filter(([, value]) => value !== undefined));
  return {
    ...file,
    budgets: present,
    meetsAll: Object.values(present).every((entry) => entry?.meets === true),
  };
}

/** Why a file misses its budgets, in words. */
function misses(file: SizedFile): string {
  const parts: string[] = [];
  const { latency, memory, accuracy } = file.budgets;
  if (latency && !latency.meets)
    parts.push(
      latency.value === null
        ? "no call timing"
        : `p90 call ${latency.value.toFixed(0)} ms > ${latency.limit} ms`,
    );
  if (memory && !memory.meets)
    parts.push(
      memory.value === null
        ? "no memory figure"
        : `peak ${memory.value.toFixed(0)} MiB > ${memory.limit} MiB`,
    );
  if (accuracy && !accuracy.meets)
    parts.push(
      accuracy.value === null
        ? "no accuracy"
        : `accuracy ${percent(accuracy.value)} < ${percent(accuracy.limit)}`,
    );
  return `${file.label}: ${parts.join(", ")}`;
}

function order(prefer: "size" | "speed") {
  const key = (file: SizedFile) =>
    (prefer === "size" ? file.fileBytes : file.callP90Ms) ?? Number.POSITIVE_INFINITY;
  return (a: SizedFile, b: SizedFile) => key(a) - key(b);
}

/** Builds the verdict from a comparison and each model's results (by label). */
export function sizingVerdict(input: {
  comparison: QuantComparison;
  results: ReadonlyMap<string, readonly SampleResult[]>;
  budgets: SizeBudgets;
  prefer?: "size" | "speed";
}): SizingVerdict {
  const prefer = input.prefer ?? "size";
  const files = input.comparison.models.map((model) =>
    sizedFile(model, input.results.get(model.label) ?? [], input.budgets),
  );
  const meeting = files.filter((file) => file.meetsAll);
  const candidates = meeting.filter((file) => !file.randomWeights && file.accuracy !== null);
  const base = {
    kind: "sizing-verdict" as const,
    version: 1 as const,
    budgets: input.budgets,
    prefer,
    files,
    meeting: meeting.map((file) => file.label),
    randomWeights: files.some((file) => file.randomWeights),
    comparison: input.comparison.directory,
  };
  if (meeting.length === 0)
    return {
      ...base,
      best: null,
      recommended: null,
      pairings: [],
      reason: `no file meets every budget (${files.map(misses).join("; ")})`,
    };
  if (candidates.length === 0) {
    const fits = [...meeting].sort(order(prefer))[0];
    return {
      ...base,
      best: null,
      recommended: null,
      pairings: [],
      reason: `no file is recommended: the files that meet the budgets have random weights, so their accuracy is noise (${fits?.label} fits the budgets as the ${prefer === "size" ? "smallest" : "fastest"}; measure real weights before choosing)`,
    };
  }
  const best = [...candidates].sort((a, b) => (b.accuracy ?? 0) - (a.accuracy ?? 0))[0] as SizedFile;
  const bestResults = input.results.get(best.label) ?? [];
  const pairings: SizingPairing[] = candidates
    .filter((file) => file !== best)
    .map((file) => {
      const pairs = pairAttempts(bestResults, input.results.get(file.label) ?? []);
      const { difference, pValue } = pairedDifference(pairs);
      return {
        label: file.label,
        against: best.label,
        pairs: pairs.n,
        difference,
        pValue,
        significantlyWorse: difference !== null && difference < 0 && pValue < significance,
      };
    });
  const eligible = candidates.filter(
    (file) => !pairings.some((pairing) => pairing.label === file.label && pairing.significantlyWorse),
  );
  const recommended = [...eligible].sort(order(prefer))[0] as SizedFile;
  const pairing = pairings.find((entry) => entry.label === recommended.label);
  const against =
    pairing === undefined
      ? "it is the most accurate"
      : `${signedPoints(pairing.difference)} against ${best.label} over ${pairing.pairs} paired attempts, McNemar p = ${pairing.pValue.toFixed(3)}`;
  const worse = pairings.filter((entry) => entry.significantlyWorse).map((entry) => entry.label);
  return {
    ...base,
    best: best.label,
    recommended: recommended.label,
    pairings,
    reason:
      `${recommended.label}: the ${prefer === "size" ? "smallest" : "fastest"} file that meets every budget and is not significantly less accurate than the best (${against})` +
      (recommended.fileBytes === null
        ? prefer === "size"
          ? "; file sizes unknown, so the first given"
          : ""
        : `; ${formatBytes(recommended.fileBytes)}`) +
      (worse.length > 0 ? `; significantly less accurate: ${worse.join(", ")}` : ""),
  };
}
