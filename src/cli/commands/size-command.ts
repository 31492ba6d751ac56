/**
 * `edgecall size --model A.gguf --model B.gguf ... --suite LIST [--max-latency-ms N]
 * [--max-memory-mib N] [--min-accuracy X] [--prefer size|speed] [--json]`: which file to ship.
 * Runs the suites and the bench on every file (compare-quants), then prints the sizing table and
 * verdict (src/compare/sizing-verdict.ts) above the comparison table; `--json` prints sizing.json
 * (the verdict, with `comparison` naming comparison.json's folder). Interrupts as compare-quants.
 */

import { renderComparisonTable } from "../../compare/comparison-table.js";
import { runSizing } from "../../compare/run-sizing.js";
import { renderSizingTable } from "../../compare/sizing-table.js";
import { writeRunReport } from "../../report/run-report.js";
import { listenForInterrupts } from "../interrupts.js";
import { type RunCommandOptions, runSettings } from "../run-options.js";

/** Parsed options of `edgecall size`. */
export interface SizeCommandOptions extends RunCommandOptions {
  model?: string[];
  suite?: string;
  bfclDir?: string;
  bfclMode?: "prompt" | "fc";
  limit?: number;
  maxLatencyMs?: number;
  maxMemoryMib?: number;
  minAccuracy?: number;
  prefer?: "size" | "speed";
  /** `--no-bench` sets false. */
  bench?: boolean;
  json?: boolean;
}

/** Runs the command; returns the exit code. */
export async function sizeCommand(options: SizeCommandOptions): Promise<number> {
  const interrupts = listenForInterrupts("size");
  const quiet = options.progress === false;
  try {
    const outcome = await runSizing({
      models: options.model,
      suites: options.suite,
      suiteOptions: { "bfcl-dir": options.bfclDir, "bfcl-mode": options.bfclMode },
      ...runSettings(options, interrupts.signal),
      limit: options.limit,
      noBench: options.bench === false,
      budgets: {
        ...(options.maxLatencyMs === undefined ? {} : { maxLatencyMs: options.maxLatencyMs }),
        ...(options.maxMemoryMib === undefined ? {} : { maxMemoryMiB: options.maxMemoryMib }),
        ...(options.minAccuracy === undefined ? {} : { minAccuracy: options.minAccuracy }),
      },
      prefer: options.prefer,
      onNote: quiet ? undefined : (message) => process.stderr.write(`edgecall: size: ${message}\n`),
    });
    const color = process.stdout.isTTY === true;
    if (options.json) process.stdout.write(`${JSON.stringify(outcome.verdict, null, 2)}\n`);
    else
      process.stdout.write(
        `${renderSizingTable(outcome.verdict, color)}\n${renderComparisonTable(outcome.comparison, color)}`,
      );
    if (outcome.interrupted) {
      process.stderr.write(
        `edgecall: size: interrupted; resume with: edgecall size --resume ${outcome.directory}\n`,
      );
      return 130;
    }
    // The HTML report: the sizing table first, then the first file's report with the others beside it.
    const report = writeRunReport(outcome.directory);
    if (!quiet) process.stderr.write(`edgecall: size: report: ${report}\n`);
    return 0;
  } finally {
    interrupts.dispose();
  }
}
