/**
 * The terminal reporter: the summary table (src/eval/summary-table.ts) with the per-category
 * health columns (src/eval/category-health.ts) computed from the run's results.
 */
import { categoryHealth, healthOf } from "./category-health.js";
import type { ReportedRun, Reporter, ReportOutput } from "./reporter.js";
import { renderSummaryTable } from "./summary-table.js";

/** Options of {@link terminalReporter}. */
export interface TerminalReporterOptions {
  /** ANSI colours (a TTY). */
  color: boolean;
}

/** The terminal reporter. */
export function terminalReporter(options: TerminalReporterOptions): Reporter {
  return {
    name: "terminal",
    report(run: ReportedRun): ReportOutput {
      const health = {
        categories: categoryHealth(run.results),
        overall: healthOf("overall", "overall", run.results),
      };
      return { text: renderSummaryTable(run.summary, options.color, health, run.figures), files: [] };
    },
  };
}
