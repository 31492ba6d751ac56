/**
 * `edgecall compare RUN_A RUN_B [--json] [--html FILE] [--force]`: per category the accuracy of
 * both runs, the paired difference with an exact McNemar test, the samples that flipped, and speed
 * and memory side by side. Refuses runs of different suite versions unless `--force`.
 */
import { renderCompareReport } from "../../report/compare-report.js";
import { renderComparison } from "../../report/compare-text.js";
import { readRunData } from "../../report/run-data.js";
import { writeReportFile } from "../../report/run-report.js";
import { compareRuns } from "../../report/two-run-comparison.js";

/** Parsed options of `edgecall compare`. */
export interface CompareCommandOptions {
  json?: boolean;
  html?: string;
  force?: boolean;
}

/** Runs the command; returns the exit code. */
export async function compareCommand(
  runA: string,
  runB: string,
  options: CompareCommandOptions,
): Promise<number> {
  const a = readRunData(runA);
  const b = readRunData(runB);
  const comparison = compareRuns(a, b, { force: options.force === true });
  if (options.html !== undefined) writeReportFile(options.html, renderCompareReport(comparison, a, b));
  if (options.json) {
    process.stdout.write(`${JSON.stringify(comparison, null, 2)}\n`);
    if (options.html !== undefined) process.stderr.write(`compare page: ${options.html}\n`);
  } else {
    process.stdout.write(renderComparison(comparison, process.stdout.isTTY === true));
    if (options.html !== undefined) process.stdout.write(`compare page: ${options.html}\n`);
  }
  return 0;
}
