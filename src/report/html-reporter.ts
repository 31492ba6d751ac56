/**
 * The HTML reporter: `report.html` in the run directory, rendered by src/report/run-report.ts from
 * the run it is handed (summary, results, run.json's record, a stored bench) and nothing else: it
 * reads no file. `report RUN_DIR` renders the same page from the directory read once.
 */
import { join } from "node:path";
import type { ReportedRun, Reporter, ReportOutput } from "../eval/reporter.js";
import type { SuiteFigures } from "../eval/suite-figures.js";
import { shippedFigures } from "../suites/shipped-figures.js";
import { runDataOf } from "./run-data.js";
import { renderRunReport } from "./run-report.js";

/**
 * The figures whose sections the page shows: the shipped kinds in page order, then any kind the
 * run's own suites bring that is not one of them (a suite added outside the shipped set).
 */
function pageFigures(run: ReportedRun): readonly SuiteFigures[] {
  const extra = (run.figures ?? []).filter(
    (figure) => !shippedFigures.some((kind) => kind.key === figure.key),
  );
  return [...shippedFigures, ...extra];
}

/** The HTML reporter. */
export const htmlReporter: Reporter = {
  name: "html",
  report(run: ReportedRun): ReportOutput {
    const data = runDataOf(run);
    return {
      files: [
        {
          path: join(data.directory, "report.html"),
          text: renderRunReport(data, { figures: pageFigures(run) }),
        },
      ],
    };
  },
};
