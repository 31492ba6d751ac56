/**
 * The Reporter seam: what a finished (or interrupted) run becomes for people and programs. Every
 * reporter receives the same thing, the run as it is in memory (summary, results, run record,
 * figures, a stored bench), and returns text to print and files to write; it reads nothing and
 * writes nothing itself, so one driver writes every file the same way (through a temporary name
 * and a rename). After `eval` and `merge` the run is handed over from memory; `report RUN_DIR`
 * reads the directory once (src/report/run-data.ts). Reporters:
 * - `json` (src/eval/json-reporter.ts): results.jsonl and summary.json in the run directory, and
 *   the `eval --json` document;
 * - `terminal` (src/eval/terminal-reporter.ts): the summary table with the health columns;
 * - `html` (src/report/html-reporter.ts): the self-contained report.html.
 */
import { writeFileAtomic } from "../atomic-file.js";
import type { BenchData } from "../bench/bench-data.js";
import type { RunRecord } from "./run-directory.js";
import type { SampleResult } from "./sample-result.js";
import type { SuiteFigures } from "./suite-figures.js";
import type { EvalSummary } from "./summary.js";

/** What every reporter receives: everything it shows, so that none reads the run directory. */
export interface ReportedRun {
  /** The run directory the outputs belong to (where their files go). */
  runDirectory: string;
  summary: EvalSummary;
  /** Every result of the run, in plan order, as results.jsonl holds them. */
  results: readonly SampleResult[];
  /** run.json's content (provenance, settings, sessions), as last written. */
  record: RunRecord;
  /** A bench stored in the run directory (`bench.json`), read where the run was assembled; absent when none. */
  bench?: BenchData;
  /** The figures of the run's suites (src/eval/suite-figures.ts), which render their summary blocks; absent: none. */
  figures?: readonly SuiteFigures[];
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

/** Turns a run into its outputs. Pure: reads no file, writes none. */
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
