/**
 * `edgecall merge RUN_DIR... [--out DIR] [--json]`: joins the run directories of `eval --shard i/n`
 * into one run directory (src/eval/merge-runs.ts), writes its report, and prints the summary table
 * (or, with `--json`, the `eval` document). Unfinished shards are merged as they are; the note says
 * how to finish the merged run.
 */
import { mergeRuns } from "../../eval/merge-runs.js";
import { renderSummaryTable } from "../../eval/summary-table.js";

/** Parsed options of `edgecall merge`. */
export interface MergeCommandOptions {
  out?: string;
  json?: boolean;
}

/** Runs the command; returns the exit code. */
export async function mergeCommand(directories: string[], options: MergeCommandOptions): Promise<number> {
  const outcome = mergeRuns(directories, { out: options.out });
  for (const note of outcome.notes) process.stderr.write(`edgecall: merge: ${note}\n`);
  if (!outcome.summary.complete) {
    process.stderr.write(
      `edgecall: merge: the merged run is unfinished; run the missing samples with: edgecall eval --resume ${outcome.runDirectory}\n`,
    );
  }
  const { reportAfterEval } = await import("../../report/eval-report-step.js");
  const report = reportAfterEval(outcome.runDirectory);
  if (options.json) process.stdout.write(`${JSON.stringify(outcome.summary, null, 2)}\n`);
  else
    process.stdout.write(renderSummaryTable(outcome.summary, process.stdout.isTTY === true, report.health));
  if (report.path !== null)
    (options.json ? process.stderr : process.stdout).write(`report: ${report.path}\n`);
  else process.stderr.write(`edgecall: merge: ${report.warning}\n`);
  return 0;
}
