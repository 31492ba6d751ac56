/**
 * The HTML reporter: `report.html` in the run directory, rendered by src/report/run-report.ts from
 * the run it is handed (summary, results, run.json's record, a stored bench) and nothing else: it
 * reads no file. `report RUN_DIR` renders the same page from the directory read once.
 */
import { join } from "node:path";
import type { ReportedRun, Reporter, ReportOutput } from "../eval/reporter.js";
import { runDataOf } from "./run-data.js";
import { renderRunReport } from "./run-report.js";

/** The HTML reporter. */
export const htmlReporter: Reporter = {
  name: "html",
  report(run: ReportedRun): ReportOutput {
    const data = runDataOf(run);
    return { files: [{ path: join(data.directory, "report.html"), text: renderRunReport(data) }] };
  },
};
