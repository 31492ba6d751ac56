/**
 * The one-command demo: `edgecall eval --model demo` with no `--suite` runs a short mix of suites
 * on the tiny random-weight demo model (the assistant suites; BFCL samples too when `--bfcl-dir`
 * is given), then a short bench stored as the run's bench.json, so the report shows every part of
 * the pipeline on a fresh machine. Its scores and speeds are those of random weights, and every
 * output says so.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseBenchOptions } from "../../bench/bench-options.js";
import { formatBenchReport } from "../../bench/bench-table.js";
import { runBench } from "../../bench/run-bench.js";
import { ProgressLine, type ProgressStream } from "../../text/progress-line.js";
import { benchProgress } from "../bench-progress.js";
import type { EvalCommandOptions } from "./eval-options.js";

/** Samples per suite, tokens per reply and bench tests of the demo: seconds, not minutes. */
const demoLimit = 10;
const demoMaxTokens = 96;
const demoBench = { promptTokens: "128,512", genTokens: 64, repeats: 2 };

/** True when the options ask for the demo: `--model demo`, no `--suite`, not a resume. */
export function isDemoRun(options: EvalCommandOptions): boolean {
  return options.model === "demo" && options.suite === undefined && options.resume === undefined;
}

/** The demo's defaults under whatever the user gave. */
export function withDemoDefaults(options: EvalCommandOptions): EvalCommandOptions {
  const suites = ["assistant:single", "assistant:irrelevance"];
  if (options.bfclDir !== undefined) suites.push("bfcl:simple_python", "bfcl:multiple", "bfcl:irrelevance");
  return {
    ...options,
    suite: suites.join(","),
    limit: options.limit ?? demoLimit,
    maxTokens: options.maxTokens ?? demoMaxTokens,
  };
}

/**
 * Runs the demo's short bench on the demo model, with its progress on `progressStream` (false:
 * none), stores it as `bench.json` in the run and returns its terminal table.
 */
export async function runDemoBench(
  runDirectory: string,
  threads: number | undefined,
  progressStream: ProgressStream | false = process.stderr,
): Promise<string> {
  const plan = parseBenchOptions({
    model: "demo",
    ...demoBench,
    ...(threads === undefined ? {} : { threads: String(threads) }),
  });
  process.stderr.write(
    "edgecall: demo: short bench of the demo model (random weights: speed and memory only)\n",
  );
  const progress = new ProgressLine({
    label: "demo bench",
    ...(progressStream === false
      ? { stream: { write: () => true }, ticker: false as const }
      : { stream: progressStream }),
  });
  let report: Awaited<ReturnType<typeof runBench>>;
  try {
    report = await runBench(plan, { onProgress: benchProgress(progress) });
  } finally {
    progress.finish();
  }
  writeFileSync(join(runDirectory, "bench.json"), `${JSON.stringify(report, null, 2)}\n`);
  return formatBenchReport(report);
}
