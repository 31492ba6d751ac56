/**
 * One eval session: resolve suites and settings, open the model, plan the run, create (or, with
 * `resume`, reopen and check) the run directory, run what has no result yet, then rewrite
 * results.jsonl and summary.json from the store. A resumed session refuses a different model,
 * different settings, different suite data, or a store holding results the plan does not contain.
 */
import { join, resolve } from "node:path";
import { cacheDirectory } from "../backend/demo-model.js";
import type { ModelBackend } from "../backend/model-backend.js";
import { absoluteModelSpec, parseModelSpec } from "../backend/model-spec.js";
import { openModel } from "../backend/open-model.js";
import { readProcessMemory } from "../bench/process-memory.js";
import { EdgecallError } from "../errors.js";
import type { ToolDefinition } from "../messages.js";
import type { ToolRegistry } from "../tools/tool-registry.js";
import { assertSameSettings, type GivenSettings, resolveSettings } from "./eval-settings.js";
import { attemptKey } from "./paired-attempts.js";
import { EvalProgress, type ProgressStream } from "./progress.js";
import { edgecallVersion, hostProvenance, modelProvenance } from "./provenance.js";
import { ResponseCache } from "./response-cache.js";
import { ResultStore, resultStoreFile } from "./result-store.js";
import {
  createRunDirectory,
  defaultRunDirectory,
  type ExtraToolsRecord,
  extraToolsRecord,
  type RunRecord,
  type RunSession,
  readRunRecord,
  writeRunOutputs,
  writeRunRecord,
} from "./run-directory.js";
import { planRun } from "./run-plan.js";
import { type RunnerCache, runSamples } from "./runner.js";
import type { SampleResult } from "./sample-result.js";
import { agentSettings, offerExtraTools, shardOf } from "./session-plan.js";
import type { Suite } from "./suite.js";
import { createSuites, resolveSuiteNames, type SuiteCatalog } from "./suite-catalog.js";
import { type EvalSummary, summarise } from "./summary.js";

/** Options of {@link runEvalSession}. */
export interface EvalSessionOptions extends Omit<GivenSettings, "suites"> {
  /** Model spec; on resume, defaults to the original run's. */
  model?: string;
  /** Comma-separated suites and groups; on resume, defaults to the original run's. */
  suites?: string;
  bfclDir?: string;
  /** Parent of new run directories (default ./edgecall-runs). */
  out?: string;
  /** An existing run directory to continue. */
  resume?: string;
  /** Delete stored results that ended in a harness error before resuming, so they run again. */
  retryErrors?: boolean;
  concurrency?: number;
  /** Response cache on or off (default: on, except for replay models). */
  cache?: boolean;
  cacheDir?: string;
  gpu?: "auto" | "off";
  threads?: number;
  contextSize?: number;
  /** openai: models: the longest wait for the server to send anything, in ms. */
  idleTimeoutMs?: number;
  /** openai: models: the largest response body accepted, in bytes. */
  maxResponseBytes?: number;
  /** GGUF: keep what each context sequence holds between calls (default true). */
  prefixReuse?: boolean;
  /** GGUF: prompt-lookup drafting (default false). */
  promptLookup?: boolean;
  signal?: AbortSignal;
  /** Where progress goes; false for none. Default stderr. */
  progress?: ProgressStream | false;
  /** The command line, recorded in run.json. */
  command?: string[];
  /** An already-open backend (library use and tests); `model` is then only recorded. */
  backend?: ModelBackend;
  /**
   * Suites built by the caller (the probes), used instead of resolving `suites` by name; their
   * names and versions are recorded in run.json as usual. A resume must pass the same suites.
   */
  suiteObjects?: Suite[];
  /**
   * Tools added to every sample's offered tools (`eval --mcp`); a sample's own tool of the same
   * name wins. Scoring is unchanged: they are extra choices, never part of an expected answer.
   */
  extraTools?: readonly ToolDefinition[];
  /** Called once per extra tool left out of some samples because they offer a tool of its name. */
  onToolClash?(name: string, samples: number): void;
  /** The extra tools as executable tools (agent suites run them); names as in `extraTools`. */
  extraRegistry?: ToolRegistry;
  /** The suites `suites` may name (the CLI passes the shipped catalog); needed unless `suiteObjects` is given. */
  catalog?: SuiteCatalog;
  /** `--user-model`: the model spec playing the user in conversation suites (default: the scripted user). */
  userModel?: string;
  /** An already-open user model (tests); `userModel` is then only recorded. */
  userBackend?: ModelBackend;
}

/** What a session did. */
export interface EvalSessionOutcome {
  summary: EvalSummary;
  runDirectory: string;
  /** Every result of the run (earlier sessions' included), in plan order. */
  results: readonly SampleResult[];
  interrupted: boolean;
}

function refuse(runDirectory: string, why: string): EdgecallError {
  return new EdgecallError("usage", `--resume ${runDirectory}: ${why}; start a new run instead`, {
    subject: "--resume",
  });
}

/** Runs (or resumes) an eval. Throws EdgecallError for usage and setup problems; sample failures are results. */
export async function runEvalSession(options: EvalSessionOptions): Promise<EvalSessionOutcome> {
  const original = options.resume === undefined ? undefined : readRunRecord(options.resume);
  const modelSpecText = options.model ?? original?.modelSpec;
  if (modelSpecText === undefined)
    throw new EdgecallError("usage", "eval needs --model (or --resume RUN_DIR)", { subject: "--model" });
  const probeSuite = original?.settings.suites.find((name) => name.startsWith("probe:"));
  if (probeSuite !== undefined && options.suiteObjects === undefined && options.resume !== undefined) {
    throw new EdgecallError(
      "usage",
      `--resume ${options.resume}: it is a probe run (${probeSuite}), not an eval run; resume it with: ` +
        `edgecall probe ${probeSuite.slice("probe:".length)} --resume ${options.resume}`,
      { subject: "--resume" },
    );
  }
  const suiteList = options.suites ?? original?.settings.suites.join(",");
  if (suiteList === undefined && options.suiteObjects === undefined)
    throw new EdgecallError("usage", "eval needs --suite (or --resume RUN_DIR)", { subject: "--suite" });
  const catalog = options.catalog;
  if (catalog === undefined && options.suiteObjects === undefined)
    throw new EdgecallError("internal", "eval needs a suite catalog or suite objects");
  const suiteNames =
    options.suiteObjects?.map((suite) => suite.name) ??
    resolveSuiteNames(catalog as SuiteCatalog, suiteList ?? "");
  const bfclDir = options.bfclDir ?? original?.bfclDir ?? undefined;
  if (bfclDir === undefined && suiteNames.some((name) => name.startsWith("bfcl:")))
    throw new EdgecallError("usage", "BFCL suites need --bfcl-dir (the BFCL v4 data folder)", {
      subject: "--bfcl-dir",
    });
  const spec = parseModelSpec(modelSpecText);
  const format = options.format ?? original?.settings.format ?? undefined;
  const cacheRoot = options.cacheDir ?? cacheDirectory();

  const backend =
    options.backend ??
    (await openModel(spec, {
      format,
      gpu: options.gpu,
      threads: options.threads,
      contextSize: options.contextSize,
      idleTimeoutMs: options.idleTimeoutMs,
      maxResponseBytes: options.maxResponseBytes,
      // In-process, each sample in flight gets a context sequence of its own (at most 16; more
      // samples in flight wait for a free sequence).
      sequences: Math.min(options.concurrency ?? 1, 16),
      prefixReuse: options.prefixReuse,
      promptLookup: options.promptLookup,
    }));
  const userModelText =
    options.userModel ?? (original?.settings.userModel === null ? undefined : original?.settings.userModel);
  let userBackend: ModelBackend | undefined = options.userBackend;
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
    const backendFormat = String(backend.info.format ?? "json");
    const settings = resolveSettings(
      {
        ...options,
        suites: suiteNames,
        ...(userModelText === undefined ? {} : { userModel: absoluteModelSpec(userModelText) }),
      },
      original?.settings,
      backendFormat,
    );
    if (userModelText !== undefined && userBackend === undefined)
      userBackend = await openModel(parseModelSpec(userModelText), {
        gpu: options.gpu,
        threads: options.threads,
      });
    const model = await modelProvenance(modelSpecText, spec, backend, cacheRoot);
    const augment = settings.augment ?? [];
    const suites =
      options.suiteObjects ??
      (await createSuites(catalog as SuiteCatalog, suiteNames, {
        bfclDir,
        bfclMode: settings.bfclMode,
        augment,
      }));
    const suiteRecords = suites.map((suite) => ({
      name: suite.name,
      version: suite.version,
      categories: suite.categories,
    }));
    const extraTools = extraToolsRecord(options.extraTools);
    if (original !== undefined && options.resume !== undefined) {
      assertSameSettings(options.resume, original.settings, settings);
      if (original.model.identity !== model.identity)
        throw refuse(
          options.resume,
          `the model differs (was ${original.model.identity}, now ${model.identity})`,
        );
      const extraBefore = original.extraTools;
      if (extraBefore?.sha256 !== extraTools?.sha256) {
        const describe = (record: ExtraToolsRecord | undefined) =>
          record === undefined ? "none" : record.names.join(", ");
        throw refuse(
          options.resume,
          `the tools added to every sample (--mcp) differ (were: ${describe(extraBefore)}; now: ${describe(extraTools)})`,
        );
      }
      for (const [index, suite] of suiteRecords.entries()) {
        const before = original.suites[index];
        if (before?.name !== suite.name || before.version !== suite.version)
          throw refuse(
            options.resume,
            `suite ${suite.name} changed (version was ${before?.version ?? "absent"}, now ${suite.version})`,
          );
      }
    }
    const plan = shardOf(
      await planRun(suites, {
        bfclDir,
        bfclMode: settings.bfclMode,
        augment,
        limit: settings.limit ?? undefined,
        repeats: settings.repeats,
      }),
      settings.shard ?? null,
    );

    if (options.extraTools !== undefined && options.extraTools.length > 0)
      offerExtraTools(plan, options.extraTools, options.onToolClash);

    const shardSuffix = settings.shard ? `-shard${settings.shard.index}of${settings.shard.count}` : "";
    runDirectory =
      options.resume ??
      defaultRunDirectory(options.out ?? "edgecall-runs", spec, suiteNames, new Date(), shardSuffix);
    createRunDirectory(runDirectory);
    const cacheEnabled = options.cache ?? spec.kind !== "replay";
    const cachePath = cacheEnabled ? join(cacheRoot, "responses.sqlite") : null;
    // The store is checked before this session is recorded, so a refused resume leaves run.json
    // as it was.
    store = ResultStore.open(join(runDirectory, resultStoreFile));
    const planned = new Set(plan.map((item) => attemptKey({ id: item.sample.id, repeat: item.repeat })));
    const stored = store.all();
    const stranger = stored.find((result) => !planned.has(attemptKey(result)));
    if (stranger !== undefined)
      throw refuse(
        runDirectory,
        `its store holds a result for "${stranger.id}" (repeat ${stranger.repeat}) that this plan does not contain`,
      );
    record = original ?? {
      edgecallVersion: edgecallVersion(),
      modelSpec: absoluteModelSpec(modelSpecText),
      settings,
      model,
      suites: suiteRecords,
      bfclDir: bfclDir === undefined ? null : resolve(bfclDir),
      planned: plan.length,
      ...(extraTools === undefined ? {} : { extraTools }),
      host: hostProvenance(),
      cache: { enabled: cacheEnabled, path: cachePath },
      status: "running",
      startedAt: session.startedAt,
      endedAt: null,
      sessions: [],
    };
    record.planned ??= plan.length;
    record.sessions.push(session);
    record.status = "running";
    writeRunRecord(runDirectory, record);

    if (options.retryErrors) store.remove(stored.filter((result) => result.error !== null));
    const done = store.keys();
    const pending = plan.filter((item) => !done.has(attemptKey({ id: item.sample.id, repeat: item.repeat })));

    cache = cachePath === null ? undefined : ResponseCache.open(cachePath);
    const runnerCache: RunnerCache | undefined =
      cache === undefined
        ? undefined
        : {
            cache,
            model: {
              identity: model.identity,
              format: backendFormat,
              edgecallVersion: edgecallVersion(),
              backendVersion: String(backend.info.backendVersion ?? backend.info.backend),
            },
          };
    const storedPassed = store.all().filter((result) => result.passed).length;
    const progress =
      options.progress === false
        ? undefined
        : new EvalProgress({
            total: plan.length,
            done: done.size,
            passed: storedPassed,
            stream: options.progress,
          });
    const outcome = await runSamples({
      backend,
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
      agent: agentSettings(settings, userBackend),
      ...(options.extraRegistry === undefined ? {} : { extraTools: options.extraRegistry }),
      concurrency: options.concurrency ?? 1,
      cache: runnerCache,
      signal: options.signal,
      onResult: (result) => progress?.record(result.passed),
    });
    progress?.finish();
    session.completed = outcome.completed;

    const results = store.all();
    const order = plan.map((item) => ({ suite: item.sample.suite, category: item.sample.category }));
    const summary = summarise({
      runDir: runDirectory,
      model,
      results,
      order,
      planned: plan.length,
      repeats: settings.repeats,
    });
    writeRunOutputs(runDirectory, results, summary);
    session.status = outcome.interrupted || !summary.complete ? "interrupted" : "complete";
    return { summary, runDirectory, results, interrupted: outcome.interrupted };
  } catch (error) {
    session.status = "failed";
    throw error;
  } finally {
    session.endedAt = new Date().toISOString();
    session.peakRssBytes = readProcessMemory().peakRssBytes;
    if (record !== undefined && runDirectory !== undefined) {
      record.status = session.status;
      record.endedAt = session.endedAt;
      writeRunRecord(runDirectory, record);
    }
    store?.close();
    cache?.close();
    if (options.backend === undefined) await backend.close();
    if (options.userBackend === undefined) await userBackend?.close();
  }
}

export { shardOf } from "./session-plan.js";
