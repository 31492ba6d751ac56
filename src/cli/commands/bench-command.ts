/**
 * `edgecall bench`: load time, time to first token, prefill and decode tokens/s, peak memory and
 * context memory of a GGUF model (or of a preset shape with random weights) on this machine.
 */

import { availableParallelism } from "node:os";
import { idleCores } from "../../backend/thread-default.js";
import { type BenchCommandOptions, parseBenchOptions } from "../../bench/bench-options.js";
import { formatBenchReport } from "../../bench/bench-table.js";
import {
  type BrowserOnlyOptions,
  refuseBrowserOnlyOptions,
} from "../../bench/browser/browser-only-options.js";
import { runBench } from "../../bench/run-bench.js";
import { isServerModel } from "../../bench/server/server-bench-options.js";
import { countNoun } from "../../text/count-noun.js";
import { formatDuration } from "../../text/duration.js";
import { ProgressLine } from "../../text/progress-line.js";
import { benchProgress } from "../bench-progress.js";

export type { BenchCommandOptions } from "../../bench/bench-options.js";

/** Runs the command; returns the exit code. */
export async function benchCommand(options: BenchCommandOptions & BrowserOnlyOptions): Promise<number> {
  if (options.browser) {
    const { benchBrowserCommand } = await import("./bench-browser-command.js");
    return benchBrowserCommand(options);
  }
  refuseBrowserOnlyOptions(options);
  if (isServerModel(options.model)) {
    const { benchServerCommand } = await import("./bench-server-command.js");
    return benchServerCommand(options);
  }
  const plan = parseBenchOptions(options);
  const idle = await idleCores();
  const most = Math.max(...plan.threads);
  if (idle !== undefined && idle + 0.5 < most)
    process.stderr.write(
      `edgecall: bench: warning: the machine is busy (about ${idle.toFixed(1)} of ${availableParallelism()} cores idle) ` +
        `and ${countNoun(most, "thread")} ${most === 1 ? "is" : "are"} asked for: decode on more threads than idle cores can collapse, and figures from a ` +
        "busy machine are not this machine's speed\n",
    );
  const progress = new ProgressLine({ label: "bench" });
  const started = performance.now();
  let report: Awaited<ReturnType<typeof runBench>>;
  try {
    report = await runBench(plan, { onProgress: benchProgress(progress) });
  } finally {
    progress.finish();
  }
  progress.note(`measured in ${formatDuration((performance.now() - started) / 1000)}`);
  if (options.json) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  }
  process.stdout.write(formatBenchReport(report));
  return 0;
}
