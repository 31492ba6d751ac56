/**
 * The measurements themselves, run inside the benchmark child process with node-llama-cpp,
 * following llama-bench's method (tools/llama-bench/llama-bench.cpp):
 * - pp N: an empty sequence evaluates N random token ids (BOS first when the model adds one) in
 *   batches of up to 512, then the first token is sampled: that time is the time to first token,
 *   and N ÷ it is the prefill speed (the one sampling step is under 0.1% of it);
 * - tg N: from an empty sequence, N tokens are generated one at a time (each is evaluated with its
 *   logits computed and the next one sampled greedily), never stopping at end-of-generation tokens;
 * - every test runs once untimed (warm-up), then `repeats` timed runs, each from an empty sequence;
 * - each timed run also records the time llama.cpp itself spent decoding (its perf counters, see
 *   llama-perf-timings.ts), so a report can say how much of a token's time is spent outside
 *   llama.cpp (sampling, node-llama-cpp's JavaScript path) measured within the same run.
 * Import lazily: this module loads node-llama-cpp.
 */
import {
  getLlama,
  type Llama,
  type LlamaContext,
  type LlamaContextSequence,
  LlamaLogLevel,
  type LlamaModel,
  type Token,
} from "node-llama-cpp";
import { nodeLlamaCppVersion } from "../backend/llama-cpp/load.js";
import { SeededRandom } from "../stats/seeded-random.js";
import type {
  BenchProgressHandler,
  WorkerRequest,
  WorkerResult,
  WorkerRun,
  WorkerTest,
} from "./bench-protocol.js";
import { type EnergyMeterChoice, openEnergyMeter } from "./energy/energy-counters.js";
import { benchEnergy, TestEnergyWindow } from "./energy/test-energy.js";
import { LlamaPerfCollector } from "./llama-perf-timings.js";
import { readProcessMemory, resetPeakRss } from "./process-memory.js";
import { median } from "./statistics.js";

/** Seeded token ids (src/stats/seeded-random.ts): the same seed gives the same prompts. */
function tokenSource(seed: number, vocabularySize: number): () => Token {
  const random = new SeededRandom(seed);
  return () => Math.floor(random.next() * vocabularySize) as Token;
}

interface Measurer {
  llama: Llama;
  model: LlamaModel;
  nextToken: () => Token;
  perf: LlamaPerfCollector;
  /** The machine's energy counters, read around each test's timed runs. */
  energy: EnergyMeterChoice;
}

/**
 * Prints (to the collector) and resets llama.cpp's perf counters of `context`; returns the ms it
 * counted inside decoding since the last reset, or undefined when its lines did not arrive.
 * The log level is raised to info only for this call, so loads stay quiet and unhindered.
 */
async function takeDecodeMs(measurer: Measurer, context: LlamaContext): Promise<number | undefined> {
  const { llama, perf } = measurer;
  perf.take();
  llama.logLevel = LlamaLogLevel.info;
  try {
    await context.printTimings();
    for (let wait = 0; wait < 5; wait += 1) {
      const timings = perf.take();
      if (timings) return timings.promptEvalMs + timings.evalMs;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return undefined;
  } finally {
    llama.logLevel = LlamaLogLevel.error;
  }
}

function firstToken(measurer: Measurer): Token {
  const { model } = measurer;
  const bos = model.tokens.bos;
  return model.tokens.shouldPrependBosToken && bos !== null ? bos : measurer.nextToken();
}

/** One pp run: ms from the start of prompt evaluation to the first sampled token. */
async function prefillOnce(
  measurer: Measurer,
  sequence: LlamaContextSequence,
  tokens: number,
): Promise<number> {
  await sequence.clearHistory();
  const prompt: Token[] = [firstToken(measurer)];
  while (prompt.length < tokens) prompt.push(measurer.nextToken());
  const started = performance.now();
  for await (const _token of sequence.evaluate(prompt, { temperature: 0, yieldEogToken: true })) break;
  return performance.now() - started;
}

/** One tg run: ms to generate `tokens` tokens one at a time from an empty sequence. */
async function generateOnce(
  measurer: Measurer,
  sequence: LlamaContextSequence,
  tokens: number,
): Promise<number> {
  await sequence.clearHistory();
  const started = performance.now();
  let generated = 0;
  for await (const _token of sequence.evaluate([firstToken(measurer)], {
    temperature: 0,
    yieldEogToken: true,
  })) {
    generated += 1;
    if (generated >= tokens) break;
  }
  return performance.now() - started;
}

async function runTest(
  kind: "pp" | "tg",
  tokens: number,
  threads: number,
  request: WorkerRequest,
  measurer: Measurer,
  sequence: LlamaContextSequence,
  progress: (message: string, phase: string) => void,
): Promise<WorkerTest> {
  const once = kind === "pp" ? prefillOnce : generateOnce;
  const name = `${kind}${tokens} at ${threads} thread${threads === 1 ? "" : "s"}`;
  progress(`${name}: warm-up`, name);
  await once(measurer, sequence, tokens);
  const runs: WorkerRun[] = [];
  const energy = new TestEnergyWindow(measurer.energy);
  energy.start();
  for (let repeat = 1; repeat <= request.repeats; repeat += 1) {
    progress(`${name}: run ${repeat}/${request.repeats}`, name);
    await takeDecodeMs(measurer, sequence.context);
    const ms = await once(measurer, sequence, tokens);
    const decodeMs = await takeDecodeMs(measurer, sequence.context);
    runs.push({ ms, tokensPerSecond: (tokens * 1000) / ms, ...(decodeMs === undefined ? {} : { decodeMs }) });
  }
  return { kind, tokens, threads, runs, energy: energy.finish(tokens * request.repeats) };
}

async function createContext(
  model: LlamaModel,
  request: WorkerRequest,
  contextSize: number,
  threads: number,
) {
  return model.createContext({
    contextSize,
    sequences: 1,
    threads,
    batchSize: Math.min(request.batchSize, contextSize),
    // llama.cpp's decode-time counters (a few clock reads per decode), read by takeDecodeMs.
    performanceTracking: true,
  });
}

async function loadOnce(llama: Llama, request: WorkerRequest) {
  const started = performance.now();
  const model = await llama.loadModel({
    modelPath: request.modelPath,
    gpuLayers: request.gpu === "off" ? 0 : "auto",
  });
  const context = await createContext(model, request, request.contextSize, request.threads[0]!);
  return { model, context, ms: performance.now() - started };
}

/**
 * The RSS a fresh context of `contextSize` tokens adds (its KV cache and state are zeroed on
 * creation, so resident), median of 3 creations. Allocations under glibc's mmap threshold (up to
 * 32 MiB) may reuse memory freed earlier, so for tiny models the figure is noise.
 */
async function measureContextRss(
  model: LlamaModel,
  request: WorkerRequest,
  contextSize: number,
): Promise<number> {
  const deltas: number[] = [];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const before = readProcessMemory().rssBytes;
    const context: LlamaContext = await createContext(model, request, contextSize, request.threads[0]!);
    deltas.push(readProcessMemory().rssBytes - before);
    await context.dispose();
  }
  return median(deltas);
}

/** The steps of a request: runtime start, two loads, the context check, and each test's warm-up and runs. */
export function benchSteps(request: WorkerRequest): number {
  const tests = request.promptTokens.length + (request.genTokens > 0 ? 1 : 0);
  return (
    3 +
    (request.verifyContextSize === undefined ? 0 : 1) +
    request.threads.length * tests * (1 + request.repeats)
  );
}

/** Runs every measurement a {@link WorkerRequest} asks for. */
export async function measure(request: WorkerRequest, report: BenchProgressHandler): Promise<WorkerResult> {
  const total = benchSteps(request);
  let done = 0;
  const progress = (message: string, phase = message) => {
    report(message, { phase, done, total, unit: "steps" });
    done += 1;
  };
  progress("starting llama.cpp");
  const started = performance.now();
  const perf = new LlamaPerfCollector();
  const llama = await getLlama({
    gpu: request.gpu === "off" ? false : "auto",
    build: "never",
    logLevel: LlamaLogLevel.error,
    logger: (level, text) => {
      if (perf.accept(text)) return;
      if (level === LlamaLogLevel.error || level === LlamaLogLevel.fatal)
        process.stderr.write(`${text.trimEnd()}\n`);
    },
    // No thread limit: each context then uses exactly the threads it asks for.
    maxThreads: 0,
  });
  const runtimeStartMs = performance.now() - started;
  progress("cold load");
  const cold = await loadOnce(llama, request);
  await cold.context.dispose();
  await cold.model.dispose();
  progress("warm load");
  const warm = await loadOnce(llama, request);
  const { model } = warm;
  const contextSize = warm.context.contextSize;
  const batchSize = warm.context.batchSize;
  await warm.context.dispose();
  let contextCheck: WorkerResult["contextCheck"];
  if (request.verifyContextSize !== undefined) {
    progress(`context of ${request.verifyContextSize} tokens`);
    const rssDeltaBytes = await measureContextRss(model, request, request.verifyContextSize);
    contextCheck = { contextSize: request.verifyContextSize, rssDeltaBytes };
  }
  const peakRssReset = resetPeakRss();
  const measurer: Measurer = {
    llama,
    model,
    nextToken: tokenSource(request.seed, request.vocabularySize),
    perf,
    energy: openEnergyMeter(),
  };
  const tests: WorkerTest[] = [];
  for (const threads of request.threads) {
    const context = await createContext(model, request, request.contextSize, threads);
    const sequence = context.getSequence();
    for (const tokens of request.promptTokens) {
      tests.push(await runTest("pp", tokens, threads, request, measurer, sequence, progress));
    }
    if (request.genTokens > 0) {
      tests.push(await runTest("tg", request.genTokens, threads, request, measurer, sequence, progress));
    }
    await context.dispose();
  }
  const memory = readProcessMemory();
  const result: WorkerResult = {
    runtimeStartMs,
    runtime: `node-llama-cpp ${nodeLlamaCppVersion}`,
    coldLoadMs: cold.ms,
    warmLoadMs: warm.ms,
    systemInfo: llama.systemInfo,
    device: llama.gpu === false ? "cpu" : llama.gpu,
    modelDescription: model.typeDescription,
    gpuLayers: model.gpuLayers,
    contextSize,
    batchSize,
    tests,
    peakRssBytes: memory.peakRssBytes,
    peakRssSource: memory.source,
    peakRssReset,
    energy: benchEnergy(measurer.energy),
    ...(contextCheck === undefined ? {} : { contextCheck }),
  };
  await model.dispose();
  return result;
}
