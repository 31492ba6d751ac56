/**
 * `edgecall bench --model openai:URL#MODEL | llama-server:URL`: the bench tests against a model
 * served over HTTP (a phone running llama.cpp's server, Ollama or LM Studio on another machine),
 * printed as a table or as the bench JSON (src/bench/server/).
 */
import type { BenchCommandOptions } from "../../bench/bench-options.js";
import { runServerBench } from "../../bench/server/run-server-bench.js";
import { parseServerBenchOptions } from "../../bench/server/server-bench-options.js";
import { formatServerBenchReport } from "../../bench/server/server-bench-table.js";
import { formatDuration } from "../../text/duration.js";
import { ProgressLine } from "../../text/progress-line.js";
import { benchProgress } from "../bench-progress.js";

/** Runs a server bench; returns the exit code. */
export async function benchServerCommand(options: BenchCommandOptions): Promise<number> {
  const plan = parseServerBenchOptions(options);
  const progress = new ProgressLine({ label: "bench" });
  const started = performance.now();
  let report: Awaited<ReturnType<typeof runServerBench>>;
  try {
    report = await runServerBench(plan, { onProgress: benchProgress(progress) });
  } finally {
    progress.finish();
  }
  progress.note(`measured in ${formatDuration((performance.now() - started) / 1000)}`);
  process.stdout.write(
    options.json ? `${JSON.stringify(report, null, 2)}\n` : formatServerBenchReport(report),
  );
  return 0;
}
