/**
 * The `comparison.json` document of `edgecall compare-quants` (and its `--json` output): what
 * each model file is (provenance: sha256, quantisation, architecture, chat template), where its
 * own run directory is, its speed and peak memory side by side, and the paired comparison per
 * category against the first model (the baseline). Built from the models' run directories, so
 * it can be rebuilt at any time from what is on disk.
 */
import { statSync } from "node:fs";
import type { ModelProvenance } from "../eval/provenance.js";
import type { SampleResult } from "../eval/sample-result.js";
import type { ScoredAccuracy } from "../eval/scored-accuracy.js";
import type { EvalSummary, Percentiles } from "../eval/summary.js";
import { type CategoryComparison, compareResults } from "./baseline-differences.js";

/** The bench figures kept for a model (from `runBench`, measured in a fresh process). */
export interface ModelBenchFigures {
  /** llama.cpp's description of the model, size filled in (e.g. "qwen35 1.1M Q8_0"). */
  description?: string;
  /** The file has random weights (absent in comparisons written before it was recorded). */
  randomWeights?: boolean;
  loadMs: number;
  peakRssBytes: number;
  contextSize: number;
  device: string;
  /** One entry per llama-bench test (`pp512`, `tg128`), tokens per second. */
  results: { test: string; threads: number; tokensPerSecond: { min: number; median: number; max: number } }[];
}

/** Peak resident memory of the edgecall process while one model's eval ran. */
export interface ModelPeakMemory {
  /** Null where the peak could not be separated from earlier models (no VmHWM reset). */
  peakRssBytes: number | null;
  source: "VmHWM" | "maxRSS" | null;
}

/** What is kept per model between sessions (comparison.json's `models[]` before analysis). */
export interface ModelEntry {
  label: string;
  spec: string;
  /** The model's own run directory (null until its eval has started). */
  runDir: string | null;
  /** `failed`: its eval stopped on a harness error (the comparison says which; `--resume` retries it). */
  status: "pending" | "running" | "complete" | "interrupted" | "failed";
  memory: ModelPeakMemory | null;
  /** `--bench` figures; null when not measured; a string says why it could not be. */
  bench: ModelBenchFigures | string | null;
}

/** A model in the finished document. */
export interface ComparedModel extends ModelEntry {
  provenance: {
    identity: string;
    kind: string;
    path: string | null;
    sha256: string | null;
    quantisation: string | null;
    architecture: string | null;
    chatTemplateSha256: string | null;
    format: string;
    backend: string;
    backendVersion: string | null;
    device: string | null;
    fileBytes: number | null;
    randomWeights: boolean;
  } | null;
  /** The run's overall accuracy (over scored attempts; harness errors beside it). */
  overall: ScoredAccuracy | null;
  speed: {
    /** Time to first token over model calls not served from the cache. */
    ttftMs: Percentiles | null;
    decodeTokensPerSecond: Percentiles | null;
    /** Model load as the backend reported it (llama-cpp), else null. */
    loadMs: number | null;
    cached: number;
  } | null;
}

/** comparison.json. */
export interface QuantComparison {
  kind: "quant-comparison";
  version: 1;
  directory: string;
  status: "running" | "complete" | "interrupted" | "failed";
  createdAt: string;
  updatedAt: string;
  suites: string[];
  /** The eval settings every model ran with (as given; defaults are in each run.json). */
  settings: Record<string, unknown>;
  /** The label of the first model, which every other is compared with. */
  baseline: string;
  models: ComparedModel[];
  /** Per (suite, category); empty until two models have results. */
  categories: CategoryComparison[];
  overall: CategoryComparison | null;
  /** Things that make the comparison less clean (different templates, cached outputs, ...). */
  warnings: string[];
  randomWeights: boolean;
  notes: string[];
}

/** A model's entry with what its run directory holds. */
export interface LoadedModelRun {
  entry: ModelEntry;
  summary: EvalSummary | null;
  results: readonly SampleResult[];
}

const notes = [
  "paired: attempts matched by (sample id, repeat); difference = this model's accuracy minus the baseline's over paired attempts; pValue: exact two-sided McNemar test on the discordant pairs",
  "with --repeats K > 1 each repeat counts as an independent pair, so p-values (like Wilson intervals) are too small",
  "speed: time to first token and decode tokens/s from the eval's own model calls (not from the response cache; use --no-cache to measure every call)",
  "memory: peak RSS (VmHWM) of the edgecall process while that model's eval ran, Node.js included, reset before each model; bench: measured in a fresh process by `edgecall bench`'s machinery",
];

function fileBytes(path: string | undefined): number | null {
  if (path === undefined) return null;
  try {
    return statSync(path).size;
  } catch {
    return null;
  }
}

function provenanceOf(model: ModelProvenance): NonNullable<ComparedModel["provenance"]> {
  return {
    identity: model.identity,
    kind: model.kind,
    path: model.path ?? null,
    sha256: model.sha256 ?? null,
    quantisation: model.quantisation ?? null,
    architecture: model.architecture ?? null,
    chatTemplateSha256: model.chatTemplateSha256 ?? null,
    format: model.format,
    backend: model.backend,
    backendVersion: model.backendVersion ?? null,
    device: model.device ?? null,
    fileBytes:
      model.kind === "gguf" || model.kind === "demo" || model.kind === "hf" ? fileBytes(model.path) : null,
    randomWeights: model.randomWeights,
  };
}

function describeModel(run: LoadedModelRun): ComparedModel {
  const { summary } = run;
  if (summary === null) return { ...run.entry, provenance: null, overall: null, speed: null };
  const loadMs = summary.model.backendInfo.loadMs;
  return {
    ...run.entry,
    provenance: provenanceOf(summary.model),
    overall: {
      n: summary.overall.n,
      // Absent in a summary.json written before harness errors were counted beside accuracy.
      scored: summary.overall.scored ?? summary.overall.n,
      harnessErrors: summary.overall.harnessErrors ?? summary.harnessErrors,
      passed: summary.overall.passed,
      accuracy: summary.overall.accuracy,
      ci95: summary.overall.ci95,
    },
    speed: {
      ttftMs: summary.ttftMs,
      decodeTokensPerSecond: summary.decodeTokensPerSecond,
      loadMs: typeof loadMs === "number" ? loadMs : null,
      cached: summary.cached,
    },
  };
}

function distinct(values: readonly (string | null)[]): number {
  return new Set(values).size;
}

function warningsFor(models: readonly ComparedModel[]): string[] {
  const described = models.filter((model) => model.provenance !== null);
  const provenance = described.map((model) => model.provenance!);
  const warnings: string[] = [];
  if (distinct(provenance.map((entry) => entry.architecture)) > 1)
    warnings.push(
      `the models have different architectures (${provenance.map((entry) => entry.architecture ?? "?").join(", ")}): this compares models, not quantisations`,
    );
  if (distinct(provenance.map((entry) => entry.chatTemplateSha256)) > 1)
    warnings.push(
      "the chat templates differ: some differences may come from the template, not the quantisation",
    );
  if (distinct(provenance.map((entry) => entry.format)) > 1)
    warnings.push(
      `the tool-call formats differ (${provenance.map((entry) => entry.format).join(", ")}): give --format to use one`,
    );
  const identities = provenance.map((entry) => entry.identity);
  if (distinct(identities) < identities.length)
    warnings.push("the same model file appears more than once (identical sha256)");
  if (provenance.some((entry) => entry.randomWeights))
    warnings.push("random weights: accuracy is noise; only speed and memory mean something");
  for (const model of described)
    if (
      model.speed !== null &&
      model.overall !== null &&
      model.speed.cached >= model.overall.n &&
      model.overall.n > 0
    )
      warnings.push(
        `${model.label}: every output came from the response cache, so no speed was measured (use --no-cache)`,
      );
  for (const model of models)
    if (model.status !== "complete") warnings.push(`${model.label}: its eval is ${model.status}`);
  return warnings;
}

/** Builds the document from the models' runs (in the order given; the first is the baseline). */
export function buildQuantComparison(input: {
  directory: string;
  status: QuantComparison["status"];
  createdAt: string;
  suites: string[];
  settings: Record<string, unknown>;
  runs: readonly LoadedModelRun[];
}): QuantComparison {
  const models = input.runs.map(describeModel);
  const withResults = input.runs.filter((run) => run.summary !== null);
  const paired =
    withResults.length >= 2 && input.runs[0]?.summary !== null
      ? compareResults(withResults.map((run) => ({ label: run.entry.label, results: run.results })))
      : undefined;
  return {
    kind: "quant-comparison",
    version: 1,
    directory: input.directory,
    status: input.status,
    createdAt: input.createdAt,
    updatedAt: new Date().toISOString(),
    suites: input.suites,
    settings: input.settings,
    baseline: input.runs[0]?.entry.label ?? "",
    models,
    categories: paired?.categories ?? [],
    overall: paired?.overall ?? null,
    warnings: warningsFor(models),
    randomWeights: models.some((model) => model.provenance?.randomWeights === true),
    notes,
  };
}
