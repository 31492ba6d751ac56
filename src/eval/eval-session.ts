/**
 * One eval session, as named steps: resolve what it runs (src/eval/session-inputs.ts), open the
 * model, resolve the settings and record the model's provenance, build the suites, check a resume
 * (src/eval/session-resume.ts), plan the run, create (or reopen) the run directory and record the
 * session, run what has no result yet, then write results.jsonl and summary.json (the JSON
 * reporter) from the results held in memory: those read from the store at the start and those this
 * session committed. The outcome hands them, the summary and the run record to the reporters, so
 * nothing is read back after the run. Whatever happens, the session's end is recorded (in the
 * outcome's record too) and everything opened is closed.
 */
import { join } from "node:path";
import type { ModelBackend } from "../backend/model-backend.js";
import { readModelSpec } from "../backend/model-spec.js";
import { readProcessMemory } from "../bench/process-memory.js";
import { resolveSettings, templateVariablesOf } from "./eval-settings.js";
import { writeRunOutputs } from "./json-reporter.js";
import { attemptKey } from "./paired-attempts.js";
import { evalProgressOn } from "./progress.js";
import { edgecallVersion, hostProvenance, type ModelProvenance, modelProvenance } from "./provenance.js";
import type { ReportedRun } from "./reporter.js";
import { ResponseCache } from "./response-cache.js";
import { ResultStore, resultStoreFile, storedForm } from "./result-store.js";
import {
  createRunDirectory,
  type EvalSettings,
  type ExtraToolsRecord,
  extraToolsRecord,
  type RunRecord,
  type RunSession,
  type SuiteRecord,
  writeRunRecord,
} from "./run-directory.js";
import { defaultRunDirectory } from "./run-directory-name.js";
import type { WorkItem } from "./run-plan.js";
import { type RunnerCache, type RunnerOutcome, runSamples } from "./runner.js";
import type { SampleResult } from "./sample-result.js";
import type { SessionInputs } from "./session-inputs.js";
import { resolveSessionInputs } from "./session-inputs.js";
import { openOtherModel, openSessionModel, runnerCacheOf } from "./session-models.js";
import type { EvalSessionOptions, EvalSessionOutcome } from "./session-options.js";
import { agentSettings, buildSuites, sessionPlan } from "./session-plan.js";
import { assertResumable, storedResultsOfPlan } from "./session-resume.js";
import { distinctFigures } from "./suite-figures.js";
import { summarise } from "./summary.js";

export type { EvalSessionOptions, EvalSessionOutcome } from "./session-options.js";

/** The run record with this session added: the original's on resume, else a new one. */
function recordWithSession(
  inputs: SessionInputs,
  session: RunSession,
  fields: {
    /** The model spec with its file path absolute (parsed once, by the open). */
    modelSpec: string;
    settings: EvalSettings;
    model: ModelProvenance;
    suites: SuiteRecord[];
    planned: number;
    extraTools: ExtraToolsRecord | undefined;
    cache: { enabled: boolean; path: string | null };
  },
): RunRecord {
  const record: RunRecord = inputs.original ?? {
    edgecallVersion: edgecallVersion(),
    modelSpec: fields.modelSpec,
    settings: fields.settings,
    model: fields.model,
    suites: fields.suites,
    planned: fields.planned,
    ...(fields.extraTools === undefined ? {} : { extraTools: fields.extraTools }),
    host: hostProvenance(),
    cache: fields.cache,
    status: "running",
    startedAt: session.startedAt,
    endedAt: null,
    sessions: [],
  };
  record.planned ??= fields.planned;
  record.sessions.push(session);
  record.status = "running";
  return record;
}

/** What {@link runPending} works with. */
interface PendingWork {
  plan: WorkItem[];
  store: ResultStore;
  settings: EvalSettings;
  backend: ModelBackend;
  userBackend: ModelBackend | undefined;
  cache: RunnerCache | undefined;
  randomWeights: boolean;
  /** The stored results the session starts from (those `--retry-errors` removed left out). */
  earlier: readonly SampleResult[];
  /** Receives each result the runner committed, in the store's form. */
  committed: SampleResult[];
}

/** Runs the planned attempts the store has no result for, with progress on stderr. */
async function runPending(options: EvalSessionOptions, work: PendingWork): Promise<RunnerOutcome> {
  const { plan, store, settings } = work;
  const done = store.keys();
  const pending = plan.filter((item) => !done.has(attemptKey({ id: item.sample.id, repeat: item.repeat })));
  const progress = evalProgressOn(options.progress, {
    total: plan.length,
    done: done.size,
    passed: work.earlier.filter((result) => result.passed).length,
    showAccuracy: !work.randomWeights,
  });
  const outcome = await runSamples({
    backend: work.backend,
    items: pending,
    store,
    settings: {
      temperature: settings.temperature ?? undefined,
      topP: settings.topP ?? undefined,
      topK: settings.topK ?? undefined,
      seed: settings.seed,
      maxTokens: settings.maxTokens,
      decoding: settings.decoding,
      toolChoice: settings.toolChoice,
    },
    agent: agentSettings(settings, work.userBackend),
    ...(options.extraRegistry === undefined ? {} : { extraTools: options.extraRegistry }),
    concurrency: options.concurrency ?? 1,
    cache: work.cache,
    signal: options.signal,
    onResult: (result) => {
      work.committed.push(storedForm(result));
      progress?.record(result.passed, result.cached);
    },
  });
  progress?.finish();
  return outcome;
}

/** Runs (or resumes) an eval. Throws EdgecallError for usage and setup problems; sample failures are results. */
export async function runEvalSession(options: EvalSessionOptions): Promise<EvalSessionOutcome> {
  const inputs = resolveSessionInputs(options);
  const { spec, original } = inputs;
  const opened = await openSessionModel(options, inputs);
  const { backend } = opened;
  let userBackend: ModelBackend | undefined = options.userBackend;
  let judgeBackend: ModelBackend | undefined = options.judgeBackend;
  let store: ResultStore | undefined;
  let cache: ResponseCache | undefined;
  let record: RunRecord | undefined;
  let runDirectory: string | undefined;
  const session: RunSession = {
    startedAt: new Date().toISOString(),
    endedAt: null,
    status: "running",
    command: options.command ?? process.argv.slice(2),
    concurrency: options.concurrency ?? 1,
    completed: null,
  };
  try {
    // Each spec is parsed once here and passed along to its open.
    const userSpec = inputs.userModelText === undefined ? undefined : readModelSpec(inputs.userModelText);
    const judgeSpec = options.judgeModel === undefined ? undefined : readModelSpec(options.judgeModel);
    const settings = resolveSettings(
      {
        ...options,
        suites: inputs.suiteNames,
        ...(userSpec === undefined ? {} : { userModel: userSpec.absolute }),
        ...(judgeSpec === undefined ? {} : { judgeModel: judgeSpec.absolute }),
        suiteOptions: inputs.suiteOptions,
      },
      original?.settings,
    );
    if (userSpec !== undefined && userBackend === undefined)
      userBackend = await openOtherModel(userSpec, options, inputs);
    if (settings.judgeModel && judgeBackend === undefined)
      judgeBackend = await openOtherModel(judgeSpec ?? readModelSpec(settings.judgeModel), options, inputs);
    const model = await modelProvenance(opened);
    const { suites, records: suiteRecords } = await buildSuites(options, inputs, settings, {
      ...(judgeBackend === undefined ? {} : { judge: judgeBackend }),
      modelFormat: opened.formatName,
    });
    const extraTools = extraToolsRecord(options.extraTools);
    if (original !== undefined && options.resume !== undefined)
      assertResumable(options.resume, original, { settings, model, extraTools, suites: suiteRecords });
    const plan = await sessionPlan(options, settings, suites);
    const figures = distinctFigures(suites.map((suite) => suite.figures));

    const shardSuffix = settings.shard ? `-shard${settings.shard.index}of${settings.shard.count}` : "";
    runDirectory =
      options.resume ??
      defaultRunDirectory(options.out ?? "edgecall-runs", spec, inputs.suiteNames, new Date(), shardSuffix);
    createRunDirectory(runDirectory);
    const cacheEnabled = options.cache ?? spec.kind !== "replay";
    const cachePath = cacheEnabled ? join(inputs.cacheRoot, "responses.sqlite") : null;
    // The store is checked before this session is recorded, so a refused resume leaves run.json
    // as it was.
    store = ResultStore.open(join(runDirectory, resultStoreFile));
    const stored = storedResultsOfPlan(runDirectory, store, plan);
    record = recordWithSession(inputs, session, {
      modelSpec: opened.spec.absolute,
      settings,
      model,
      suites: suiteRecords,
      planned: plan.length,
      extraTools,
      cache: { enabled: cacheEnabled, path: cachePath },
    });
    writeRunRecord(runDirectory, record);

    if (options.retryErrors) store.remove(stored.filter((result) => result.error !== null));
    const earlier = options.retryErrors ? stored.filter((result) => result.error === null) : stored;
    const committed: SampleResult[] = [];
    cache = cachePath === null ? undefined : ResponseCache.open(cachePath);
    const outcome = await runPending(options, {
      plan,
      store,
      settings,
      backend,
      userBackend,
      cache: runnerCacheOf(cache, opened, templateVariablesOf({}, settings)),
      randomWeights: model.randomWeights,
      earlier,
      committed,
    });
    session.completed = outcome.completed;

    // Read back only when another process committed results meanwhile.
    const results = store.allKnowing([...earlier, ...committed]);
    const summary = summarise({
      runDir: runDirectory,
      model,
      results,
      order: plan.map((item) => ({ suite: item.sample.suite, category: item.sample.category })),
      planned: plan.length,
      repeats: settings.repeats,
      userModel: settings.userModel,
      figures,
      settings: { ...settings },
    });
    // The record is final once this function returns: the `finally` below records the session's end in it.
    const run: ReportedRun = { runDirectory, summary, results, record, figures };
    writeRunOutputs(run);
    session.status = outcome.interrupted || !summary.complete ? "interrupted" : "complete";
    const backendReport = backend.report?.();
    return {
      ...run,
      interrupted: outcome.interrupted,
      ...(backendReport === undefined || Object.keys(backendReport).length === 0 ? {} : { backendReport }),
    };
  } catch (error) {
    session.status = "failed";
    throw error;
  } finally {
    session.endedAt = new Date().toISOString();
    session.peakRssBytes = readProcessMemory().peakRssBytes;
    const report = backend.report?.();
    if (report !== undefined && Object.keys(report).length > 0) session.backend = report;
    if (record !== undefined && runDirectory !== undefined) {
      record.status = session.status;
      record.endedAt = session.endedAt;
      writeRunRecord(runDirectory, record);
    }
    store?.close();
    cache?.close();
    if (options.backend === undefined) await backend.close();
    if (options.userBackend === undefined) await userBackend?.close();
    if (options.judgeBackend === undefined) await judgeBackend?.close();
  }
}

export { shardOf } from "./session-plan.js";
