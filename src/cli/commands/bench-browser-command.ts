/**
 * `edgecall bench --browser`: serves a page that measures the model in the visiting browser with
 * llama.cpp compiled to WebAssembly (a phone's browser, no install), prints its URL and waits
 * (bounded by --browser-timeout), then measures the same file in-process on this machine and
 * prints both, the browser labelled "in-browser WebAssembly" with its ratio to in-process.
 */
import { type BenchCommandOptions, parseBenchOptions } from "../../bench/bench-options.js";
import { formatBenchReport } from "../../bench/bench-table.js";
import { formatBrowserSection } from "../../bench/browser/browser-bench-text.js";
import type { BrowserOnlyOptions } from "../../bench/browser/browser-only-options.js";
import { runBrowserBench } from "../../bench/browser/run-browser-bench.js";
import { EdgecallError } from "../../errors.js";
import { allowedHostNames } from "../../http/web-guard-options.js";
import { formatDuration } from "../../text/duration.js";
import { ProgressLine } from "../../text/progress-line.js";
import { benchProgress } from "../bench-progress.js";

/** `bench` options with the browser's. */
export interface BenchBrowserCommandOptions extends BenchCommandOptions, BrowserOnlyOptions {}

/** Runs `bench --browser`; returns the exit code. */
export async function benchBrowserCommand(options: BenchBrowserCommandOptions): Promise<number> {
  const plan = parseBenchOptions(options);
  if (options.browserTimeout !== undefined && !(options.browserTimeout > 0)) {
    throw new EdgecallError("usage", "--browser-timeout: expected seconds > 0", {
      subject: "--browser-timeout",
    });
  }
  const progress = new ProgressLine({ label: "bench" });
  const started = performance.now();
  let report: Awaited<ReturnType<typeof runBrowserBench>>;
  try {
    report = await runBrowserBench(
      plan,
      {
        ...(options.host === undefined ? {} : { host: options.host }),
        ...(options.port === undefined ? {} : { port: options.port }),
        allowedHosts: allowedHostNames(options.allowedHosts ?? []),
        ...(options.browserTimeout === undefined ? {} : { timeoutSeconds: options.browserTimeout }),
        threads: options.threads === undefined ? null : plan.threads,
      },
      {
        onProgress: benchProgress(progress),
        onUrls: (urls) =>
          progress.note(
            `open this page in the browser to measure (one-time link; the command waits):\n${urls.map((url) => `  ${url}`).join("\n")}`,
          ),
      },
    );
  } finally {
    progress.finish();
  }
  progress.note(`measured in ${formatDuration((performance.now() - started) / 1000)}`);
  if (options.json) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  }
  process.stdout.write(`${formatBrowserSection(report.browser)}\nin-process on this machine:\n\n`);
  process.stdout.write(formatBenchReport(report));
  return 0;
}
