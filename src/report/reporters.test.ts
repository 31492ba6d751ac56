import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { categoryHealth, healthOf } from "../eval/category-health.js";
import { jsonReporter } from "../eval/json-reporter.js";
import type { ReportedRun } from "../eval/reporter.js";
import type { SuiteFigures } from "../eval/suite-figures.js";
import { renderSummaryTable } from "../eval/summary-table.js";
import { terminalReporter } from "../eval/terminal-reporter.js";
import { htmlReporter } from "./html-reporter.js";
import { createReplayRun, mixedOutcome } from "./report-run.test-support.js";
import { readRunData } from "./run-data.js";
import { renderRunReport } from "./run-report.js";

describe("the reporters over one run", () => {
  let root: string;
  let run: ReportedRun;
  before(async () => {
    root = mkdtempSync(join(tmpdir(), "edgecall-reporters-"));
    const directory = await createReplayRun({
      directory: join(root, "run"),
      samples: 12,
      irrelevant: 2,
      outcome: mixedOutcome(3, 0.5),
    });
    const data = readRunData(directory);
    assert.ok(data.eval);
    run = {
      runDirectory: directory,
      summary: data.eval.summary,
      results: data.eval.results,
      record: data.eval.record,
    };
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it("a suite's own figure reaches the terminal and the page with no change to eval or report", () => {
    // A figure of a suite outside the shipped set: its block, its lines and its section are its own.
    const ownFigure: SuiteFigures<{ kept: number }> = {
      key: "ownFigure",
      summarise: ({ results }) => ({ kept: results.length }),
      terminalLines: (block) => [`own figure: kept ${block.kept}`],
      htmlSection: (runs) => `<section id="own-figure">own section ${runs[0]?.block?.kept}</section>`,
    };
    const summary = { ...run.summary, ownFigure: { kept: 7 } };
    const withOwn: ReportedRun = { ...run, summary, figures: [ownFigure] };
    assert.match(terminalReporter({ color: false }).report(withOwn).text ?? "", /own figure: kept 7/);
    assert.match(
      htmlReporter.report(withOwn).files[0]?.text ?? "",
      /<section id="own-figure">own section 7</,
    );
    assert.doesNotMatch(htmlReporter.report(run).files[0]?.text ?? "", /own-figure/);
  });

  it("json: results.jsonl and summary.json byte for byte as the run directory holds them", () => {
    const output = jsonReporter.report(run);
    assert.deepEqual(
      output.files.map((file) => file.path),
      [join(run.runDirectory, "results.jsonl"), join(run.runDirectory, "summary.json")],
    );
    for (const file of output.files) assert.equal(file.text, readFileSync(file.path, "utf8"), file.path);
    assert.deepEqual(JSON.parse(output.text ?? ""), run.summary);
  });

  it("terminal: the summary table with the health columns, no files", () => {
    const output = terminalReporter({ color: false }).report(run);
    const health = {
      categories: categoryHealth(run.results),
      overall: healthOf("overall", "overall", run.results),
    };
    assert.equal(output.text, renderSummaryTable(run.summary, false, health));
    assert.deepEqual(output.files, []);
    assert.match(output.text ?? "", /parse fail/);
  });

  it("html: one self-contained report.html in the run directory", () => {
    const output = htmlReporter.report(run);
    assert.equal(output.text, undefined);
    assert.equal(output.files.length, 1);
    assert.equal(output.files[0]?.path, join(run.runDirectory, "report.html"));
    assert.match(output.files[0]?.text ?? "", /^<!doctype html>/i);
  });

  it("html: renders what it is handed and reads no file (the run directory need not exist)", () => {
    const missing = join(root, "not-there");
    const output = htmlReporter.report({ ...run, runDirectory: missing });
    assert.equal(output.files[0]?.path, join(missing, "report.html"));
    const html = output.files[0]?.text ?? "";
    for (const result of run.results) assert.ok(html.includes(result.id), result.id);
    assert.ok(html.includes(`from ${missing}`), "the directory it was handed");
  });

  it("html: the page from memory is the page `report RUN_DIR` renders from the directory", () => {
    const generated = /generated [^ <]+ from/g;
    const fromMemory = htmlReporter.report(run).files[0]?.text ?? "";
    const fromDisk = renderRunReport(readRunData(run.runDirectory));
    assert.equal(
      fromMemory.replace(generated, "generated T from"),
      fromDisk.replace(generated, "generated T from"),
    );
  });
});
