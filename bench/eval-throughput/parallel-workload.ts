/**
 * The `parallel` workload of bench/eval-throughput.ts: the shared-tools samples (with reuse) on 4
 * sequences at once against 1, in total tokens per second, after 4 untimed warm-up calls that
 * evaluate the shared instructions (`speedupWithInstructions` counts them too); then decode
 * tokens/s of 1, 2 and 4 sequences.
 */
import type { LlamaCppBackendOptions } from "../../src/backend/llama-cpp/backend.js";
import type { ModelBackend } from "../../src/backend/model-backend.js";
import { type ArmRun, timed, type WorkloadResult } from "./arm-run.js";
import { sharedToolRequests } from "./workloads.js";

/** Decode tokens per second by number of sequences decoding at once. */
export type DecodeBySequences = { sequences: number; decodeTokensPerSecond: number }[];

/** What the workload needs from the bench. */
export interface ParallelWorkloadSetup {
  open: (options: Partial<LlamaCppBackendOptions>) => Promise<ModelBackend>;
  paired: (
    name: string,
    arm: (backend: ModelBackend) => Promise<ArmRun>,
    options: { naive: Partial<LlamaCppBackendOptions>; reuse: Partial<LlamaCppBackendOptions> },
  ) => Promise<WorkloadResult>;
  sampleCount: number;
  genTokens: number;
}

/** Runs the workload: its paired result and the decode speed by sequences. */
export async function runParallelWorkload(
  setup: ParallelWorkloadSetup,
): Promise<{ result: WorkloadResult; decodeBySequences: DecodeBySequences }> {
  const { open, paired, sampleCount, genTokens } = setup;
  const requests = sharedToolRequests(sampleCount, genTokens);
  // Four warm-up calls first, untimed: they evaluate the shared instructions (once, in either
  // arm) and leave every sequence holding them, so the timed samples measure what parallel
  // sequences buy a run that is under way. The warm-up's time is kept for the whole-run ratio.
  const warmUps = sharedToolRequests(4, genTokens, "Warm-up");
  const warmUpMs = { sequences1: [] as number[], sequences4: [] as number[] };
  const together = async (backend: ModelBackend) => {
    const warm = await timed(() => Promise.all(warmUps.map((each) => backend.generate(each))));
    warmUpMs[backend.info.sequences === 1 ? "sequences1" : "sequences4"].push(warm.ms);
    return timed(() => Promise.all(requests.map((each) => backend.generate(each))));
  };
  // "naive" is one sequence here, "reuse" four; both keep their prefixes.
  const result = await paired("parallel", together, { naive: { sequences: 1 }, reuse: { sequences: 4 } });
  const whole = (arm: number[], timedMs: number[]) =>
    arm.reduce((sum, ms) => sum + ms, 0) + timedMs.reduce((sum, ms) => sum + ms, 0);
  result.speedupWithInstructions = Number(
    (
      whole(
        warmUpMs.sequences1,
        result.rounds.map((round) => round.naiveMs),
      ) /
      whole(
        warmUpMs.sequences4,
        result.rounds.map((round) => round.reuseMs),
      )
    ).toFixed(2),
  );
  result.note =
    `naiveMs: 1 sequence, reuseMs: 4 sequences (both with prefix reuse), ${sampleCount} samples after 4 ` +
    "untimed warm-up calls that evaluate the shared instructions; speedup is the ratio of total tokens " +
    "per second (the same tokens in both); speedupWithInstructions counts the warm-up calls too";
  const decodeBySequences: DecodeBySequences = [];
  for (const sequences of [1, 2, 4]) {
    const backend = await open({ sequences, contextSize: 1024 });
    try {
      const short = Array.from({ length: sequences }, (_, index) =>
        backend.generate({
          messages: [{ role: "user", content: `Count slowly ${index}` }],
          maxTokens: 48,
          sampling: { temperature: 0, seed: 1 },
        }),
      );
      const done = await Promise.all(short);
      const decodeMs = Math.max(...done.map((each) => each.timing.decodeMs ?? 0));
      const tokens = done.reduce((sum, each) => sum + Math.max(0, each.usage.outputTokens - 1), 0);
      decodeBySequences.push({
        sequences,
        decodeTokensPerSecond: Number((tokens / (decodeMs / 1000)).toFixed(1)),
      });
    } finally {
      await backend.close();
    }
  }
  return { result, decodeBySequences };
}
