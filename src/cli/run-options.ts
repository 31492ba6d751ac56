/**
 * The options that every command writing a run directory (`eval`, `compare-quants`, `probe`)
 * takes the same way, and the settings they become: one place, so a new option or a change of
 * meaning reaches all three.
 */
import type { GpuMode } from "../backend/gpu-mode.js";
import type { FlashAttentionSetting } from "../backend/llama-cpp/flash-attention.js";
import { httpModelLimits, inProcessModelOptions, type TemplateOptionValues } from "./model-options.js";

/** Parsed options shared by `eval`, `compare-quants` and `probe`. */
export interface RunCommandOptions extends TemplateOptionValues {
  out?: string;
  resume?: string;
  concurrency?: number;
  repeats?: number;
  seed?: number;
  format?: string;
  gpu?: GpuMode;
  threads?: number;
  contextSize?: number;
  maxTokens?: number;
  temperature?: number;
  topP?: number;
  topK?: number;
  constrained?: boolean;
  toolChoice?: "auto" | "required" | "none";
  /** commander's `--no-cache` sets this false. */
  cache?: boolean;
  cacheDir?: string;
  /** commander's `--no-progress` sets this false. */
  progress?: boolean;
  /** `--idle-timeout`, seconds. */
  idleTimeout?: number;
  /** `--request-timeout`, seconds. */
  requestTimeout?: number;
  /** `--max-response-mib`. */
  maxResponseMib?: number;
  /** commander's `--no-prefix-reuse` sets this false. */
  prefixReuse?: boolean;
  promptLookup?: boolean;
  flashAttention?: FlashAttentionSetting;
  prefixCacheMib?: number;
  parseSpecialInMessages?: boolean;
}

/**
 * The run settings the options stand for, with the interrupt signal, progress on stderr (unless
 * `--no-progress`) and the command line recorded in run.json.
 */
export function runSettings(options: RunCommandOptions, signal: AbortSignal) {
  return {
    out: options.out,
    resume: options.resume,
    concurrency: options.concurrency,
    repeats: options.repeats,
    seed: options.seed,
    format: options.format,
    gpu: options.gpu,
    threads: options.threads,
    contextSize: options.contextSize,
    ...httpModelLimits(options),
    ...inProcessModelOptions(options),
    maxTokens: options.maxTokens,
    temperature: options.temperature,
    topP: options.topP,
    topK: options.topK,
    ...(options.thinking === undefined ? {} : { enableThinking: options.thinking === "on" }),
    ...(options.dateString === undefined ? {} : { dateString: options.dateString }),
    constrained: options.constrained,
    toolChoice: options.toolChoice,
    cache: options.cache === false ? false : undefined,
    cacheDir: options.cacheDir,
    signal,
    progress: options.progress === false ? (false as const) : process.stderr,
    command: process.argv.slice(2),
  };
}
