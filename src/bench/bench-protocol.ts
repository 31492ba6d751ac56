/**
 * Messages between `runBench` and the benchmark child process (bench-worker.ts). The
 * measurements run in a fresh child so that the first model load in it is a cold load of the
 * runtime and the model, and so that its peak RSS counts the model and context alone.
 */
import type { GpuMode } from "../backend/gpu-mode.js";
import type { BenchEnergy, TestEnergy } from "./energy/test-energy.js";

/** What the child measures. */
export interface WorkerRequest {
  modelPath: string;
  gpu: GpuMode;
  /** A context is created per thread count; every test runs at each. */
  threads: number[];
  /** Prompt lengths of the prefill (pp) tests; empty for none. */
  promptTokens: number[];
  /** Tokens of the decode (tg) test; 0 for none. */
  genTokens: number;
  repeats: number;
  contextSize: number;
  batchSize: number;
  /** Token ids are drawn uniformly from [0, vocabularySize), as llama-bench does. */
  vocabularySize: number;
  /** Seed of the random token ids. */
  seed: number;
  /** When set, a context of this size is created once and the RSS it adds is measured. */
  verifyContextSize?: number;
}

/** One timed run. */
export interface WorkerRun {
  ms: number;
  tokensPerSecond: number;
  /**
   * Of `ms`, the time llama.cpp counted inside its decode calls (its own perf counters); the rest
   * is sampling and node-llama-cpp's JavaScript path. Absent when the counters could not be read.
   */
  decodeMs?: number;
}

/** The runs of one test at one thread count. */
export interface WorkerTest {
  kind: "pp" | "tg";
  tokens: number;
  threads: number;
  runs: WorkerRun[];
  /** The machine's energy over the timed runs (energy/test-energy.ts); absent from older workers. */
  energy?: TestEnergy;
}

/** Everything the child measured. */
export interface WorkerResult {
  /** `getLlama()`: loading the native runtime. */
  runtimeStartMs: number;
  /** First model load plus context creation in the fresh process. */
  coldLoadMs: number;
  /** The same again after disposing the first. */
  warmLoadMs: number;
  /** e.g. "node-llama-cpp 3.21.1". */
  runtime: string;
  /** llama.cpp's system info: the CPU features of the backend variant it loaded. */
  systemInfo: string;
  /** `cpu`, `cuda`, `vulkan` or `metal`. */
  device: string;
  /** llama.cpp's model description, e.g. "qwen35 0.8B Q4_0". */
  modelDescription: string;
  /** Layers offloaded to the GPU (0 on the CPU). */
  gpuLayers: number;
  /** The context size llama.cpp allocated for the tests. */
  contextSize: number;
  batchSize: number;
  tests: WorkerTest[];
  peakRssBytes: number;
  peakRssSource: "VmHWM" | "maxRSS";
  /** False when the peak could not be reset after the load and context checks (it then covers them too). */
  peakRssReset: boolean;
  contextCheck?: { contextSize: number; rssDeltaBytes: number };
  /** The energy source the tests were measured with, or why there was none. */
  energy?: BenchEnergy;
}

/**
 * How far a benchmark is, beside its progress message: the phase (`synthesising`, `cold load`,
 * `pp512 at 2 threads`), and the steps (loads, warm-ups, timed runs) or bytes done of the total.
 */
export interface BenchProgress {
  phase: string;
  /** Steps or bytes finished before this message. */
  done: number;
  total: number;
  unit: "steps" | "bytes";
}

/** Receives progress: a line, with how far the benchmark is when known. */
export type BenchProgressHandler = (message: string, progress?: BenchProgress) => void;

/** Child → parent. */
export type WorkerMessage =
  | { type: "progress"; message: string; progress?: BenchProgress }
  | { type: "result"; result: WorkerResult }
  | { type: "error"; code: string; message: string };
