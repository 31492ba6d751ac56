/**
 * `runProbe`: the tool-count or context probe of one model. Builds every step's requests (sizing
 * prompts with the model's tokenizer where it has one), decides the context and which steps are
 * skipped, runs the steps that fit as one eval run (one category per step) and adds the `probe`
 * section to the run's summary.json. The probe's parameters and context are kept in `probe.json`
 * of the run directory (written when the session returns, interrupted or not; a run killed with
 * SIGKILL before that cannot be resumed as a probe), so `resume` rebuilds the same requests.
 */
import { existsSync, readFileSync } from "node:fs";
import { freemem, totalmem } from "node:os";
import { join } from "node:path";
import { writeFileAtomic } from "../atomic-file.js";
import { parseModelSpec } from "../backend/model-spec.js";
import { readRunOutputs } from "../compare/comparison-directory.js";
import { EdgecallError } from "../errors.js";
import { type EvalSessionOptions, runEvalSession } from "../eval/eval-session.js";
import type { Scorer } from "../eval/suite.js";
import type { EvalSummary } from "../eval/summary.js";
import type { MachineMemory } from "../gguf/memory-fit.js";
import { baseSuiteName, loadBaseRequests } from "./base-requests.js";
import { contextSteps } from "./context-steps.js";
import { loadDistractorPool } from "./distractor-pool.js";
import { FillerBuilder, loadFillerPages } from "./filler-conversation.js";
import { ggufProbeContext, type ProbeContext, skipStepsBeyond, stepNeed } from "./probe-context.js";
import { defaultContextSteps, defaultToolSteps } from "./probe-steps.js";
import { assembleProbeSuite, type ProbeStep } from "./probe-suite.js";
import { type ProbeSummary, summariseProbe } from "./probe-summary.js";
import { estimateStepPrompts } from "./prompt-estimate.js";
import { estimatingTokenCounter, ggufTokenCounter, type TokenCounter } from "./token-counter.js";
import { toolCountSteps } from "./tool-count-steps.js";

/** Probe defaults (documented in docs/quantisation.md). */
export const probeDefaults = {
  tools: { limit: 40 },
  context: { limit: 20 },
  tolerance: 0.05,
  maxTokens: 512,
  seed: 0,
} as const;

/** What shapes a probe's requests; kept in probe.json. */
export interface ProbeParameters {
  kind: "tools" | "context";
  steps: number[];
  /** Base requests used. */
  limit: number;
  seed: number;
  tolerance: number;
  bfclDir: string | null;
  maxTokens: number;
  /** `--context-size` as given (null: chosen by the probe). */
  contextSize: number | null;
  /** The suite the base requests come from (absent in probes written before it was recorded: assistant:single). */
  suite?: string;
}

/** Options of {@link runProbe}. */
export interface ProbeOptions
  extends Omit<
    EvalSessionOptions,
    "suites" | "suiteObjects" | "suiteOptions" | "limit" | "seed" | "maxTokens"
  > {
  kind: "tools" | "context";
  /** The BFCL v4 data folder: its function docs join the distractor pool of the tool-count probe. */
  bfclDir?: string;
  steps?: number[];
  limit?: number;
  seed?: number;
  tolerance?: number;
  maxTokens?: number;
  /** This machine's memory (tests inject it). */
  machineMemory?: MachineMemory;
  /** The base requests' suite: `assistant:single` (default) or `traces:FILE.jsonl`. */
  suite?: string;
}

/** What a probe did. */
export interface ProbeOutcome {
  summary: EvalSummary & { probe: ProbeSummary };
  runDirectory: string;
  interrupted: boolean;
}

const probeFile = "probe.json";

interface ProbeRecord {
  parameters: ProbeParameters;
  model: string;
  context: ProbeContext;
  probe?: ProbeSummary;
}

function refuse(message: string, subject: string): EdgecallError {
  return new EdgecallError("usage", message, { subject });
}

function readProbeRecord(runDirectory: string): ProbeRecord {
  const path = join(runDirectory, probeFile);
  if (!existsSync(path))
    throw new EdgecallError(
      "file-not-found",
      `--resume: ${path} not found (is ${runDirectory} a probe run?)`,
      {
        subject: path,
      },
    );
  return JSON.parse(readFileSync(path, "utf8")) as ProbeRecord;
}

function parametersOf(options: ProbeOptions): ProbeParameters {
  return {
    kind: options.kind,
    steps: options.steps ?? (options.kind === "tools" ? defaultToolSteps : defaultContextSteps),
    limit: options.limit ?? probeDefaults[options.kind].limit,
    seed: options.seed ?? probeDefaults.seed,
    tolerance: options.tolerance ?? probeDefaults.tolerance,
    bfclDir: options.bfclDir ?? null,
    maxTokens: options.maxTokens ?? probeDefaults.maxTokens,
    contextSize: options.contextSize ?? null,
    suite: options.suite ?? baseSuiteName,
  };
}

/** On resume: the original parameters; a flag given with another value is refused. */
function resumedParameters(
  record: ProbeRecord,
  options: ProbeOptions,
  runDirectory: string,
): ProbeParameters {
  const original = record.parameters;
  const given: Partial<ProbeParameters> = {
    kind: options.kind,
    steps: options.steps,
    limit: options.limit,
    seed: options.seed,
    tolerance: options.tolerance,
    bfclDir: options.bfclDir,
    maxTokens: options.maxTokens,
    contextSize: options.contextSize,
    suite: options.suite,
  };
  const differences = Object.entries(given)
    .filter(
      ([key, value]) =>
        value !== undefined &&
        JSON.stringify(value) !== JSON.stringify(original[key as keyof ProbeParameters]),
    )
    .map(
      ([key, value]) =>
        `${key}: was ${JSON.stringify(original[key as keyof ProbeParameters])}, now ${JSON.stringify(value)}`,
    );
  if (differences.length > 0)
    throw refuse(
      `--resume ${runDirectory}: the probe differs from the original (${differences.join("; ")})`,
      "--resume",
    );
  return original;
}

/** The GGUF file a spec names (the demo model's, synthesised, or an hf: one, downloaded on first use), or undefined. */
async function ggufPath(model: string): Promise<string | undefined> {
  const { localModelFile } = await import("../backend/open-model.js");
  return localModelFile(model);
}

function buildSteps(
  parameters: ProbeParameters,
  counter: TokenCounter,
): { steps: ProbeStep[]; baseVersion: string; baseRequests: number; baseSuite: string; scorer: Scorer } {
  const { requests, version, suite, scorer } = loadBaseRequests({
    singleTool: parameters.kind === "tools",
    limit: parameters.limit,
    suite: parameters.suite ?? baseSuiteName,
  });
  const steps =
    parameters.kind === "tools"
      ? toolCountSteps(
          requests,
          loadDistractorPool(parameters.bfclDir ?? undefined),
          parameters.steps,
          parameters.seed,
        )
      : contextSteps(requests, new FillerBuilder(loadFillerPages(), counter), parameters.steps);
  estimateStepPrompts(steps, counter);
  return { steps, baseVersion: version, baseRequests: requests.length, baseSuite: suite, scorer };
}

/** Runs (or resumes) a probe; see the module comment. */
export async function runProbe(options: ProbeOptions): Promise<ProbeOutcome> {
  const record = options.resume === undefined ? undefined : readProbeRecord(options.resume);
  if (record !== undefined && options.model !== undefined && options.model !== record.model)
    throw refuse(`--resume ${options.resume}: the model differs (was ${record.model})`, "--model");
  const model = record?.model ?? options.model;
  if (model === undefined) throw refuse("probe needs --model", "--model");
  const parameters =
    record === undefined ? parametersOf(options) : resumedParameters(record, options, options.resume!);
  const modelPath = await ggufPath(model);
  const machine = options.machineMemory ?? { availableBytes: freemem(), totalBytes: totalmem() };
  const requested = parameters.contextSize ?? undefined;
  // A requested context that cannot fit is refused before anything slow happens.
  let context: ProbeContext | undefined =
    record?.context ??
    (requested === undefined
      ? undefined
      : modelPath === undefined
        ? { size: requested, source: "requested", trainingContext: null, memoryNote: null }
        : await ggufProbeContext(modelPath, requested, requested, machine));
  const counter = modelPath === undefined ? estimatingTokenCounter() : await ggufTokenCounter(modelPath);
  let built: ReturnType<typeof buildSteps>;
  try {
    built = buildSteps(parameters, counter);
  } finally {
    await counter.close();
  }
  const { steps } = built;
  const needed = Math.max(
    0,
    ...steps.filter((step) => step.skipped === null).map((step) => stepNeed(step, parameters.maxTokens)),
  );
  context ??=
    modelPath === undefined
      ? { size: null, source: null, trainingContext: null, memoryNote: null }
      : await ggufProbeContext(modelPath, needed, undefined, machine);
  skipStepsBeyond(steps, context, parameters.maxTokens);
  const suiteName = `probe:${parameters.kind}`;
  const suite = assembleProbeSuite(suiteName, built.baseVersion, steps, built.scorer);

  const outcome = await runEvalSession({
    model,
    suiteObjects: [suite],
    seed: parameters.seed,
    maxTokens: parameters.maxTokens,
    contextSize: context.size ?? undefined,
    repeats: options.repeats,
    temperature: options.temperature,
    topP: options.topP,
    topK: options.topK,
    constrained: options.constrained,
    toolChoice: options.toolChoice,
    format: options.format,
    gpu: options.gpu,
    threads: options.threads,
    idleTimeoutMs: options.idleTimeoutMs,
    requestTimeoutMs: options.requestTimeoutMs,
    maxResponseBytes: options.maxResponseBytes,
    out: options.out,
    resume: options.resume,
    retryErrors: options.retryErrors,
    concurrency: options.concurrency,
    cache: options.cache,
    cacheDir: options.cacheDir,
    signal: options.signal,
    progress: options.progress,
    command: options.command,
    backend: options.backend,
  });
  // Written after the session (an interrupted one returns too), so `--resume` can rebuild the probe.
  writeFileAtomic(
    join(outcome.runDirectory, probeFile),
    `${JSON.stringify({ parameters, model, context }, null, 2)}\n`,
  );
  const { results } = readRunOutputs(outcome.runDirectory);
  const probe = summariseProbe({
    kind: parameters.kind,
    suite: suiteName,
    baseSuite: built.baseSuite,
    baseRequests: built.baseRequests,
    steps,
    results,
    repeats: outcome.summary.repeats,
    tolerance: parameters.tolerance,
    context,
    tokenCounter: counter.description,
    promptTokensEstimated: parseModelSpec(model).kind === "replay",
  });
  const summary = { ...outcome.summary, probe };
  writeFileAtomic(join(outcome.runDirectory, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
  writeFileAtomic(
    join(outcome.runDirectory, probeFile),
    `${JSON.stringify({ parameters, model, context, probe }, null, 2)}\n`,
  );
  return { summary, runDirectory: outcome.runDirectory, interrupted: outcome.interrupted };
}
