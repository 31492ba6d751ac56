/**
 * `runQuantComparison`: runs the same eval plan on several model files, one after another, each
 * into its own run directory inside one comparison directory, then writes `comparison.json`: each
 * file's provenance, accuracy with intervals, paired differences against the first file (exact
 * McNemar), agreement, flipped samples, and speed and peak memory side by side.
 *
 * Models run sequentially, never at once, so their speeds and memory are measured alone. After an
 * interrupt the comparison is resumable (`resume`): finished models are read from disk, an
 * interrupted one is resumed with `eval --resume` semantics, the rest start.
 */
import { resolve } from "node:path";
import { absoluteModelSpec, parseModelSpec } from "../backend/model-spec.js";
import { assertModelFile } from "../backend/open-model.js";
import { EdgecallError } from "../errors.js";
import { type EvalSessionOptions, runEvalSession } from "../eval/eval-session.js";
import { createRunDirectory, readRunRecord } from "../eval/run-directory.js";
import { resolveSuiteNames } from "../eval/suite-catalog.js";
import { defaultSuiteCatalog } from "../suites/default-catalog.js";
import {
  defaultComparisonDirectory,
  modelLabels,
  readComparison,
  readRunOutputs,
  writeComparison,
} from "./comparison-directory.js";
import {
  assertSameComparisonSettings,
  givenComparisonSettings,
  upgradeLegacySettings,
} from "./comparison-settings.js";
import { benchModel, type CompareBenchSettings, startPeakMemoryWindow } from "./model-measurements.js";
import {
  buildQuantComparison,
  type LoadedModelRun,
  type ModelEntry,
  type QuantComparison,
} from "./quant-comparison.js";

/** Options of {@link runQuantComparison}. */
export interface CompareQuantsOptions
  extends Omit<EvalSessionOptions, "model" | "resume" | "backend" | "suiteObjects" | "retryErrors"> {
  /** Two or more model specs; the first is the baseline. On resume, default: the original ones. */
  models?: string[];
  /** An existing comparison directory to continue. */
  resume?: string;
  /** Also benchmark each GGUF file (prefill/decode speed and peak memory in a fresh process). */
  bench?: CompareBenchSettings;
  /** Progress notes (which model is running, bench progress). */
  onNote?: (message: string) => void;
}

/** What a comparison did. */
export interface CompareQuantsOutcome {
  comparison: QuantComparison;
  directory: string;
  interrupted: boolean;
}

function usage(message: string, subject: string): EdgecallError {
  return new EdgecallError("usage", message, { subject });
}

/** `bench` as comparison.json's settings keep it (absent: not asked for). */
function bench(options: CompareQuantsOptions): { bench?: CompareBenchSettings } {
  return options.bench === undefined ? {} : { bench: options.bench };
}

interface Plan {
  directory: string;
  createdAt: string;
  suites: string[];
  settings: Record<string, unknown>;
  entries: ModelEntry[];
}

function newPlan(options: CompareQuantsOptions): Plan {
  const models = options.models ?? [];
  if (models.length < 2)
    throw usage(`compare-quants needs at least two --model files, got ${models.length}`, "--model");
  if (options.suites === undefined) throw usage("compare-quants needs --suite", "--suite");
  const suites = resolveSuiteNames(defaultSuiteCatalog(), options.suites);
  // Every model is checked before the first eval starts: a typo in the third path must not cost
  // the first two evals.
  for (const spec of models) checkModelSpec(spec);
  const labels = modelLabels(models);
  return {
    directory: resolve(defaultComparisonDirectory(options.out ?? "edgecall-runs", suites)),
    createdAt: new Date().toISOString(),
    suites,
    settings: { ...givenComparisonSettings(options), ...bench(options) },
    entries: models.map((spec, index) => ({
      label: labels[index]!,
      spec: absoluteModelSpec(spec),
      runDir: null,
      status: "pending",
      memory: null,
      bench: null,
    })),
  };
}

function resumedPlan(directory: string, options: CompareQuantsOptions): Plan {
  const original = readComparison(directory);
  const specs = original.models.map((model) => model.spec);
  if (
    options.models !== undefined &&
    JSON.stringify(options.models.map(absoluteModelSpec)) !== JSON.stringify(specs.map(absoluteModelSpec))
  )
    throw usage(
      `--resume ${directory}: the models differ from the original comparison (${specs.join(", ")})`,
      "--model",
    );
  if (
    options.suites !== undefined &&
    JSON.stringify(resolveSuiteNames(defaultSuiteCatalog(), options.suites)) !==
      JSON.stringify(original.suites)
  )
    throw usage(
      `--resume ${directory}: the suites differ from the original comparison (${original.suites.join(",")})`,
      "--suite",
    );
  const settings = upgradeLegacySettings(original.settings);
  assertSameComparisonSettings(directory, settings, {
    ...givenComparisonSettings(options),
    ...bench(options),
  });
  return {
    directory: resolve(directory),
    createdAt: original.createdAt,
    suites: original.suites,
    settings,
    entries: original.models.map(({ label, spec, runDir, status, memory, bench }) => ({
      label,
      spec,
      runDir,
      status,
      memory,
      bench,
    })),
  };
}

function loadRun(entry: ModelEntry): LoadedModelRun {
  if (entry.runDir === null) return { entry, summary: null, results: [] };
  const { summary, results } = readRunOutputs(entry.runDir);
  return { entry, summary, results };
}

/** Runs (or resumes) a comparison; see the module comment. */
export async function runQuantComparison(options: CompareQuantsOptions): Promise<CompareQuantsOutcome> {
  const plan = options.resume === undefined ? newPlan(options) : resumedPlan(options.resume, options);
  const { bench, ...evalSettings } = plan.settings as Partial<EvalSessionOptions> & {
    bench?: CompareBenchSettings;
  };
  createRunDirectory(plan.directory);
  const save = (status: QuantComparison["status"]): QuantComparison => {
    const comparison = buildQuantComparison({
      directory: plan.directory,
      status,
      createdAt: plan.createdAt,
      suites: plan.suites,
      settings: plan.settings,
      runs: plan.entries.map(loadRun),
    });
    writeComparison(plan.directory, comparison);
    return comparison;
  };
  save("running");
  let interrupted = false;
  try {
    interrupted = await runEntries(plan, options, evalSettings, bench, save);
  } catch (error) {
    for (const entry of plan.entries) if (entry.status === "running") entry.status = "failed";
    save("failed");
    throw error;
  }
  const comparison = save(interrupted ? "interrupted" : "complete");
  return { comparison, directory: plan.directory, interrupted };
}

/** Runs each model's eval (and bench) in turn; true when interrupted. */
async function runEntries(
  plan: Plan,
  options: CompareQuantsOptions,
  evalSettings: Partial<EvalSessionOptions>,
  bench: CompareBenchSettings | undefined,
  save: (status: QuantComparison["status"]) => QuantComparison,
): Promise<boolean> {
  const note = options.onNote ?? (() => {});
  let interrupted = false;
  for (const [index, entry] of plan.entries.entries()) {
    if (options.signal?.aborted) {
      interrupted = true;
      break;
    }
    const finished = entry.runDir !== null && readRunRecord(entry.runDir).status === "complete";
    if (!finished) {
      note(`model ${index + 1}/${plan.entries.length}: ${entry.label} (${entry.spec})`);
      const endWindow = await startPeakMemoryWindow(index === 0);
      entry.status = "running";
      const outcome = await runEvalSession({
        ...evalSettings,
        model: entry.spec,
        catalog: defaultSuiteCatalog(),
        suites: plan.suites.join(","),
        out: plan.directory,
        ...(entry.runDir === null ? {} : { resume: entry.runDir }),
        concurrency: options.concurrency,
        idleTimeoutMs: options.idleTimeoutMs,
        requestTimeoutMs: options.requestTimeoutMs,
        maxResponseBytes: options.maxResponseBytes,
        signal: options.signal,
        progress: options.progress,
        command: options.command,
      });
      entry.runDir = outcome.runDirectory;
      entry.memory = endWindow();
      entry.status = outcome.interrupted || !outcome.summary.complete ? "interrupted" : "complete";
      save("running");
      if (outcome.interrupted) {
        interrupted = true;
        break;
      }
    } else entry.status = "complete";
    if (bench !== undefined && (entry.bench === null || typeof entry.bench === "string")) {
      note(`bench ${entry.label}`);
      entry.bench = await benchModel(entry.spec, bench, {
        gpu: evalSettings.gpu,
        threads: evalSettings.threads,
        onNote: note,
      });
      save("running");
    }
  }
  return interrupted;
}

/** Throws the error opening `spec` would, for a spec that cannot work (malformed, a missing file). */
function checkModelSpec(spec: string): void {
  const parsed = parseModelSpec(spec);
  if (parsed.kind === "gguf" || parsed.kind === "replay") assertModelFile(parsed.path);
}
