/**
 * The JSON reporter: `results.jsonl` (one result a line, in plan order; empty with no results) and
 * `summary.json` (the summary, two-space indented) in the run directory, and as text the `eval
 * --json` document of the CLI contract (the same summary). The shapes are part of the contract.
 */
import { join } from "node:path";
import { type ReportedRun, type Reporter, type ReportOutput, writeReportFiles } from "./reporter.js";
import type { EvalSummary } from "./summary.js";

/** The `eval --json` / `merge --json` document: the summary, two-space indented, and a newline. */
export function summaryDocument(summary: EvalSummary): string {
  return `${JSON.stringify(summary, null, 2)}\n`;
}

/** The JSON reporter. */
export const jsonReporter: Reporter = {
  name: "json",
  report(run: ReportedRun): ReportOutput {
    const lines = run.results.map((result) => JSON.stringify(result));
    return {
      text: summaryDocument(run.summary),
      files: [
        {
          path: join(run.runDirectory, "results.jsonl"),
          text: lines.length === 0 ? "" : `${lines.join("\n")}\n`,
        },
        { path: join(run.runDirectory, "summary.json"), text: summaryDocument(run.summary) },
      ],
    };
  },
};

/** Writes results.jsonl (one line per result, in plan order) and summary.json: the JSON reporter's files. */
export function writeRunOutputs(run: ReportedRun): void {
  writeReportFiles(jsonReporter.report(run));
}
