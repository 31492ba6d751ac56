/**
 * The eval runner: sends each planned (sample, repeat) to the model with up to `concurrency`
 * requests in flight, scores the transcript with the suite's scorer and commits the result to the
 * durable store the moment it is known. A failing sample (backend error, scorer crash) is recorded
 * as a failed result with its error and never stops the run. When the signal fires, no new sample
 * starts and in-flight generations are aborted; their samples are abandoned (no result written), so
 * `--resume` redoes exactly them.
 */
import { detectRepetition } from "../agent/loop-detector.js";
import type {
  DecodingMode,
  GenerateRequest,
  GenerateResult,
  ModelBackend,
  ToolChoice,
} from "../backend/model-backend.js";
import { isEdgecallError } from "../errors.js";
import { summariseParts } from "../messages.js";
import { type CacheKeyFields, cacheKeyFields, type ResponseCache } from "./response-cache.js";
import type { ResultStore } from "./result-store.js";
import type { WorkItem } from "./run-plan.js";
import type { SampleResult } from "./sample-result.js";
import type { Score, Transcript } from "./suite.js";

/** Settings applied to every request of a run. */
export interface RequestSettings {
  temperature?: number;
  topP?: number;
  topK?: number;
  /** Base seed; repeat r uses `seed + r`. */
  seed: number;
  maxTokens: number;
  decoding: DecodingMode;
  toolChoice: ToolChoice;
}

/** The response cache and the model facts its keys need. */
export interface RunnerCache {
  cache: ResponseCache;
  model: { identity: string; format: string; edgecallVersion: string; backendVersion: string };
}

/** Options of {@link runSamples}. */
export interface RunnerOptions {
  backend: ModelBackend;
  /** The work still to do, in plan order. */
  items: readonly WorkItem[];
  store: ResultStore;
  settings: RequestSettings;
  /** Most requests in flight at once (default 1). */
  concurrency?: number;
  cache?: RunnerCache;
  /** Stops the run: no new sample starts and in-flight generations are aborted. */
  signal?: AbortSignal;
  /** Called after each result is committed. */
  onResult?(result: SampleResult): void;
}

/** What a runner call did. */
export interface RunnerOutcome {
  /** Results committed by this call. */
  completed: number;
  /** Items not finished because the run was stopped (none when it ran to the end). */
  pending: number;
  /** Results another writer had already committed (the store refused a second write). */
  duplicates: number;
  interrupted: boolean;
}

/** The request sent for one work item. */
export function buildRequest(item: WorkItem, settings: RequestSettings): GenerateRequest {
  const { sample } = item;
  const request: GenerateRequest = {
    messages: sample.messages,
    toolChoice: settings.toolChoice,
    sampling: {
      temperature: settings.temperature,
      topP: settings.topP,
      topK: settings.topK,
      seed: settings.seed + item.repeat,
    },
    maxTokens: settings.maxTokens,
    decoding: settings.decoding,
    sampleId: sample.id,
  };
  if (sample.tools.length > 0) request.tools = sample.tools;
  return request;
}

function describe(error: unknown): { code: string; message: string } {
  if (isEdgecallError(error)) return { code: error.code, message: error.message };
  return { code: "internal", message: error instanceof Error ? error.message : String(error) };
}

/** Builds the stored record from a transcript and its verdict. */
export function buildResult(
  item: WorkItem,
  transcript: Transcript,
  score: Score,
  backendFormat: string,
): SampleResult {
  const { sample } = item;
  const turn = transcript.turns.at(-1);
  const reply = summariseParts(turn?.parts ?? []);
  const calls = score.calls ?? reply.toolCalls;
  const rawText = turn?.rawText ?? "";
  return {
    id: sample.id,
    suite: sample.suite,
    category: sample.category,
    repeat: item.repeat,
    ordinal: item.ordinal,
    passed: score.passed,
    score: score.score ?? (score.passed ? 1 : 0),
    explanation: score.explanation,
    errorType: score.passed ? null : (score.errorType ?? null),
    rawText,
    content: reply.content,
    calls: calls.map((call) => ({ name: call.name, arguments: call.arguments })),
    finishReason: turn?.finishReason ?? null,
    usage: turn?.usage ?? null,
    timing: turn?.timing ?? null,
    format: sample.outputFormat ?? backendFormat,
    parseFailure: turn === undefined ? false : (score.parseFailure ?? reply.errors.length > 0),
    stuck: turn !== undefined && detectRepetition(rawText) !== null,
    cached: turn?.cached ?? false,
    error: transcript.error ?? null,
    metadata: sample.metadata,
  };
}

async function generate(
  options: RunnerOptions,
  request: GenerateRequest,
  signal: AbortSignal | undefined,
): Promise<{ result: GenerateResult; cached: boolean }> {
  let fields: CacheKeyFields | undefined;
  if (options.cache !== undefined) {
    fields = cacheKeyFields(request, options.cache.model);
    const hit = options.cache.cache.get(fields);
    if (hit !== undefined) return { result: hit, cached: true };
  }
  const result = await options.backend.generate(request, { signal });
  if (fields !== undefined) options.cache?.cache.put(fields, result);
  return { result, cached: false };
}

/** Runs one item; undefined when it was abandoned because the run was stopped. */
async function runItem(options: RunnerOptions, item: WorkItem): Promise<SampleResult | undefined> {
  const { signal } = options;
  const request = buildRequest(item, options.settings);
  const transcript: Transcript = { request, turns: [] };
  try {
    const { result, cached } = await generate(options, request, signal);
    transcript.turns.push({ ...result, cached });
  } catch (error) {
    if (signal?.aborted) return undefined;
    transcript.error = describe(error);
  }
  let score: Score;
  if (transcript.error !== undefined) {
    score = {
      passed: false,
      explanation: `harness error (${transcript.error.code}): ${transcript.error.message}`,
      errorType: `harness:${transcript.error.code}`,
    };
  } else {
    try {
      score = await item.suite.scorer.score(item.sample, transcript);
    } catch (error) {
      const { message } = describe(error);
      transcript.error = { code: "scorer-crash", message };
      score = {
        passed: false,
        explanation: `the scorer failed: ${message}`,
        errorType: "harness:scorer-crash",
      };
    }
  }
  return buildResult(item, transcript, score, String(options.backend.info.format ?? "json"));
}

/** Runs the items; resolves when all are done or, after the signal fires, when in-flight ones settle. */
export async function runSamples(options: RunnerOptions): Promise<RunnerOutcome> {
  const { items, signal } = options;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  let next = 0;
  let completed = 0;
  let duplicates = 0;
  const worker = async (): Promise<void> => {
    while (!signal?.aborted) {
      const item = items[next];
      if (item === undefined) return;
      next += 1;
      const result = await runItem(options, item);
      if (result === undefined) continue;
      if (options.store.insert(result)) {
        completed += 1;
        options.onResult?.(result);
      } else duplicates += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return {
    completed,
    duplicates,
    pending: items.length - completed - duplicates,
    interrupted: signal?.aborted === true,
  };
}
