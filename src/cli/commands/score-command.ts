/**
 * `edgecall score bfcl`: scores BFCL result lines (`{"id", "result"}` per line; a text result is
 * decoded as prompt-mode calls) against the BFCL data folder with the official checker rules.
 * `--json` prints the CLI contract's `score bfcl` document (categories, verdicts, plus BFCL's summary
 * scores as `aggregates`); otherwise a table.
 */
import { bfclAggregateLines } from "../../bfcl/aggregate-lines.js";
import { scoreBfclResults } from "../../bfcl/score.js";
import { percent, percentInterval } from "../../text/percent.js";
import { textTable } from "../../text/text-table.js";

/** Parsed options of `edgecall score bfcl`. */
export interface ScoreBfclOptions {
  bfclDir: string;
  results: string;
  fcNames?: boolean;
  json?: boolean;
}

/** Runs the command; returns the exit code. */
export async function scoreBfclCommand(options: ScoreBfclOptions): Promise<number> {
  const report = scoreBfclResults({
    bfclDir: options.bfclDir,
    resultsPath: options.results,
    fcNames: options.fcNames ?? false,
  });
  if (options.json) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  }
  const rows = report.categories.map((category) => [
    category.suite,
    `${category.passed}/${category.n}${category.n < category.total ? ` (of ${category.total})` : ""}`,
    percent(category.accuracy),
    percentInterval(category.ci95),
  ]);
  const header = ["category", "passed", "accuracy", "95% CI"];
  const lines = [textTable([header, ...rows])];
  lines.push(...bfclAggregateLines(report.aggregates));
  const failed = report.verdicts.filter((verdict) => !verdict.valid).length;
  lines.push(`${report.verdicts.length} results scored, ${failed} failed`);
  process.stdout.write(`${lines.join("\n")}\n`);
  return 0;
}
