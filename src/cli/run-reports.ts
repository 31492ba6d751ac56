/**
 * What `edgecall eval` and `edgecall merge` do with a run once it is written: the run is handed
 * over from memory (results, summary, run record; nothing of it is read back), with a bench stored
 * in its directory read once here; the HTML reporter gives RUN_DIR/report.html, and the terminal
 * reporter (or, with `--json`, the JSON reporter's document) what goes to stdout. A report that
 * cannot be written is a warning, never a failed command (the results are already saved). The HTML
 * reporter is imported only here, when it is used, so commands that report nothing never load the
 * chart libraries.
 */
import { errorMessage } from "../error-message.js";
import { summaryDocument } from "../eval/json-reporter.js";
import type { ReportedRun } from "../eval/reporter.js";
import { terminalReporter } from "../eval/terminal-reporter.js";

/** What reporting a run gave: stdout's text, and report.html's path or why there is none. */
export interface RunReports {
  stdout: string;
  htmlPath: string | null;
  warning?: string;
}

/** Writes report.html and renders stdout (`json`: the summary document; else the table). Never throws for the HTML. */
export async function reportRun(
  run: ReportedRun,
  options: { json: boolean; color: boolean },
): Promise<RunReports> {
  let htmlPath: string | null = null;
  let warning: string | undefined;
  try {
    const { htmlReporter } = await import("../report/html-reporter.js");
    const { writeReportFile } = await import("../report/run-report.js");
    const { readStoredBench } = await import("../report/run-data.js");
    const { writeReportFiles } = await import("../eval/reporter.js");
    const bench = run.bench ?? readStoredBench(run.runDirectory);
    const output = htmlReporter.report(bench === undefined ? run : { ...run, bench });
    writeReportFiles(output, writeReportFile);
    htmlPath = output.files[0]?.path ?? null;
  } catch (error) {
    warning = `the report could not be written: ${errorMessage(error)}`;
  }
  // The JSON reporter's text is the summary document (its files were written with the run).
  const stdout = options.json
    ? summaryDocument(run.summary)
    : (terminalReporter({ color: options.color }).report(run).text ?? "");
  return warning === undefined ? { stdout, htmlPath } : { stdout, htmlPath, warning };
}
