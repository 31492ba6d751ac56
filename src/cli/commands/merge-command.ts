/**
 * `edgecall merge RUN_DIR... [--out DIR] [--json]`: joins the run directories of `eval --shard i/n`
 * into one run directory (src/eval/merge-runs.ts), writes its report, and prints the summary table
 * (or, with `--json`, the `eval` document). Unfinished shards are merged as they are; the note says
 * how to finish the merged run.
 */
import { mergeRuns } from "../../eval/merge-runs.js";
import { defaultSuiteCatalog } from "../../suites/default-catalog.js";
import { reportRun } from "../run-reports.js";

/** Parsed options of `edgecall merge`. */
export interface MergeCommandOptions {
  out?: string;
  json?: boolean;
}

/** Runs the command; returns the exit code. */
export async function mergeCommand(directories: string[], options: MergeCommandOptions): Promise<number> {
  const outcome = mergeRuns(directories, { out: options.out, figures: defaultSuiteCatalog().figures ?? [] });
  for (const note of outcome.notes) process.stderr.write(`edgecall: merge: ${note}\n`);
  if (!outcome.summary.complete) {
    process.stderr.write(
      `edgecall: merge: the merged run is unfinished; run the missing samples with: edgecall eval --resume ${outcome.runDirectory}\n`,
    );
  }
  const report = await reportRun(outcome, {
    json: options.json === true,
    color: process.stdout.isTTY === true,
  });
  process.stdout.write(report.stdout);
  if (report.htmlPath !== null)
    (options.json ? process.stderr : process.stdout).write(`report: ${report.htmlPath}\n`);
  else process.stderr.write(`edgecall: merge: ${report.warning}\n`);
  return 0;
}
