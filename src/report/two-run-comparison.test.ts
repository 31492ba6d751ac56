import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { renderCompareReport } from "./compare-report.js";
import { renderComparison } from "./compare-text.js";
import { createReplayRun, type Outcome } from "./report-run.test-support.js";
import { readRunData } from "./run-data.js";
import { sampleBench } from "./sample-bench.test-support.js";
import { type Comparison, compareRuns } from "./two-run-comparison.js";

const scratch = mkdtempSync(join(tmpdir(), "edgecall-report-compare-"));

// 30 samples: simple = indexes 0, 3, ..., 27; multiple = 1, 4, ...; parallel = 2, 5, ...
const failsA = new Set([3, 6, 9, 12, 15, 1, 5, 8, 11, 14, 17, 20, 23]);
const failsB = new Set([0, 1, 2]);
const outcomeOf =
  (fails: Set<number>) =>
  (index: number): Outcome =>
    fails.has(index) ? "wrong-argument" : "pass";

let runA = "";
let runB = "";
let runC = "";

before(async () => {
  runA = await createReplayRun({
    directory: join(scratch, "a"),
    samples: 30,
    outcome: outcomeOf(failsA),
    quantisation: "Q4_0",
    bench: sampleBench("Q4_0", 1),
  });
  runB = await createReplayRun({
    directory: join(scratch, "b"),
    samples: 30,
    outcome: outcomeOf(failsB),
    quantisation: "Q8_0",
    bench: sampleBench("Q8_0", 1.7),
  });
  runC = await createReplayRun({
    directory: join(scratch, "c"),
    samples: 30,
    outcome: outcomeOf(failsB),
    version: "2",
  });
});

after(() => rmSync(scratch, { recursive: true, force: true }));

function category(comparison: Comparison, name: string) {
  const found = comparison.categories.find((entry) => entry.category === name);
  assert.ok(found, `category ${name}`);
  return found;
}

describe("compareRuns", () => {
  it("pairs attempts and matches hand-computed exact McNemar p-values", () => {
    const comparison = compareRuns(readRunData(runA), readRunData(runB));
    const simple = category(comparison, "simple");
    // Only A passed: {0}; only B: {3, 6, 9, 12, 15}. p = 2 · (C(6,0) + C(6,1)) / 2^6 = 14/64.
    assert.deepEqual(simple.paired, {
      n: 10,
      bothPassed: 4,
      onlyA: 1,
      onlyB: 5,
      bothFailed: 0,
      harnessErrors: 0,
    });
    assert.equal(simple.pValue, 14 / 64);
    assert.equal(simple.difference, 0.4);
    assert.equal(simple.a?.accuracy, 0.5);
    assert.equal(simple.b?.accuracy, 0.9);
    assert.deepEqual(simple.flipped, {
      onlyA: ["single_0"],
      onlyB: ["single_3", "single_6", "single_9", "single_12", "single_15"],
    });
    const multiple = category(comparison, "multiple");
    assert.deepEqual(multiple.paired, {
      n: 10,
      bothPassed: 9,
      onlyA: 0,
      onlyB: 0,
      bothFailed: 1,
      harnessErrors: 0,
    });
    assert.equal(multiple.pValue, 1);
    assert.equal(multiple.difference, 0);
    // Only A: {2}; only B: 7 samples. p = 2 · (1 + 8) / 2^8 = 18/256.
    const parallel = category(comparison, "parallel");
    assert.equal(parallel.paired.onlyA, 1);
    assert.equal(parallel.paired.onlyB, 7);
    assert.ok(Math.abs(parallel.pValue - 18 / 256) < 1e-12, String(parallel.pValue));
    // Overall: 2 against 12. p = 2 · (1 + 14 + 91) / 2^14 = 212/16384.
    assert.equal(comparison.overall.paired.onlyA, 2);
    assert.equal(comparison.overall.paired.onlyB, 12);
    assert.ok(Math.abs(comparison.overall.pValue - 212 / 16384) < 1e-12, String(comparison.overall.pValue));
    assert.ok(Math.abs((comparison.overall.difference ?? 0) - 1 / 3) < 1e-12);
    assert.deepEqual(comparison.unpaired, { onlyInA: 0, onlyInB: 0 });
    assert.equal(comparison.speedMemory.a.quantisation, "Q4_0");
    assert.equal(comparison.speedMemory.b.peakRssBytes, Math.round(900 * 1024 * 1024 * 1.7));
    assert.equal(comparison.speedMemory.a.ttftMsMedian, null, "replay timings are not a model's");
  });

  it("refuses runs of different suite versions unless forced", () => {
    assert.throws(
      () => compareRuns(readRunData(runA), readRunData(runC)),
      (error) =>
        isEdgecallError(error, "usage") &&
        /different versions of stub:single \(version 1 in A, 2 in B\).*--force/.test(error.message),
    );
    const forced = compareRuns(readRunData(runA), readRunData(runC), { force: true });
    assert.equal(forced.forced, true);
    assert.match(
      renderComparison(forced),
      /--force: compared although suite versions differ \(stub:single\)/,
    );
  });

  it("refuses runs whose simulated users differ unless forced", () => {
    const a = readRunData(runA);
    const b = readRunData(runB);
    assert.ok(b.eval);
    const withModelUser = {
      ...b,
      eval: {
        ...b.eval,
        record: { ...b.eval.record, settings: { ...b.eval.record.settings, userModel: "replay:user.jsonl" } },
      },
    };
    assert.throws(
      () => compareRuns(a, withModelUser),
      (error) =>
        isEdgecallError(error, "usage") &&
        /different simulated users \(scripted in A, replay:user\.jsonl in B\).*--force/.test(error.message),
    );
    assert.equal(compareRuns(a, withModelUser, { force: true }).overall.paired.n > 0, true);
  });

  it("renders a terminal table and a compare page", () => {
    const a = readRunData(runA);
    const b = readRunData(runB);
    const comparison = compareRuns(a, b);
    const text = renderComparison(comparison);
    assert.match(text, /stub:single \/ simple\s+10\s+50\.0%\s+90\.0%\s+\+40\.0 pp\s+1\s+5\s+0\.219/);
    assert.match(text, /overall\s+30\s+56\.7%\s+90\.0%\s+\+33\.3 pp\s+2\s+12\s+0\.013/);
    assert.match(
      text,
      /stub:single \/ simple: passed only in B \(5\): single_3, single_6, single_9, single_12, single_15/,
    );
    assert.match(text, /bench peak RSS\s+900\.0 MiB\s+1\.49 GiB/);
    const html = renderCompareReport(comparison, a, b);
    assert.match(html, /<td>stub:single \/ parallel<\/td><td class="num">10<\/td>/);
    assert.match(html, /<td class="num">0\.070<\/td>/);
    const data = JSON.parse(
      /<script id="report-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!,
    );
    assert.equal(data.mode, "compare");
    assert.equal(data.rows.length, 14);
    const first = data.rows.find((row: { key: string }) => row.key === "single_0");
    assert.equal(first.passedIn, "a");
    assert.equal(first.a.verdict, "pass");
    assert.equal(first.b.verdict, "fail");
  });
});
