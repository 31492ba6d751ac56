/**
 * `report.html` of a run directory: one self-contained page (inline style, script and SVG charts;
 * nothing loaded from the network): the title and banners, the per-category results table, the
 * suites' sections (each figure's, src/report/figure-sections.ts), the bench table, the charts, the provenance, and the per-sample table whose
 * rows open the full transcript. The results come first: a reader sees them without scrolling.
 */

import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { writeFileAtomic } from "../atomic-file.js";
import type { SizingVerdict } from "../compare/sizing-verdict.js";
import { errorMessage } from "../error-message.js";
import { EdgecallError } from "../errors.js";
import type { SuiteFigures } from "../eval/suite-figures.js";
import { shippedFigures } from "../suites/shipped-figures.js";
import { benchSection } from "./bench-section.js";
import { categoryTable } from "./category-table.js";
import { reportCharts, seriesLabels } from "./charts-section.js";
import { figureSections } from "./figure-sections.js";
import { htmlPage } from "./html-page.js";
import { isNoise } from "./not-a-score.js";
import { pageScript } from "./page-script.js";
import { provenanceSection, reportHeader } from "./provenance-section.js";
import { readComparisonRuns } from "./quant-comparison-runs.js";
import { type RunData, readRunData, runLabel } from "./run-data.js";
import { sampleTableSection } from "./sample-table.js";
import { sampleView } from "./sample-view.js";
import { readSizingVerdict, sizingSection } from "./sizing-section.js";
import { speedMemoryOf, speedMemoryTable } from "./speed-memory.js";

/** Options of {@link renderRunReport}. */
export interface RunReportOptions {
  /** Other runs (e.g. other quantisations of the model) charted side by side. */
  others?: readonly RunData[];
  /** The time written in the header (default: now). */
  generatedAt?: string;
  /** Rows per page of the sample table (default 50). */
  pageSize?: number;
  /** `edgecall size`'s verdict, shown first under the title. */
  sizing?: SizingVerdict;
  /**
   * The suites' figures asked for their sections, in page order (default: every shipped kind,
   * src/suites/shipped-figures.ts); a figure none of the runs has a block of shows nothing.
   */
  figures?: readonly SuiteFigures[];
}

function othersSection(run: RunData, others: readonly RunData[]): string {
  if (others.length === 0) return "";
  const runs = [run, ...others];
  return `<section id="side-by-side">
<h2>Speed and memory side by side</h2>
${speedMemoryTable(seriesLabels(runs), runs.map(speedMemoryOf), runs.map(isNoise))}
</section>`;
}

/** Renders the page. */
export function renderRunReport(run: RunData, options: RunReportOptions = {}): string {
  const results = run.eval?.results ?? [];
  const withRepeat = (run.eval?.summary.repeats ?? 1) > 1;
  const rows = results.map((result) => sampleView(result, withRepeat));
  const categories = [...new Set(rows.map((row) => row.category))];
  const others = options.others ?? [];
  const noise = isNoise(run);
  const table =
    run.eval === undefined
      ? ""
      : sampleTableSection({
          heading: "Samples",
          note: `${rows.length} attempts. Filter by category and verdict; the table shows one page at a time.`,
          verdictLabel: "verdict",
          verdictOptions: [
            ["", "all verdicts"],
            ["pass", "pass"],
            ["fail", "fail"],
            ["error", "harness error"],
            ["parse-failure", "parse failure"],
            ["stuck", "stuck repeating"],
            ["length", "hit token limit"],
          ],
          columns: [
            "sample",
            "category",
            "verdict",
            "error type",
            "explanation",
            "finish",
            "tokens in / out",
            "TTFT",
          ],
          numeric: ["tokens in / out", "TTFT"],
        });
  const body = [
    reportHeader(run, options.generatedAt ?? new Date().toISOString()),
    options.sizing === undefined ? "" : sizingSection(options.sizing),
    categoryTable(run.eval, noise),
    ...figureSections(options.figures ?? shippedFigures, [run, ...others], seriesLabels([run, ...others])),
    benchSection(run),
    reportCharts(run, others),
    othersSection(run, others),
    provenanceSection(run),
    table,
  ]
    .filter((part) => part !== "")
    .join("\n");
  return htmlPage({
    title: `edgecall report: ${runLabel(run)}`,
    body,
    data: { mode: "run", categories, rows, pageSize: options.pageSize ?? 50 },
    script: pageScript,
  });
}

/** Options of {@link writeRunReport}. */
export interface WriteRunReportOptions extends RunReportOptions {
  /** Output file (default RUN_DIR/report.html). */
  html?: string;
  /** Other run directories charted side by side. */
  otherDirectories?: readonly string[];
}

/**
 * Reads a run directory and writes its report; returns the file written. A compare-quants
 * directory (comparison.json, no run.json) gets its first model's report with the other models
 * side by side.
 */
export function writeRunReport(directory: string, options: WriteRunReportOptions = {}): string {
  const hasOwnRun = existsSync(join(directory, "run.json")) || existsSync(join(directory, "bench.json"));
  // A compare-quants directory: the first model's report with the others side by side.
  const compared = hasOwnRun ? null : readComparisonRuns(directory);
  const [run, ...comparedOthers] = compared ?? [readRunData(directory)];
  if (run === undefined) throw new EdgecallError("file-not-found", `${directory}: no run to report`);
  const others = [
    ...comparedOthers,
    ...(options.others ?? []),
    ...(options.otherDirectories ?? []).map(readRunData),
  ];
  const path = options.html ?? join(compared === null ? run.directory : resolve(directory), "report.html");
  const sizing = compared === null ? undefined : readSizingVerdict(directory);
  writeReportFile(
    path,
    renderRunReport(run, { ...options, others, ...(sizing === undefined ? {} : { sizing }) }),
  );
  return path;
}

/** Writes a page through a temporary file; `invalid-argument` naming the file when it cannot. */
export function writeReportFile(path: string, html: string): void {
  try {
    writeFileAtomic(path, html);
  } catch (error) {
    const reason = errorMessage(error);
    throw new EdgecallError("invalid-argument", `cannot write ${path}: ${reason}`, {
      subject: path,
      cause: error,
    });
  }
}
