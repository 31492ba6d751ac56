/**
 * What prefix reuse and parallel sequences buy the in-process backend, on a synthesised
 * RANDOM-WEIGHT model of a real shape (speed only: the outputs mean nothing). Each workload runs
 * `--rounds` times (default 1: once naive, once with reuse, so the whole default run stays under
 * 10 minutes per shape here), naive and with reuse alternating (naive first in even rounds), on
 * the same file and threads, and the ratio is taken within each round:
 * - agent-multi-turn: a system prompt, 10 assistant tools, four user turns; in each the model is
 *   called for a tool call and again after the (scripted) tool result for the answer, as an agent
 *   loop does: eight greedy calls with a fixed token count (bench/eval-throughput/workloads.ts);
 * - shared-tools: `--samples` single-call samples sharing the system prompt and 5 tools, each
 *   with its own user message;
 * - parallel: the shared-tools samples (with reuse) on 4 sequences at once against 1, in total
 *   tokens per second (prompt and output), after 4 untimed warm-up calls that evaluate the shared
 *   instructions (`speedupWithInstructions` counts them too); decode tokens/s of 1, 2 and 4
 *   sequences is printed too;
 * - drafting (only when listed in --workloads): the shared-tools samples as grammar-constrained
 *   calls (toolChoice required), with reuse, without and with drafting (--prompt-lookup: call
 *   skeletons and prompt lookup).
 * - vs-llama-server: agent-multi-turn with reuse, twice on a prefix state cache that starts empty
 *   (a first launch, then a later one that loads the instructions' saved state), then llama-server.
 * `sameOutputs` compares the greedy output token ids of the two arms (for vs-llama-server: of
 * edgecall's two launches; llama-server's token ids are not read back).
 *
 *   node --import tsx bench/eval-throughput.ts --shape qwen3-0.6b --quant q4_0 --threads 2 [--json]
 *     [--rounds 1] [--gen-tokens 16] [--samples 8] [--workloads agent-multi-turn,shared-tools,parallel]
 *     [--flash-attention auto|on|off]
 *
 * With LLAMA_SERVER=/path/to/llama-server (bench/build-llama-server.sh builds one from the bundled
 * source) agent-multi-turn also runs against llama-server on the same file, threads and
 * flash-attention setting, with its prompt cache, and `llamaServerMs` and the ratio are added.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createLlamaCppBackend, type LlamaCppBackendOptions } from "../src/backend/llama-cpp/backend.js";
import {
  defaultFlashAttention,
  type FlashAttentionSetting,
  flashAttentionSettings,
} from "../src/backend/llama-cpp/flash-attention.js";
import type { GenerateRequest, GenerateResult, ModelBackend } from "../src/backend/model-backend.js";
import { type ArmRun, sameIds, timed, type WorkloadResult } from "./eval-throughput/arm-run.js";
import { compareWithLlamaServer, type LlamaServerSetup } from "./eval-throughput/llama-server-comparison.js";
import { type PairedRuns, runPaired } from "./eval-throughput/paired-arms.js";
import { type DecodeBySequences, runParallelWorkload } from "./eval-throughput/parallel-workload.js";
import { summaryLines } from "./eval-throughput/summary-lines.js";
import { agentConversation, agentTools, request, sharedToolRequests } from "./eval-throughput/workloads.js";
import { runWithOnePoolThread } from "./one-pool-thread.js";
import { openShapeModel, shapeModelFlags } from "./shape-model.js";
import { wholeNumberFlag } from "./whole-number-flag.js";

runWithOnePoolThread();

const { values } = parseArgs({
  options: {
    ...shapeModelFlags,
    rounds: { type: "string", default: "1" },
    "gen-tokens": { type: "string", default: "16" },
    samples: { type: "string", default: "8" },
    // The in-process backend's --flash-attention (default: the backend's, off on the CPU); llama-server gets the same.
    "flash-attention": { type: "string" },
    workloads: { type: "string", default: "agent-multi-turn,shared-tools,parallel" },
    // vs-llama-server: agent-multi-turn's reuse arm against llama-server only (needs LLAMA_SERVER).
    json: { type: "boolean", default: false },
  },
});

const rounds = wholeNumberFlag(values.rounds, "--rounds");
const flashAttentionFlag = values["flash-attention"];
if (
  flashAttentionFlag !== undefined &&
  !(flashAttentionSettings as readonly string[]).includes(flashAttentionFlag)
) {
  process.stderr.write(
    `eval-throughput: --flash-attention must be one of ${flashAttentionSettings.join(", ")}, got ${flashAttentionFlag}\n`,
  );
  process.exit(2);
}
/** The setting every context here is created with; llama-server gets the same (`-fa`). */
const flashAttention =
  (flashAttentionFlag as FlashAttentionSetting | undefined) ?? defaultFlashAttention("cpu");
const genTokens = wholeNumberFlag(values["gen-tokens"], "--gen-tokens");
const sampleCount = Math.max(6, wholeNumberFlag(values.samples, "--samples"));
const workloads = new Set(values.workloads.split(",").map((name) => name.trim()));
const log = (line: string) => process.stderr.write(`${line}\n`);

/** One line per call on stderr, so a slow run shows progress. */
function logCall(result: GenerateResult): GenerateResult {
  const cached = result.usage.cachedInputTokens ?? 0;
  log(
    `  call: ${result.usage.inputTokens} prompt tokens (${cached} held), ${result.usage.outputTokens} out, ` +
      `${(result.timing.totalMs / 1000).toFixed(1)} s`,
  );
  return result;
}

async function main(): Promise<void> {
  const { threads, model, llama } = await openShapeModel(values, log);
  const open = (options: Partial<LlamaCppBackendOptions>): Promise<ModelBackend> =>
    createLlamaCppBackend({
      modelPath: model.path,
      llama,
      threads,
      contextSize: 8192,
      recordTokenIds: true,
      flashAttention,
      ...options,
    });
  const results: WorkloadResult[] = [];

  const llamaServer: LlamaServerSetup = {
    binary: process.env.LLAMA_SERVER,
    modelPath: model.path,
    threads,
    contextSize: 8192,
    flashAttention,
    genTokens,
    log,
  };
  let decodeBySequences: DecodeBySequences | undefined;

  const pairedRuns: PairedRuns = { rounds, open, log };
  const paired = (
    name: string,
    arm: (backend: ModelBackend) => Promise<ArmRun>,
    options: Parameters<typeof runPaired>[3],
  ) => runPaired(pairedRuns, name, arm, options);

  if (workloads.has("agent-multi-turn")) {
    const prompts = agentConversation();
    // Either arm's run will do for llama-server: the same prompts, the first call cold in both.
    let lastRun: ArmRun | undefined;
    const conversation = async (backend: ModelBackend) => {
      const run = await timed(async () => {
        const done: GenerateResult[] = [];
        for (const messages of prompts)
          done.push(logCall(await backend.generate(request(messages, agentTools, genTokens))));
        return done;
      });
      lastRun = run;
      return run;
    };
    const result = await paired("agent-multi-turn", conversation, {
      naive: { prefixReuse: false },
      reuse: {},
    });
    await compareWithLlamaServer(llamaServer, result, lastRun!, result.reuseMs);
    results.push(result);
  }
  if (workloads.has("vs-llama-server")) {
    // The reuse arm of agent-multi-turn and llama-server only (a shorter run). edgecall runs twice
    // on a prefix state cache that starts empty: the first run (a first launch) evaluates the
    // instructions and writes them, the second (a later launch) loads them.
    const prompts = agentConversation();
    const cacheDirectory = mkdtempSync(join(tmpdir(), "edgecall-bench-prefix-cache-"));
    const conversationRun = async () => {
      const backend = await open({
        prefixStateCache: { directory: cacheDirectory, maxBytes: 4 * 1024 ** 3 },
      });
      try {
        return await timed(async () => {
          const done: GenerateResult[] = [];
          for (const messages of prompts)
            done.push(logCall(await backend.generate(request(messages, agentTools, genTokens))));
          return done;
        });
      } finally {
        await backend.close();
      }
    };
    let reuse: ArmRun;
    let warm: ArmRun;
    try {
      reuse = await conversationRun();
      log(`vs-llama-server edgecall, first launch: ${(reuse.ms / 1000).toFixed(1)} s`);
      warm = await conversationRun();
      log(`vs-llama-server edgecall, later launch: ${(warm.ms / 1000).toFixed(1)} s`);
    } finally {
      rmSync(cacheDirectory, { recursive: true, force: true });
    }
    const result: WorkloadResult = {
      name: "vs-llama-server",
      naiveMs: Number.NaN,
      reuseMs: Math.round(reuse.ms),
      speedup: Number.NaN,
      promptTokens: reuse.promptTokens,
      evaluatedTokens: reuse.evaluatedTokens,
      calls: reuse.outputs.length,
      rounds: [],
      note:
        "agent-multi-turn with reuse against llama-server only; no naive arm. reuseMs: a first launch " +
        "(prefix state cache empty), laterLaunchMs: the same conversation in a new backend that loads " +
        "the instructions' state the first one saved",
      laterLaunchMs: Math.round(warm.ms),
      laterLaunchEvaluatedTokens: warm.evaluatedTokens,
      sameOutputs: sameIds(reuse, warm),
    };
    await compareWithLlamaServer(llamaServer, result, reuse, reuse.ms);
    if (result.llamaServerMs !== undefined)
      result.llamaServerRatioLaterLaunch = Number((result.llamaServerMs / warm.ms).toFixed(2));
    results.push(result);
  }
  if (workloads.has("shared-tools")) {
    const requests = sharedToolRequests(sampleCount, genTokens);
    const serial = (backend: ModelBackend) =>
      timed(async () => {
        const done: GenerateResult[] = [];
        for (const each of requests) done.push(logCall(await backend.generate(each)));
        return done;
      });
    results.push(await paired("shared-tools", serial, { naive: { prefixReuse: false }, reuse: {} }));
  }
  if (workloads.has("parallel")) {
    const parallel = await runParallelWorkload({ open, paired, sampleCount, genTokens });
    results.push(parallel.result);
    decodeBySequences = parallel.decodeBySequences;
  }
  if (workloads.has("drafting")) {
    const requests = sharedToolRequests(sampleCount, genTokens).map(
      (each): GenerateRequest => ({
        ...each,
        decoding: "constrained",
        toolChoice: "required",
        maxTokens: 2 * genTokens,
      }),
    );
    const serial = (backend: ModelBackend) =>
      timed(async () => {
        const done: GenerateResult[] = [];
        for (const each of requests) done.push(logCall(await backend.generate(each)));
        return done;
      });
    const result = await paired("drafting", serial, { naive: {}, reuse: { promptLookup: true } });
    result.note = "naiveMs: without drafting, reuseMs: with --prompt-lookup (both with prefix reuse)";
    results.push(result);
  }
  await llama.dispose();

  const document = {
    model: { path: model.path, shape: values.shape, quant: values.quant, randomWeights: true },
    flashAttention,
    threads,
    genTokens,
    rounds,
    workloads: results,
    ...(decodeBySequences === undefined ? {} : { decodeBySequences }),
  };
  if (values.json) {
    process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
    return;
  }
  const lines = summaryLines(
    { shape: values.shape, quant: values.quant, threads, rounds, flashAttention },
    results,
    decodeBySequences,
  );
  process.stdout.write(`${lines.join("\n")}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`eval-throughput: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
