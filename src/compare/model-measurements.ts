/**
 * Speed and memory of each compared model beyond what its eval measures: the peak resident memory
 * of this process while the model's eval ran (VmHWM, reset before each model, so one model's peak
 * does not hide in the next's), and, with `--bench`, llama-bench style prefill/decode speeds and
 * peak memory measured in a fresh process by the bench machinery (src/bench).
 */
import { availableParallelism } from "node:os";
import type { GpuMode } from "../backend/gpu-mode.js";
import { parseModelSpec } from "../backend/model-spec.js";
import { isEdgecallError } from "../errors.js";
import type { ModelBenchFigures, ModelPeakMemory } from "./quant-comparison.js";

/** What `--bench` measures per model. */
export interface CompareBenchSettings {
  /** Prefill tests (prompt lengths); default [512]. */
  promptTokens: number[];
  /** Decode test length; default 128. */
  genTokens: number;
  /** Timed runs per test; default 3. */
  repeats: number;
}

/** The default `--bench` plan: llama-bench's pp512 and tg128, three timed runs each. */
export const defaultCompareBench: CompareBenchSettings = { promptTokens: [512], genTokens: 128, repeats: 3 };

/** Starts a peak-memory window; call the returned function when the model is done. */
export async function startPeakMemoryWindow(first: boolean): Promise<() => ModelPeakMemory> {
  const { readProcessMemory, resetPeakRss } = await import("../bench/process-memory.js");
  const reset = resetPeakRss();
  return () => {
    const memory = readProcessMemory();
    // Without a reset, the peak of a later model may be an earlier model's: unknown.
    if (!reset && !first) return { peakRssBytes: null, source: null };
    return { peakRssBytes: memory.peakRssBytes, source: memory.source };
  };
}

/**
 * Benchmarks a GGUF model spec; returns the figures, or a sentence saying why it was not measured
 * (not a GGUF file, or the benchmark failed). Never throws for the model's own problems.
 */
export async function benchModel(
  specText: string,
  settings: CompareBenchSettings,
  options: { gpu?: GpuMode; threads?: number; onNote?: (message: string) => void },
): Promise<ModelBenchFigures | string> {
  const spec = parseModelSpec(specText);
  if (spec.kind !== "gguf" && spec.kind !== "demo" && spec.kind !== "hf")
    return `not measured: bench runs GGUF files in-process, and this model is a ${spec.kind}: spec`;
  const { runBench } = await import("../bench/run-bench.js");
  try {
    const { localModelFile } = await import("../backend/open-model.js");
    const report = await runBench(
      {
        source:
          spec.kind === "demo"
            ? { kind: "demo" }
            : { kind: "file", path: (await localModelFile(spec)) ?? "" },
        promptTokens: settings.promptTokens,
        genTokens: settings.genTokens,
        threads: [options.threads ?? availableParallelism()],
        repeats: settings.repeats,
        contextSize: undefined,
        gpu: options.gpu ?? "auto",
      },
      { onProgress: options.onNote },
    );
    return {
      description: report.model.description,
      randomWeights: report.randomWeights,
      loadMs: report.loadMs,
      peakRssBytes: report.peakRssBytes,
      contextSize: report.backend.contextSize,
      device: report.backend.device,
      results: report.results.map((result) => ({
        test: result.test,
        threads: result.threads,
        tokensPerSecond: result.tokensPerSecond,
      })),
    };
  } catch (error) {
    if (isEdgecallError(error)) return `not measured: ${error.message}`;
    throw error;
  }
}
