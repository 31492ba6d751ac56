/**
 * The Reporter seam: what a finished (or interrupted) run becomes for people and programs. Every
 * reporter receives the same thing, a run's summary and results, and returns text to print and
 * files to write; it writes nothing itself, so one driver writes every file the same way
 * (through a temporary name and a rename). Reporters:
 * - `json` (src/eval/json-reporter.ts): results.jsonl and summary.json in the run directory, and
 *   the `eval --json` document;
 * - `terminal` (src/eval/terminal-reporter.ts): the summary table with the health columns;
 * - `html` (src/report/html-reporter.ts): the self-contained report.html.
 */
import { writeFileAtomic } from "../atomic-file.js";
import type { SampleResult } from "./sample-result.js";
import type { EvalSummary } from "./summary.js";

/** What every reporter receives. */
export interface ReportedRun {
  /** The run directory the outputs belong to. */
  runDirectory: string;
  summary: EvalSummary;
  /** Every result of the run, in plan order. */
  results: readonly SampleResult[];
}

/** A file a reporter produced: where it goes and its whole text. */
export interface ReportFile {
  path: string;
  text: string;
}

/** What a reporter produced: text for stdout (if any) and files to write. */
export interface ReportOutput {
  text?: string;
  files: ReportFile[];
}

/** Turns a run into its outputs. Pure apart from reading the run directory; never writes. */
export interface Reporter {
  readonly name: string;
  report(run: ReportedRun): ReportOutput;
}

/** Writes a reporter's files with `write` (default: atomically, through a temporary name). */
export function writeReportFiles(
  output: ReportOutput,
  write: (path: string, text: string) => void = writeFileAtomic,
): void {
  for (const file of output.files) write(file.path, file.text);
}
