/**
 * Reading a run directory (run.json, results.jsonl, summary.json, bench.json) and the health and
 * terminal table computed from it, over the scripted replay run.
 */
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { categoryHealth, healthOf } from "../eval/category-health.js";
import { renderSummaryTable } from "../eval/summary-table.js";
import { readRunData } from "./run-data.js";
import { scriptedRunFixture } from "./run-report-fixture.test-support.js";

const { scratch, runDirectory } = scriptedRunFixture("edgecall-run-data-");

describe("run data and health", () => {
  it("reads run.json, results.jsonl, summary.json and bench.json", () => {
    const run = readRunData(runDirectory);
    assert.equal(run.eval?.results.length, 36);
    assert.equal(run.eval?.summary.overall.passed, 36 - 8);
    assert.equal(run.bench?.tests.length, 4);
    assert.deepEqual(
      run.bench?.tests.map((test) => [test.kind, test.tokens]),
      [
        ["pp", 128],
        ["pp", 512],
        ["pp", 2048],
        ["tg", 128],
      ],
    );
  });

  it("counts parse failures, stuck outputs and harness errors per category", () => {
    const results = readRunData(runDirectory).eval?.results ?? [];
    const health = categoryHealth(results);
    const byName = new Map(health.map((entry) => [`${entry.suite}/${entry.category}`, entry]));
    // parallel: indexes 2, 5 unreadable, 11 missing (harness error: no model output).
    const parallel = byName.get("stub:single/parallel");
    assert.equal(parallel?.parseFailures, 2);
    assert.equal(parallel?.harnessErrors, 1);
    assert.equal(parallel?.outputs, 9);
    // multiple: index 4 stuck repeating.
    assert.equal(byName.get("stub:single/multiple")?.stuckRate, 1 / 10);
    assert.equal(byName.get("stub:single/simple")?.parseFailures, 0);
    const overall = healthOf("overall", "overall", results);
    assert.equal(overall.parseFailures, 2);
    assert.equal(overall.harnessErrors, 1);
  });

  it("names the file and line of a bad results line, and a folder that is no run", () => {
    const broken = join(scratch, "broken");
    mkdirSync(broken, { recursive: true });
    writeFileSync(join(broken, "run.json"), readFileSync(join(runDirectory, "run.json")));
    writeFileSync(
      join(broken, "results.jsonl"),
      '{"id": "a", "suite": "s", "category": "c", "passed": true}\n{oops\n',
    );
    assert.throws(
      () => readRunData(broken),
      (error) => isEdgecallError(error, "invalid-json") && /results\.jsonl:2: not JSON/.test(error.message),
    );
    assert.throws(
      () => readRunData(scratch),
      (error) =>
        isEdgecallError(error, "file-not-found") && /neither run\.json nor bench\.json/.test(error.message),
    );
    // A run.json damaged below its top level is named, not a TypeError later in the report.
    const damaged = join(scratch, "damaged");
    mkdirSync(damaged, { recursive: true });
    writeFileSync(join(damaged, "run.json"), JSON.stringify({ model: {}, settings: {}, suites: [1, 2] }));
    assert.throws(
      () => readRunData(damaged),
      (error) =>
        isEdgecallError(error, "invalid-json") && /suites\[0\] is not a suite record/.test(error.message),
    );
  });
});

describe("terminal table", () => {
  it("shows no timings for a replay model (they measure the harness: TTFT 0 ms, 500,000 tok/s)", () => {
    const run = readRunData(runDirectory);
    const results = run.eval?.results ?? [];
    const summary = run.eval!.summary;
    summary.ttftMs = { p50: 0, p90: 0, n: 36 };
    summary.decodeTokensPerSecond = { p50: 500_000, p90: 500_000, n: 36 };
    const text = renderSummaryTable(summary, false, {
      categories: categoryHealth(results),
      overall: healthOf("overall", "overall", results),
    });
    assert.match(text, /stub:single \/ simple\s+.*\s+n\/a\s+n\/a$/m);
    assert.match(text, /^overall\s+.*\s+n\/a\s+n\/a$/m);
    assert.doesNotMatch(text, /500000|p50 0 ms/);
    assert.match(
      text,
      /time to first token, decode speed: n\/a \(a replay model's timings measure the harness\)/,
    );
  });

  it("adds per-category health columns when given health, plain text without colour", () => {
    const run = readRunData(runDirectory);
    const results = run.eval?.results ?? [];
    const text = renderSummaryTable(run.eval!.summary, false, {
      categories: categoryHealth(results),
      overall: healthOf("overall", "overall", results),
    });
    assert.match(text, /parse fail\s+stuck\s+tok limit\s+TTFT p50 ms\s+tok\/s p50/);
    // parallel: 7 of the 9 scored (one harness error, beside accuracy, not counted as wrong).
    assert.match(
      text,
      /stub:single \/ parallel\s+10\s+1\s+7\s+77\.8%\s+\[45\.3, 93\.7\]\s+2\/9\s+0\.0%\s+0\.0%/,
    );
    assert.match(text, /stub:single \/ multiple\s+10\s+0\s+7\s+70\.0%\s+\[39\.7, 89\.2\]\s+0\/10\s+10\.0%/);
    assert.doesNotMatch(text, /\x1b\[/);
    assert.match(renderSummaryTable(run.eval!.summary, true), /\x1b\[1m/, "colour when asked");
  });
});
