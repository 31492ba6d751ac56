/**
 * `runBench`: resolves the model (synthesising a preset shape once), reads its shape from the
 * GGUF, computes the context memory, refuses a context that cannot fit, then runs the
 * measurements in a fresh child process (bench-worker.ts) and builds the report.
 */
import { fork } from "node:child_process";
import { freemem, totalmem } from "node:os";
import { dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { EdgecallError } from "../errors.js";
import {
  allocatedContextSize,
  type ContextShape,
  contextMemory,
  contextMemoryNote,
  contextShapeFromMetadata,
} from "../gguf/context-memory.js";
import { summariseGguf } from "../gguf/inspect.js";
import { assertContextFits, estimateRunMemory, type MachineMemory } from "../gguf/memory-fit.js";
import { assertModelHyperparameters } from "../gguf/model-hyperparameters.js";
import { ggufNumber, isGgufArray, readGguf } from "../gguf/reader.js";
import { weightTraffic } from "./bandwidth-bound.js";
import { resolveBenchModel } from "./bench-model.js";
import type { BenchPlan } from "./bench-options.js";
import type { BenchProgressHandler, WorkerMessage, WorkerRequest, WorkerResult } from "./bench-protocol.js";
import { type BenchReport, buildReport, type ContextMemoryRow } from "./bench-report.js";

/** Context sizes whose memory every report lists (the seed states no context length). */
export const reportedContextSizes = [4096, 16384, 32768];
/** Tokens per llama.cpp batch (ubatch), as llama-bench's default `-ub 512`. */
export const benchBatchSize = 512;

/** Optional hooks: progress lines, and the machine's memory (tests inject it). */
export interface RunBenchHooks {
  /** Progress lines, with how far the benchmark is (steps, or bytes of a synthesis) when known. */
  onProgress?: BenchProgressHandler;
  machineMemory?: MachineMemory;
  /** Seed of the random prompt token ids (default 1). */
  seed?: number;
}

/** This machine's memory now: MemAvailable on Linux (what libuv reports as free), and the total. */
export function currentMachineMemory(): MachineMemory {
  return { availableBytes: freemem(), totalBytes: totalmem() };
}

/** The context memory rows of a report: the standard sizes, this run's, and the model's maximum. */
export function contextMemoryRows(
  shape: ContextShape,
  weightsBytes: number,
  runContextSize: number,
  machine: MachineMemory,
): ContextMemoryRow[] {
  const sizes = new Map<number, ContextMemoryRow["label"]>();
  for (const size of reportedContextSizes) sizes.set(size, null);
  if (shape.trainContextLength && shape.trainContextLength > 0)
    sizes.set(shape.trainContextLength, "model maximum");
  sizes.set(runContextSize, "this run");
  return [...sizes]
    .sort((a, b) => a[0] - b[0])
    .map(([size, label]) => {
      const memory = contextMemory(shape, size);
      return {
        ...memory,
        label,
        fitsInMemory: weightsBytes + memory.totalBytes <= machine.totalBytes,
        withinModelMaximum: shape.trainContextLength === undefined || size <= shape.trainContextLength,
      };
    });
}

function workerModulePath(): string {
  const here = fileURLToPath(import.meta.url);
  return join(dirname(here), `bench-worker${extname(here)}`);
}

/** The parent's loader flags (tsx's `--import`/`--require` in development), nothing else. */
function loaderExecArgv(): string[] {
  const kept: string[] = [];
  const withValue = new Set(["--import", "--require", "-r", "--loader", "--experimental-loader"]);
  const argv = process.execArgv;
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index]!;
    if (withValue.has(flag) && index + 1 < argv.length) {
      kept.push(flag, argv[index + 1]!);
      index += 1;
    } else if ([...withValue].some((name) => flag.startsWith(`${name}=`))) {
      kept.push(flag);
    }
  }
  return kept;
}

/**
 * The benchmark child's environment: the parent's, with libuv's thread pool at one thread unless
 * UV_THREADPOOL_SIZE is set. node-llama-cpp runs every decode and every sampling call on that pool;
 * with Node's default of four threads consecutive tokens land on different threads (and cores),
 * and decoding measured about 5 % slower than on one thread that keeps them (docs/benchmarks.md).
 * `edgecall` sets the same default for itself (bin/edgecall.js), so the bench measures what the
 * CLI gets.
 */
export function benchWorkerEnvironment(parent: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...parent, UV_THREADPOOL_SIZE: parent.UV_THREADPOOL_SIZE ?? "1" };
}

/** Runs the measurements in a fresh child process. */
function runWorker(request: WorkerRequest, onProgress: BenchProgressHandler): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const child = fork(workerModulePath(), [], {
      execArgv: loaderExecArgv(),
      env: benchWorkerEnvironment(process.env),
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    let stderr = "";
    let settled = false;
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    const fail = (error: EdgecallError) => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    child.on("message", (message: WorkerMessage) => {
      if (message.type === "progress") onProgress(message.message, message.progress);
      else if (message.type === "result") {
        settled = true;
        resolve(message.result);
      } else {
        fail(
          new EdgecallError("model-load", `benchmark of ${request.modelPath} failed: ${message.message}`, {
            subject: request.modelPath,
          }),
        );
      }
    });
    child.on("error", (error) =>
      fail(
        new EdgecallError("internal", `could not start the benchmark process: ${error.message}`, {
          cause: error,
        }),
      ),
    );
    child.on("exit", (code, signal) => {
      const how = signal ? `signal ${signal}` : `code ${code}`;
      const detail = stderr.trim() === "" ? "" : `: ${stderr.trim().split("\n").slice(-5).join(" | ")}`;
      fail(
        new EdgecallError(
          "model-load",
          `the benchmark process for ${request.modelPath} exited (${how})${detail}`,
          {
            subject: request.modelPath,
          },
        ),
      );
    });
    child.send(request);
  });
}

/** Runs a benchmark plan; see the module comment. */
export async function runBench(plan: BenchPlan, hooks: RunBenchHooks = {}): Promise<BenchReport> {
  const onProgress = hooks.onProgress ?? (() => {});
  const machine = hooks.machineMemory ?? currentMachineMemory();
  const modelFile = await resolveBenchModel(plan.source, onProgress);
  const file = await readGguf(modelFile.path, { maxArrayElementsKept: 1024 });
  // The worker's llama.cpp would abort on some impossible hyperparameters: refuse them here.
  assertModelHyperparameters(file);
  const summary = summariseGguf(file);
  const shape = contextShapeFromMetadata(file.metadata);
  const tokens = file.metadata.get("tokenizer.ggml.tokens");
  const vocabularySize = isGgufArray(tokens) ? tokens.length : summary.vocabularySize;
  if (!vocabularySize) {
    throw new EdgecallError("invalid-gguf", `${modelFile.path} has no tokenizer.ggml.tokens`, {
      subject: modelFile.path,
    });
  }
  const largestTest = Math.max(...plan.promptTokens, plan.genTokens);
  // Room for the largest test plus the tokens sampled after it: a context exactly as large as the
  // prompt is full when the first token is sampled, and node-llama-cpp then shifts the context
  // (re-evaluating part of it), which once halved the measured prefill speed.
  const contextSize = plan.contextSize ?? allocatedContextSize(Math.max(largestTest + 2, 16));
  const weightsBytes = summary.sizeBytes;
  assertContextFits(contextSize, estimateRunMemory(weightsBytes, contextMemory(shape, contextSize)), machine);
  const rows = contextMemoryRows(shape, weightsBytes, contextSize, machine);
  const smallest = reportedContextSizes[0]!;
  const smallestFits = weightsBytes + contextMemory(shape, smallest).totalBytes <= machine.availableBytes;
  const traffic = weightTraffic(file.tensors, shape.layers);
  const randomWeights = file.metadata.get("edgecall.random_weights") === true;
  const request: WorkerRequest = {
    modelPath: modelFile.path,
    gpu: plan.gpu,
    threads: plan.threads,
    promptTokens: plan.promptTokens,
    genTokens: plan.genTokens,
    repeats: plan.repeats,
    contextSize,
    batchSize: benchBatchSize,
    vocabularySize,
    seed: hooks.seed ?? 1,
    ...(smallestFits ? { verifyContextSize: smallest } : {}),
  };
  const worker = await runWorker(request, onProgress);
  return buildReport(
    {
      model: {
        path: modelFile.path,
        name: summary.name,
        architecture: shape.architecture,
        quantisation: summary.fileType,
        parameters: summary.parameters,
        sizeBytes: summary.sizeBytes,
        fileBytes: summary.fileSize,
        contextLength: ggufNumber(file.metadata.get(`${shape.architecture}.context_length`)) ?? null,
        randomWeights,
        preset: modelFile.preset ?? null,
        weightBytesPerToken: traffic.bytesPerToken,
        tiedOutput: traffic.tiedOutput,
      },
      shape,
      contextNote: contextMemoryNote(shape),
      contextRows: rows,
      repeats: plan.repeats,
    },
    worker,
  );
}
