/**
 * What bench/eval-throughput.ts records: one arm's run of a workload (its calls' token counts,
 * output token ids and rendered prompts) and a workload's figures, as the issue's JSON names them.
 */
import type { GenerateResult } from "../../src/backend/model-backend.js";

/** One workload's figures. */
export interface WorkloadResult {
  name: string;
  naiveMs: number;
  reuseMs: number;
  speedup: number;
  sameOutputs: boolean | null;
  promptTokens: number;
  evaluatedTokens: number;
  /** Model calls per arm. */
  calls?: number;
  rounds: { naiveMs: number; reuseMs: number; speedup: number }[];
  llamaServerMs?: number;
  llamaServerRatio?: number;
  /** vs-llama-server: edgecall again, loading the instructions' state the first run saved. */
  laterLaunchMs?: number;
  laterLaunchEvaluatedTokens?: number;
  llamaServerRatioLaterLaunch?: number;
  /**
   * The first, cold call's prompt evaluation (tokens/s) in edgecall's reuse arm and in
   * llama-server: where most of a first launch's time goes.
   */
  coldPromptTokensPerSecond?: { edgecall?: number; llamaServer?: number };
  /** parallel: the ratio over the whole run, the warm-up calls that evaluate the instructions included. */
  speedupWithInstructions?: number;
  note?: string;
}

/** What one arm of a workload did. */
export interface ArmRun {
  ms: number;
  outputs: number[][];
  promptTokens: number;
  evaluatedTokens: number;
  outputTokens: number;
  renderedPrompts: string[];
  /** The first call's evaluated prompt tokens per second of its prefill. */
  firstCallPromptTokensPerSecond?: number;
}

/** Sums an arm's calls. */
export function tally(results: readonly GenerateResult[], ms: number): ArmRun {
  return {
    ms,
    outputs: results.map((result) => (result.details?.outputTokenIds as number[] | undefined) ?? []),
    promptTokens: results.reduce((sum, result) => sum + result.usage.inputTokens, 0),
    evaluatedTokens: results.reduce(
      (sum, result) => sum + result.usage.inputTokens - (result.usage.cachedInputTokens ?? 0),
      0,
    ),
    outputTokens: results.reduce((sum, result) => sum + result.usage.outputTokens, 0),
    renderedPrompts: results.map((result) => result.renderedPrompt ?? ""),
    ...firstCallRate(results[0]),
  };
}

function firstCallRate(first: GenerateResult | undefined): Pick<ArmRun, "firstCallPromptTokensPerSecond"> {
  const prefillMs = first?.timing.prefillMs;
  if (first === undefined || prefillMs === undefined || prefillMs <= 0) return {};
  const evaluated = first.usage.inputTokens - (first.usage.cachedInputTokens ?? 0);
  return { firstCallPromptTokensPerSecond: Number(((evaluated / prefillMs) * 1000).toFixed(1)) };
}

/** Runs the calls and tallies them with their wall time. */
export async function timed(run: () => Promise<GenerateResult[]>): Promise<ArmRun> {
  const started = performance.now();
  const results = await run();
  return tally(results, performance.now() - started);
}

/** Whether two arms produced the same greedy output token ids. */
export const sameIds = (a: ArmRun, b: ArmRun): boolean =>
  JSON.stringify(a.outputs) === JSON.stringify(b.outputs);

/** Adds a sentence to a workload's note. */
export function addNote(result: WorkloadResult, text: string): void {
  result.note = result.note === undefined ? text : `${result.note}; ${text}`;
}
