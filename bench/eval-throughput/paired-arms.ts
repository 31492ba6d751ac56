/**
 * The A/B loop of bench/eval-throughput.ts: a workload's two arms (naive and with reuse, or one
 * sequence and four) run `rounds` times, alternating which goes first, each in a fresh backend so
 * nothing is held from the other arm or an earlier round; the ratio is taken within each round.
 */
import type { LlamaCppBackendOptions } from "../../src/backend/llama-cpp/backend.js";
import type { ModelBackend } from "../../src/backend/model-backend.js";
import { type ArmRun, sameIds, type WorkloadResult } from "./arm-run.js";

/** How to run the arms. */
export interface PairedRuns {
  rounds: number;
  open: (options: Partial<LlamaCppBackendOptions>) => Promise<ModelBackend>;
  log: (line: string) => void;
}

/** Runs `arm` with the naive and the reuse options, alternating, and sums up the rounds. */
export async function runPaired(
  runs: PairedRuns,
  name: string,
  arm: (backend: ModelBackend) => Promise<ArmRun>,
  options: { naive: Partial<LlamaCppBackendOptions>; reuse: Partial<LlamaCppBackendOptions> },
): Promise<WorkloadResult> {
  const perRound: WorkloadResult["rounds"] = [];
  let same = true;
  let last: { naive: ArmRun; reuse: ArmRun } | undefined;
  for (let round = 0; round < runs.rounds; round++) {
    const order = round % 2 === 0 ? (["naive", "reuse"] as const) : (["reuse", "naive"] as const);
    const done: Partial<Record<"naive" | "reuse", ArmRun>> = {};
    for (const which of order) {
      const backend = await runs.open(options[which]);
      try {
        done[which] = await arm(backend);
      } finally {
        await backend.close();
      }
      runs.log(`${name} round ${round + 1} ${which}: ${(done[which]!.ms / 1000).toFixed(1)} s`);
    }
    const naive = done.naive!;
    const reuse = done.reuse!;
    same &&= sameIds(naive, reuse);
    perRound.push({ naiveMs: naive.ms, reuseMs: reuse.ms, speedup: naive.ms / reuse.ms });
    last = { naive, reuse };
  }
  const naiveMs = perRound.reduce((sum, round) => sum + round.naiveMs, 0) / perRound.length;
  const reuseMs = perRound.reduce((sum, round) => sum + round.reuseMs, 0) / perRound.length;
  return {
    name,
    naiveMs: Math.round(naiveMs),
    reuseMs: Math.round(reuseMs),
    speedup: Number((naiveMs / reuseMs).toFixed(2)),
    sameOutputs: same,
    promptTokens: last!.reuse.promptTokens,
    evaluatedTokens: last!.reuse.evaluatedTokens,
    calls: last!.reuse.outputs.length,
    rounds: perRound.map((round) => ({
      naiveMs: Math.round(round.naiveMs),
      reuseMs: Math.round(round.reuseMs),
      speedup: Number(round.speedup.toFixed(2)),
    })),
  };
}
