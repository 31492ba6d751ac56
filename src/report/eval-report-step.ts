/**
 * What `edgecall eval` does after a session: writes RUN_DIR/report.html and computes the
 * per-category health columns of the terminal table. A report that cannot be written is a warning,
 * never a failed eval (the results are already saved).
 */

import { join } from "node:path";
import { errorMessage } from "../error-message.js";
import { categoryHealth, healthOf } from "../eval/category-health.js";
import type { SummaryHealth } from "../eval/summary-table.js";
import { readRunData } from "./run-data.js";
import { renderRunReport, writeReportFile } from "./run-report.js";

/** The outcome: the report's path (or why there is none) and the health columns. */
export interface EvalReportStep {
  path: string | null;
  warning?: string;
  health?: SummaryHealth;
}

/** Writes the report of a finished (or interrupted) eval run. Never throws. */
export function reportAfterEval(runDirectory: string): EvalReportStep {
  let health: SummaryHealth | undefined;
  try {
    const run = readRunData(runDirectory);
    const results = run.eval?.results ?? [];
    health = { categories: categoryHealth(results), overall: healthOf("overall", "overall", results) };
    const path = join(run.directory, "report.html");
    writeReportFile(path, renderRunReport(run));
    return { path, health };
  } catch (error) {
    const reason = errorMessage(error);
    return { path: null, warning: `the report could not be written: ${reason}`, health };
  }
}
