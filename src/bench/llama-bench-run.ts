/**
 * Running llama.cpp's own `llama-bench` for the comparison script (bench/vs-llama-bench.ts): the
 * binary named by the LLAMA_BENCH environment variable, its arguments for the same file, threads
 * and token counts, its `-o json` output, and the pairwise-ratio summary the comparison prints.
 */
import { spawn } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import { EdgecallError } from "../errors.js";
import { type MedianInterval, median, medianInterval, quantile } from "./statistics.js";

/** How to build one: docs/benchmarks.md. */
const buildHint =
  "see docs/benchmarks.md for how to build llama-bench from the llama.cpp inside node-llama-cpp";

/** Checks LLAMA_BENCH: unset, missing, a folder or not executable are each a clear error. */
export function resolveLlamaBench(value: string | undefined): string {
  if (value === undefined || value.trim() === "") {
    throw new EdgecallError(
      "usage",
      `LLAMA_BENCH is not set: set it to a llama-bench binary (${buildHint})`,
      {
        subject: "LLAMA_BENCH",
      },
    );
  }
  let isFile: boolean;
  try {
    isFile = statSync(value).isFile();
  } catch {
    throw new EdgecallError("file-not-found", `LLAMA_BENCH=${value}: no such file (${buildHint})`, {
      subject: "LLAMA_BENCH",
    });
  }
  if (!isFile) {
    throw new EdgecallError(
      "invalid-argument",
      `LLAMA_BENCH=${value}: not a file (expected the llama-bench binary)`,
      {
        subject: "LLAMA_BENCH",
      },
    );
  }
  try {
    accessSync(value, constants.X_OK);
  } catch {
    throw new EdgecallError("invalid-argument", `LLAMA_BENCH=${value}: not executable`, {
      subject: "LLAMA_BENCH",
    });
  }
  return value;
}

/** One llama-bench test. */
export interface LlamaBenchTest {
  promptTokens: number;
  genTokens: number;
  threads: number;
  /** Median of llama-bench's per-repetition tokens/s (`samples_ts`). */
  tokensPerSecond: number;
  samples: number[];
}

/** llama-bench arguments for a CPU run matching `edgecall bench` (pp and tg as separate tests). */
export function llamaBenchArgs(options: {
  modelPath: string;
  threads: number;
  promptTokens: number;
  genTokens: number;
  repeats: number;
}): string[] {
  return [
    "-m",
    options.modelPath,
    "-t",
    String(options.threads),
    "-p",
    String(options.promptTokens),
    "-n",
    String(options.genTokens),
    "-r",
    String(options.repeats),
    "-ngl",
    "0",
    "-o",
    "json",
  ];
}

/** Parses llama-bench's `-o json` output. Throws EdgecallError("backend-protocol") on anything else. */
export function parseLlamaBenchJson(text: string): LlamaBenchTest[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new EdgecallError(
      "backend-protocol",
      `llama-bench output is not JSON: ${(error as Error).message}`,
    );
  }
  if (!Array.isArray(parsed))
    throw new EdgecallError("backend-protocol", "llama-bench output is not a JSON array");
  return parsed.map((entry, index) => {
    const record = entry as Record<string, unknown>;
    const samples = record.samples_ts;
    const numbers = ["n_prompt", "n_gen", "n_threads"].map((key) => record[key]);
    if (
      !Array.isArray(samples) ||
      samples.length === 0 ||
      !samples.every((value) => typeof value === "number") ||
      !numbers.every((value) => typeof value === "number")
    ) {
      throw new EdgecallError(
        "backend-protocol",
        `llama-bench result ${index} lacks n_prompt, n_gen, n_threads or samples_ts`,
      );
    }
    return {
      promptTokens: record.n_prompt as number,
      genTokens: record.n_gen as number,
      threads: record.n_threads as number,
      tokensPerSecond: median(samples as number[]),
      samples: samples as number[],
    };
  });
}

/** Runs llama-bench and returns its tests. */
export function runLlamaBench(binary: string, args: string[]): Promise<LlamaBenchTest[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on("error", (error) =>
      reject(new EdgecallError("internal", `could not run ${binary}: ${error.message}`, { cause: error })),
    );
    child.on("close", (code, signal) => {
      if (code !== 0) {
        const tail = stderr.trim().split("\n").slice(-5).join(" | ");
        reject(new EdgecallError("internal", `${binary} exited (${signal ?? `code ${code}`}): ${tail}`));
        return;
      }
      try {
        resolve(parseLlamaBenchJson(stdout));
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** The spread of pairwise ratios. */
export interface RatioSummary {
  pairs: number;
  median: number;
  min: number;
  max: number;
  /** 25th and 75th percentiles. */
  interquartile: [number, number];
  /** The 95 % distribution-free confidence interval of the median (absent below 6 pairs). */
  medianInterval?: MedianInterval;
}

/** Summarises pairwise ratios (edgecall ÷ llama-bench of the same pair). */
export function summariseRatios(ratios: readonly number[]): RatioSummary {
  const interval = medianInterval(ratios);
  return {
    pairs: ratios.length,
    median: median(ratios),
    min: Math.min(...ratios),
    max: Math.max(...ratios),
    interquartile: [quantile(ratios, 0.25), quantile(ratios, 0.75)],
    ...(interval ? { medianInterval: interval } : {}),
  };
}

/**
 * Whether pairwise ratios show a goal (a ratio of at least `goal`) met: `meets` when the whole
 * confidence interval of the median is at or above it, `below` when the whole interval is under
 * it, `undecided` when the goal lies inside (more pairs, or a quieter machine, could settle it) or
 * there are too few pairs for an interval. The median alone flips between "meets" and "below" from
 * one run to the next when the goal is within the noise.
 */
export function judgeGoal(summary: RatioSummary, goal: number): "meets" | "below" | "undecided" {
  const interval = summary.medianInterval;
  if (interval === undefined) return "undecided";
  if (interval.lower >= goal) return "meets";
  if (interval.upper < goal) return "below";
  return "undecided";
}
