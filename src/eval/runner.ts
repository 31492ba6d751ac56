/**
 * The eval runner: runs each planned (sample, repeat) with its suite's solver (one model call, the
 * agent loop, or a conversation) with up to `concurrency` samples in flight, scores the transcript
 * with the suite's scorer and commits the result to the durable store the moment it is known. A
 * failing sample (backend error, a world that cannot be made, scorer crash) is recorded as a failed
 * result with its error and never stops the run. When the signal fires, no new sample starts and
 * in-flight samples are aborted; they are abandoned (no result written), so `--resume` redoes
 * exactly them, whole.
 */
import { detectRepetition } from "../agent/loop-detector.js";
import type { GenerateTiming, ModelBackend, TokenUsage } from "../backend/model-backend.js";
import { lastUserText, summariseParts, type ToolCall } from "../messages.js";
import type { ToolRegistry } from "../tools/tool-registry.js";
import { harnessError } from "./harness-error.js";
import type { RequestSettings } from "./request-settings.js";
import type { ResultStore } from "./result-store.js";
import type { WorkItem } from "./run-plan.js";
import type { SampleResult } from "./sample-result.js";
import { AbortedSample, type AgentRunSettings } from "./solver.js";
import { singleCallSolver } from "./solvers/single-call-solver.js";
import type { Score, Transcript } from "./suite.js";
import { type RunnerCache, turnRecordingBackend } from "./turn-recording-backend.js";

export type { RequestSettings } from "./request-settings.js";
export type { RunnerCache } from "./turn-recording-backend.js";

/** Agent settings used when a run gives none (the scripted user confirms, 10 steps a turn, 8 turns). */
export const defaultAgentSettings: AgentRunSettings = { confirm: "user", maxSteps: 10, maxUserTurns: 8 };

/** Options of {@link runSamples}. */
export interface RunnerOptions {
  backend: ModelBackend;
  /** The work still to do, in plan order. */
  items: readonly WorkItem[];
  store: ResultStore;
  settings: RequestSettings;
  /** Settings of the agent and conversation solvers (default {@link defaultAgentSettings}). */
  agent?: AgentRunSettings;
  /** Executable tools added to every sample (`--mcp`). */
  extraTools?: ToolRegistry;
  /** Most samples in flight at once (default 1). */
  concurrency?: number;
  cache?: RunnerCache;
  /** Stops the run: no new sample starts and in-flight samples are aborted. */
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

function totalUsage(transcript: Transcript): TokenUsage | null {
  if (transcript.turns.length === 0) return null;
  const total = transcript.turns.reduce(
    (sum, turn) => ({
      inputTokens: sum.inputTokens + turn.usage.inputTokens,
      outputTokens: sum.outputTokens + turn.usage.outputTokens,
    }),
    { inputTokens: 0, outputTokens: 0 },
  );
  // Reported only when every call reports it, so the fraction never mixes in unknowns.
  if (transcript.turns.every((turn) => turn.usage.cachedInputTokens !== undefined)) {
    const cachedInputTokens = transcript.turns.reduce(
      (sum, turn) => sum + (turn.usage.cachedInputTokens ?? 0),
      0,
    );
    return { ...total, cachedInputTokens };
  }
  return total;
}

/** One call's timing, or for several calls: the first token of the first, the sums of the rest. */
function totalTiming(transcript: Transcript): GenerateTiming | null {
  const { turns } = transcript;
  const first = turns[0];
  if (first === undefined) return null;
  if (turns.length === 1) return first.timing;
  let totalMs = 0;
  let decodeMs = 0;
  let prefillMs = 0;
  let prefillKnown = true;
  for (const turn of turns) {
    totalMs += turn.timing.totalMs;
    decodeMs += turn.timing.decodeMs ?? turn.timing.totalMs - turn.timing.firstTokenMs;
    if (turn.timing.prefillMs === undefined) prefillKnown = false;
    else prefillMs += turn.timing.prefillMs;
  }
  return {
    firstTokenMs: first.timing.firstTokenMs,
    totalMs,
    decodeMs,
    ...(prefillKnown ? { prefillMs } : {}),
  };
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
  const { trajectory } = transcript;
  let calls: ToolCall[] = score.calls ?? reply.toolCalls;
  let content = reply.content;
  let parseFailure = turn === undefined ? false : (score.parseFailure ?? reply.errors.length > 0);
  // Once per output: a solver whose outputs the agent loop checked says so (trajectory's end below).
  let stuck =
    transcript.repetitionChecked !== true && turn !== undefined && detectRepetition(turn.rawText) !== null;
  if (trajectory !== undefined) {
    calls = score.calls ?? trajectory.events.flatMap((event) => (event.type === "model" ? event.calls : []));
    const lastReply = trajectory.events.findLast((event) => event.type === "model");
    content = lastReply?.type === "model" ? lastReply.content : "";
    parseFailure =
      score.parseFailure ??
      trajectory.events.some((event) => event.type === "model" && event.parseErrors.length > 0);
    stuck = stuck || trajectory.events.some((event) => event.type === "end" && event.stopReason === "stuck");
  }
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
    rawText: turn?.rawText ?? "",
    content,
    calls: calls.map((call) => ({ name: call.name, arguments: call.arguments })),
    finishReason: turn?.finishReason ?? null,
    usage: totalUsage(transcript),
    timing: totalTiming(transcript),
    format: sample.outputFormat ?? backendFormat,
    parseFailure,
    stuck,
    cached: transcript.turns.length > 0 && transcript.turns.every((modelTurn) => modelTurn.cached),
    error: transcript.error ?? null,
    metadata: sample.metadata,
    solver: (item.suite.solver ?? singleCallSolver).name,
    request: lastUserText(item.sample.messages),
    expected: sample.expected ?? null,
    modelCalls: transcript.turns.length,
    trajectory: trajectory ?? null,
    worldHash: transcript.world?.finalHash ?? null,
    scoreDetails: score.details ?? null,
  };
}

/** What running one item reads of the runner's options. */
export type ItemRunOptions = Pick<
  RunnerOptions,
  "backend" | "settings" | "agent" | "extraTools" | "cache" | "signal"
>;

/**
 * Runs one item (its suite's solver, then its scorer) into its result; undefined when it was
 * abandoned because the run was stopped. Also `env serve`'s episodes (src/env/).
 */
export async function runItem(options: ItemRunOptions, item: WorkItem): Promise<SampleResult | undefined> {
  const { signal } = options;
  const backend = turnRecordingBackend(options.backend, options.cache);
  let transcript: Transcript;
  try {
    transcript = await (item.suite.solver ?? singleCallSolver).solve(item.sample, {
      backend,
      settings: options.settings,
      repeat: item.repeat,
      agent: options.agent ?? defaultAgentSettings,
      ...(item.suite.environment === undefined ? {} : { environment: item.suite.environment }),
      ...(options.extraTools === undefined ? {} : { extraTools: options.extraTools }),
      ...(item.suite.user === undefined ? {} : { user: item.suite.user }),
      ...(signal === undefined ? {} : { signal }),
    });
  } catch (error) {
    if (error instanceof AbortedSample || signal?.aborted) return undefined;
    transcript = {
      request: { messages: item.sample.messages },
      turns: backend.turns,
      error: harnessError(error),
    };
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
      const { message } = harnessError(error);
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
