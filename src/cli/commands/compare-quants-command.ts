/**
 * `edgecall compare-quants`: the same eval on several model files (quantisations of one model),
 * each into its own run directory, plus comparison.json with paired differences, exact McNemar
 * tests, agreement, flipped samples, speed and memory (see src/compare). Prints the comparison
 * table (or, with `--json`, comparison.json) on stdout; progress on stderr.
 *
 * Interrupts: the first Ctrl-C stops the running model's eval as `eval` does and exits 130; the
 * comparison resumes with `--resume DIR`.
 */
import { runQuantComparison } from "../../compare/compare-quants.js";
import { renderComparisonTable } from "../../compare/comparison-table.js";
import { defaultCompareBench } from "../../compare/model-measurements.js";
import { listenForInterrupts } from "../interrupts.js";
import { type RunCommandOptions, runSettings } from "../run-options.js";

/** Parsed options of `edgecall compare-quants`. */
export interface CompareQuantsCommandOptions extends RunCommandOptions {
  model?: string[];
  suite?: string;
  bfclDir?: string;
  bfclMode?: "prompt" | "fc";
  limit?: number;
  bench?: boolean;
  json?: boolean;
}

/** Runs the command; returns the exit code. */
export async function compareQuantsCommand(options: CompareQuantsCommandOptions): Promise<number> {
  const interrupts = listenForInterrupts("compare-quants");
  const quiet = options.progress === false;
  try {
    const outcome = await runQuantComparison({
      models: options.model,
      suites: options.suite,
      suiteOptions: { "bfcl-dir": options.bfclDir, "bfcl-mode": options.bfclMode },
      ...runSettings(options, interrupts.signal),
      limit: options.limit,
      bench: options.bench ? defaultCompareBench : undefined,
      onNote: quiet ? undefined : (message) => process.stderr.write(`edgecall: compare-quants: ${message}\n`),
    });
    if (options.json) process.stdout.write(`${JSON.stringify(outcome.comparison, null, 2)}\n`);
    else process.stdout.write(renderComparisonTable(outcome.comparison, process.stdout.isTTY === true));
    if (outcome.interrupted) {
      process.stderr.write(
        `edgecall: compare-quants: interrupted; resume with: edgecall compare-quants --resume ${outcome.directory}\n`,
      );
      return 130;
    }
    return 0;
  } finally {
    interrupts.dispose();
  }
}
