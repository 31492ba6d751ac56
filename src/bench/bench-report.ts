/**
 * The `edgecall bench --json` document (the CLI contract: `{"model", "loadMs", "peakRssBytes",
 * "results": [{"test", "tokensPerSecond": {"min", "median", "max"}, "runs"}]}`, plus the extras
 * named below; fields may be added, never renamed) and how it is built from the child's result.
 */

import type { ContextMemory, ContextShape } from "../gguf/context-memory.js";
import { testName } from "./bench-options.js";
import type { WorkerResult, WorkerRun } from "./bench-protocol.js";
import type { BenchEnergy, TestEnergy } from "./energy/test-energy.js";
import { median, type Spread, summarise } from "./statistics.js";

/** The model measured. */
export interface BenchModelInfo {
  path: string;
  name: string | null;
  architecture: string;
  /** llama.cpp's description, e.g. "qwen35 0.8B Q4_0". */
  description: string;
  quantisation: string | null;
  parameters: number;
  /** Bytes of tensor data. */
  sizeBytes: number;
  fileBytes: number;
  /** The training context (`<arch>.context_length`), or null. */
  contextLength: number | null;
  randomWeights: boolean;
  /** The preset of `--shape` (or "demo"), else null. */
  preset: string | null;
  /** Weight bytes read per decoded token (see bandwidth-bound.ts). */
  weightBytesPerToken: number;
  tiedOutput: boolean;
}

/** One test at one thread count. */
export interface BenchResult {
  /** llama-bench's name: `pp512` (prefill 512 tokens), `tg128` (generate 128 tokens). */
  test: string;
  threads: number;
  promptTokens: number;
  genTokens: number;
  tokensPerSecond: Spread;
  /** pp tests: prompt evaluation plus the first sampled token, in ms. */
  firstTokenMs?: Spread;
  /** tg tests: weight bytes read per second at the median speed. */
  weightReadBytesPerSecond?: number;
  /**
   * The same runs counting only the time llama.cpp spent inside its decode calls (its own perf
   * counters), and what was spent outside them: sampling and node-llama-cpp's JavaScript path.
   * Measured in the same runs, so machine drift cancels. Absent when the counters were unreadable.
   */
  insideLlamaCpp?: LlamaCppShare;
  /**
   * The machine's energy over the timed runs: joules per token (prompt tokens for pp, generated
   * tokens for tg) with the source named, or `{source: null, reason}`.
   */
  energy?: TestEnergy;
  runs: WorkerRun[];
}

/** See {@link BenchResult.insideLlamaCpp}. */
export interface LlamaCppShare {
  /** tokens ÷ the time inside llama.cpp's decode calls. */
  tokensPerSecond: Spread;
  /** Median over runs of (wall time − decode time) ÷ tokens (for pp: ÷ prompt tokens). */
  outsideMsPerToken: number;
  /** Median over runs of (wall time − decode time) ÷ wall time. */
  outsideShare: number;
}

/** The inside/outside split of a test's runs, or undefined when any run lacks llama.cpp's decode time. */
export function llamaCppShare(runs: readonly WorkerRun[], tokens: number): LlamaCppShare | undefined {
  if (runs.length === 0 || runs.some((run) => run.decodeMs === undefined || !(run.decodeMs > 0)))
    return undefined;
  return {
    tokensPerSecond: summarise(runs.map((run) => (tokens * 1000) / run.decodeMs!)),
    outsideMsPerToken: median(runs.map((run) => (run.ms - run.decodeMs!) / tokens)),
    outsideShare: median(runs.map((run) => (run.ms - run.decodeMs!) / run.ms)),
  };
}

/** Memory of one context size. */
export interface ContextMemoryRow extends ContextMemory {
  /** Why the row is there besides the standard sizes. */
  label: "this run" | "model maximum" | null;
  /** Weights plus this context fit in the machine's total memory. */
  fitsInMemory: boolean;
  withinModelMaximum: boolean;
  /** RSS the process gained creating a context of this size (compute buffers and allocator effects included). */
  measuredRssDeltaBytes?: number;
}

/** The whole report. */
export interface BenchReport {
  model: BenchModelInfo;
  backend: {
    name: "llama.cpp";
    runtime: string;
    device: string;
    /** llama.cpp's system info (which CPU features its loaded backend variant uses). */
    systemInfo: string;
    gpuLayers: number;
    flashAttention: "auto";
    contextSize: number;
    batchSize: number;
  };
  /** Cold load (model + context) in ms; see `load`. */
  loadMs: number;
  load: { coldMs: number; warmMs: number; runtimeStartMs: number; note: string };
  peakRssBytes: number;
  peakRss: { source: "VmHWM" | "maxRSS"; note: string };
  results: BenchResult[];
  contextMemory: {
    note: string;
    layers: number;
    attentionLayers: number;
    recurrentLayers: number;
    kvBytesPerToken: number;
    recurrentStateBytesPerSequence: number;
    sizes: ContextMemoryRow[];
  };
  randomWeights: boolean;
  repeats: number;
  /** The energy source of the tests (RAPL, a battery), or why there is none. */
  energy?: BenchEnergy;
  notes: string[];
}

/** What the parent knows before the child runs. */
export interface ReportInputs {
  model: Omit<BenchModelInfo, "description">;
  shape: ContextShape;
  contextNote: string;
  contextRows: ContextMemoryRow[];
  repeats: number;
}

const coldNote =
  "cold = the first model load (and context creation) in a fresh process, after the runtime has started; " +
  "the OS page cache is not dropped (that needs root), so the file may already be in memory; " +
  "warm = a second load in the same process";

function peakNote(worker: WorkerResult): string {
  const what =
    worker.peakRssSource === "VmHWM"
      ? "VmHWM (peak resident set) of the benchmark process"
      : "maxRSS (peak resident set) of the benchmark process";
  const reset = worker.peakRssReset
    ? "reset after the load checks, so it covers the model and the test context"
    : "it also covers the load checks";
  return `${what}, Node.js included (about 0.2 GiB over llama-bench); ${reset}`;
}

/**
 * llama.cpp's description of a model ("qwen35 0.8B Q4_0") with its size class filled in where
 * llama.cpp has none for the shape ("qwen35 ?B Q8_0" for tiny and custom shapes): the parameter
 * count, e.g. "qwen35 1.1M Q8_0".
 */
export function modelDescription(description: string, parameters: number): string {
  if (!/(^| )\?B( |$)/.test(description)) return description;
  const size =
    parameters >= 1e9
      ? `${(parameters / 1e9).toFixed(1)}B`
      : parameters >= 1e6
        ? `${(parameters / 1e6).toFixed(1)}M`
        : `${(parameters / 1e3).toFixed(1)}K`;
  return description.replace(/(^| )\?B( |$)/, `$1${size}$2`);
}

/** Builds the report from the parent's inputs and the child's measurements. */
export function buildReport(inputs: ReportInputs, worker: WorkerResult): BenchReport {
  const results: BenchResult[] = worker.tests.map((test) => {
    const tokensPerSecond = summarise(test.runs.map((run) => run.tokensPerSecond));
    const result: BenchResult = {
      test: testName(test.kind, test.tokens),
      threads: test.threads,
      promptTokens: test.kind === "pp" ? test.tokens : 0,
      genTokens: test.kind === "tg" ? test.tokens : 0,
      tokensPerSecond,
      runs: test.runs,
    };
    if (test.kind === "pp") result.firstTokenMs = summarise(test.runs.map((run) => run.ms));
    else result.weightReadBytesPerSecond = tokensPerSecond.median * inputs.model.weightBytesPerToken;
    const share = llamaCppShare(test.runs, test.tokens);
    if (share) result.insideLlamaCpp = share;
    if (test.energy) result.energy = test.energy;
    return result;
  });
  const contextRows = inputs.contextRows.map((row) =>
    worker.contextCheck && row.contextSize === worker.contextCheck.contextSize
      ? { ...row, measuredRssDeltaBytes: worker.contextCheck.rssDeltaBytes }
      : row,
  );
  const notes: string[] = [];
  if (inputs.model.randomWeights) notes.push("random weights: speed and memory only");
  return {
    model: {
      ...inputs.model,
      description: modelDescription(worker.modelDescription, inputs.model.parameters),
    },
    backend: {
      name: "llama.cpp",
      runtime: worker.runtime,
      device: worker.device,
      systemInfo: worker.systemInfo,
      gpuLayers: worker.gpuLayers,
      flashAttention: "auto",
      contextSize: worker.contextSize,
      batchSize: worker.batchSize,
    },
    loadMs: worker.coldLoadMs,
    load: {
      coldMs: worker.coldLoadMs,
      warmMs: worker.warmLoadMs,
      runtimeStartMs: worker.runtimeStartMs,
      note: coldNote,
    },
    peakRssBytes: worker.peakRssBytes,
    peakRss: { source: worker.peakRssSource, note: peakNote(worker) },
    results,
    contextMemory: {
      note: inputs.contextNote,
      layers: inputs.shape.layers,
      attentionLayers: inputs.shape.attentionLayers,
      recurrentLayers: inputs.shape.recurrentLayers,
      kvBytesPerToken: inputs.shape.kvBytesPerToken,
      recurrentStateBytesPerSequence: inputs.shape.recurrentBytesPerSequence,
      sizes: contextRows,
    },
    randomWeights: inputs.model.randomWeights,
    repeats: inputs.repeats,
    ...(worker.energy === undefined ? {} : { energy: worker.energy }),
    notes,
  };
}
