/**
 * The HTML reporter: `report.html` in the run directory, rendered from the run directory as it is
 * on disk (run.json's provenance, the results, a stored bench.json) by src/report/run-report.ts.
 */
import { join } from "node:path";
import type { ReportedRun, Reporter, ReportOutput } from "../eval/reporter.js";
import { readRunData } from "./run-data.js";
import { renderRunReport } from "./run-report.js";

/** The HTML reporter. Throws (an EdgecallError naming the file) when the run directory cannot be read. */
export const htmlReporter: Reporter = {
  name: "html",
  report(run: ReportedRun): ReportOutput {
    const data = readRunData(run.runDirectory);
    return { files: [{ path: join(data.directory, "report.html"), text: renderRunReport(data) }] };
  },
};
