/**
 * `edgecall bench` options → a validated plan. Lists (`--prompt-tokens 128,512`, `--threads 1,2`)
 * are parsed here; unknown presets and quantisations are refused with the valid names. Every
 * error is EdgecallError("usage") naming the flag.
 */
import { availableParallelism } from "node:os";
import type { GpuMode } from "../backend/gpu-mode.js";
import { parseModelSpec } from "../backend/model-spec.js";
import { EdgecallError, isEdgecallError } from "../errors.js";
import { resolvePreset } from "../gguf/synth/presets.js";
import { parseQuantType, type SynthQuantType } from "../gguf/synth/tensor-types.js";

/** The options as the command line gives them. */
export interface BenchCommandOptions {
  model?: string;
  shape?: string;
  arch?: string;
  quant?: string;
  promptTokens?: string;
  genTokens?: number | string;
  threads?: string;
  repeats?: number | string;
  contextSize?: number | string;
  gpu?: GpuMode;
  json?: boolean;
}

/** Which model to measure. */
export type BenchModelSource =
  | { kind: "file"; path: string }
  | { kind: "demo" }
  /** An `hf:` spec, downloaded into the cache on first use. */
  | { kind: "hf"; spec: string }
  | { kind: "shape"; preset: string; arch: string; quant: SynthQuantType };

/** A validated benchmark plan. */
export interface BenchPlan {
  source: BenchModelSource;
  promptTokens: number[];
  genTokens: number;
  threads: number[];
  repeats: number;
  /** Context size of the test runs; default: the largest test, padded as llama.cpp pads it. */
  contextSize: number | undefined;
  gpu: GpuMode;
}

/** Defaults from the issue: llama-bench's tests at three prompt lengths, 3 timed runs. */
export const benchDefaults = { promptTokens: [128, 512, 2048], genTokens: 128, repeats: 3, quant: "q4_0" };

function usage(flag: string, message: string): EdgecallError {
  return new EdgecallError("usage", `${flag}: ${message}`, { subject: flag });
}

/**
 * A comma-separated list of whole numbers ≥ `minimum` ("128,512, 2048"), duplicates dropped,
 * order kept. Throws EdgecallError("usage") naming `flag` and the bad entry.
 */
export function parseIntegerList(text: string, flag: string, minimum = 1): number[] {
  const entries = text.split(",").map((entry) => entry.trim());
  const values: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) {
      throw usage(flag, `expected whole numbers separated by commas, got '${entry}' in '${text}'`);
    }
    const value = Number.parseInt(entry, 10);
    if (!Number.isSafeInteger(value) || value < minimum) {
      throw usage(flag, `expected whole numbers >= ${minimum}, got ${entry}`);
    }
    if (!values.includes(value)) values.push(value);
  }
  return values;
}

function parseInteger(value: number | string | undefined, flag: string, minimum: number): number | undefined {
  if (value === undefined) return undefined;
  const list = parseIntegerList(String(value), flag, minimum);
  if (list.length !== 1) throw usage(flag, `expected one whole number, got '${value}'`);
  return list[0];
}

function parseSource(options: BenchCommandOptions): BenchModelSource {
  if ((options.model === undefined) === (options.shape === undefined)) {
    throw new EdgecallError("usage", "bench: give exactly one of --model SPEC or --shape PRESET", {
      subject: "--model",
    });
  }
  if (options.shape !== undefined) {
    let preset: ReturnType<typeof resolvePreset>;
    try {
      preset = resolvePreset(options.shape, options.arch);
    } catch (error) {
      if (isEdgecallError(error))
        throw usage(error.subject === "--arch" ? "--arch" : "--shape", error.message);
      throw error;
    }
    let quant: SynthQuantType;
    try {
      quant = parseQuantType(options.quant ?? benchDefaults.quant);
    } catch (error) {
      if (isEdgecallError(error)) throw usage("--quant", error.message);
      throw error;
    }
    return { kind: "shape", preset: preset.name, arch: preset.arch, quant };
  }
  if (options.quant !== undefined) throw usage("--quant", "applies to --shape; a --model file has its own");
  if (options.arch !== undefined) throw usage("--arch", "applies to --shape only");
  const spec = parseModelSpec(options.model!);
  if (spec.kind === "gguf") return { kind: "file", path: spec.path };
  if (spec.kind === "demo") return { kind: "demo" };
  if (spec.kind === "hf") return { kind: "hf", spec: options.model!.trim() };
  throw usage(
    "--model",
    `bench measures GGUF models run in-process; '${options.model}' is a ${spec.kind}: spec`,
  );
}

/** Validates the options into a plan. */
export function parseBenchOptions(options: BenchCommandOptions): BenchPlan {
  const source = parseSource(options);
  const promptTokens =
    options.promptTokens === undefined
      ? benchDefaults.promptTokens
      : parseIntegerList(options.promptTokens, "--prompt-tokens", 0);
  const genTokens = parseInteger(options.genTokens, "--gen-tokens", 0) ?? benchDefaults.genTokens;
  const plan: BenchPlan = {
    source,
    // 0 in the list means "no prefill test", as llama-bench's -p 0.
    promptTokens: promptTokens.filter((tokens) => tokens > 0),
    genTokens,
    threads:
      options.threads === undefined
        ? [availableParallelism()]
        : parseIntegerList(options.threads, "--threads"),
    repeats: parseInteger(options.repeats, "--repeats", 1) ?? benchDefaults.repeats,
    contextSize: parseInteger(options.contextSize, "--context-size", 16),
    gpu: options.gpu ?? "auto",
  };
  if (plan.promptTokens.length === 0 && plan.genTokens === 0) {
    throw usage("--prompt-tokens", "nothing to measure: no prompt lengths and --gen-tokens 0");
  }
  const largest = Math.max(0, ...plan.promptTokens, plan.genTokens);
  if (plan.contextSize !== undefined && plan.contextSize < largest) {
    throw usage("--context-size", `${plan.contextSize} is smaller than the largest test (${largest} tokens)`);
  }
  return plan;
}

/** llama-bench's test names: `pp512`, `tg128`. */
export function testName(kind: "pp" | "tg", tokens: number): string {
  return `${kind}${tokens}`;
}
