/**
 * The set-up the shape benchmarks share: the `--shape`, `--arch`, `--quant` and `--threads` flags,
 * and from them one thread count, the (synthesised once, RANDOM-WEIGHT) model file and a CPU-only
 * node-llama-cpp runtime.
 */
import { availableParallelism } from "node:os";
import { getLlama, type Llama, LlamaLogLevel } from "node-llama-cpp";
import { type BenchModelFile, resolveBenchModel } from "../src/bench/bench-model.js";
import { parseBenchOptions } from "../src/bench/bench-options.js";
import { countNoun } from "../src/text/count-noun.js";

/** The flags, for `parseArgs`'s options (defaults: qwen3-0.6b, q4_0, 2 threads). */
export const shapeModelFlags = {
  shape: { type: "string", default: "qwen3-0.6b" },
  arch: { type: "string" },
  quant: { type: "string", default: "q4_0" },
  threads: { type: "string", default: "2" },
} as const;

/** What the flags resolve to. */
export interface ShapeModel {
  threads: number;
  model: BenchModelFile;
  llama: Llama;
}

/** Resolves the flags' values (synthesising the shape on first use) and starts the runtime. */
export async function openShapeModel(
  values: { shape: string; arch?: string | undefined; quant: string; threads: string },
  log: (line: string) => void,
): Promise<ShapeModel> {
  const plan = parseBenchOptions({
    shape: values.shape,
    arch: values.arch,
    quant: values.quant,
    threads: values.threads,
    gpu: "off",
  });
  const threads = plan.threads[0]!;
  if (threads > availableParallelism())
    log(`note: ${countNoun(threads, "thread")} on ${availableParallelism()} cores`);
  const model = await resolveBenchModel(plan.source, log);
  const llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
  return { threads, model, llama };
}
