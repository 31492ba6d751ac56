/**
 * `edgecall report RUN_DIR [--html FILE] [--with RUN_DIR]...`: writes the run's self-contained
 * HTML report (default RUN_DIR/report.html) and prints its path. `--with` adds other runs (e.g.
 * other quantisations of the model) to a side-by-side comparison section.
 */
import { writeRunReport } from "../../report/run-report.js";

/** Parsed options of `edgecall report`. */
export interface ReportCommandOptions {
  html?: string;
  with?: string[];
}

/** Runs the command; returns the exit code. */
export async function reportCommand(runDirectory: string, options: ReportCommandOptions): Promise<number> {
  const path = writeRunReport(runDirectory, { html: options.html, otherDirectories: options.with ?? [] });
  process.stdout.write(`${path}\n`);
  return 0;
}
