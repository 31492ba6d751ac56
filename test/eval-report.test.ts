import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { EvalProgress, formatDuration } from "../src/eval/progress.js";
import { resolveSuiteNames as resolveNames } from "../src/eval/suite-catalog.js";
import type { EvalSummary } from "../src/eval/summary.js";
import { renderSummaryTable } from "../src/eval/summary-table.js";
import { sortedQuantile as percentile } from "../src/stats/quantile.js";
import { defaultSuiteCatalog } from "../src/suites/default-catalog.js";

const resolveSuiteNames = (list: string) => resolveNames(defaultSuiteCatalog(), list);

function recorder(isTTY: boolean) {
  const writes: string[] = [];
  return { writes, stream: { isTTY, columns: 100, write: (text: string) => writes.push(text) } };
}

describe("suite catalog", () => {
  it("expands groups in order, drops duplicates, and names valid suites for a typo", () => {
    assert.deepEqual(resolveSuiteNames("assistant:irrelevance, bfcl:hallucination,bfcl:irrelevance"), [
      "assistant:irrelevance",
      "bfcl:irrelevance",
      "bfcl:live_irrelevance",
      "bfcl:live_relevance",
    ]);
    assert.deepEqual(resolveSuiteNames("assistant"), [
      "assistant:single",
      "assistant:irrelevance",
      "assistant:stateful",
    ]);
    assert.equal(resolveSuiteNames("bfcl:single_turn").length, 13);
    assert.throws(
      () => resolveSuiteNames("assistant:singel"),
      (error: Error & { code?: string }) => {
        assert.equal(error.code, "usage");
        assert.match(
          error.message,
          /unknown suite "assistant:singel"; did you mean "assistant:single".* valid suites: .*assistant:single/,
        );
        return true;
      },
    );
    assert.throws(() => resolveSuiteNames(" , "), /no suite named/);
    assert.ok(defaultSuiteCatalog().suites.includes("bfcl:simple_java"));
  });
});

describe("progress", () => {
  it("formats durations", () => {
    assert.equal(formatDuration(7.4), "7s");
    assert.equal(formatDuration(187), "3m07s");
    assert.equal(formatDuration(3720), "1h02m");
    assert.equal(formatDuration(Number.POSITIVE_INFINITY), "?");
  });

  it("prints plain lines at most every interval when not a terminal, and the last one", () => {
    let now = 0;
    const { writes, stream } = recorder(false);
    const progress = new EvalProgress({
      total: 10,
      done: 2,
      passed: 1,
      stream,
      intervalMs: 1000,
      now: () => now,
      ticker: false,
    });
    for (let index = 0; index < 8; index += 1) {
      now += 1000;
      progress.record(index % 2 === 0);
    }
    progress.finish();
    // At the start, then one line a second; rate and ETA once two results and 3 s are in.
    assert.deepEqual(writes, [
      "edgecall: eval: 2/10 20% · acc 50.0%\n",
      "edgecall: eval: 3/10 30% · acc 66.7% · elapsed 1s\n",
      "edgecall: eval: 4/10 40% · acc 50.0% · elapsed 2s\n",
      "edgecall: eval: 5/10 50% · acc 60.0% · 1.00/s · elapsed 3s · ETA 5s\n",
      "edgecall: eval: 6/10 60% · acc 50.0% · 1.00/s · elapsed 4s · ETA 4s\n",
      "edgecall: eval: 7/10 70% · acc 57.1% · 1.00/s · elapsed 5s · ETA 3s\n",
      "edgecall: eval: 8/10 80% · acc 50.0% · 1.00/s · elapsed 6s · ETA 2s\n",
      "edgecall: eval: 9/10 90% · acc 55.6% · 1.00/s · elapsed 7s · ETA 1s\n",
      "edgecall: eval: 10/10 100% · acc 50.0% · 1.00/s · elapsed 8s\n",
    ]);
  });

  it("gives no ETA from the first result (not 'ETA 0s' at 1/20)", () => {
    let now = 0;
    const { writes, stream } = recorder(false);
    const progress = new EvalProgress({ total: 20, stream, intervalMs: 0, now: () => now, ticker: false });
    now += 300;
    progress.record(false);
    assert.equal(writes.at(-1), "edgecall: eval: 1/20 5% · acc 0.0%\n");
  });

  it("says when results came from the response cache, with no rate or ETA from them", () => {
    let now = 0;
    const { writes, stream } = recorder(false);
    const progress = new EvalProgress({ total: 20, stream, intervalMs: 0, now: () => now, ticker: false });
    for (let index = 0; index < 20; index += 1) {
      now += 5;
      progress.record(index % 2 === 0, true);
    }
    progress.finish();
    assert.ok(
      writes.every((line) => !/ETA|\/s/.test(line)),
      writes.join(""),
    );
    assert.equal(writes.at(-2), "edgecall: eval: 20/20 100% · acc 50.0% · 20 from the cache\n");
    assert.equal(
      writes.at(-1),
      "edgecall: eval: all 20 from the response cache; speeds n/a; --no-cache to measure\n",
    );
  });

  it("shows no accuracy when it would be noise (random weights)", () => {
    const { writes, stream } = recorder(false);
    const progress = new EvalProgress({
      total: 2,
      stream,
      intervalMs: 0,
      ticker: false,
      showAccuracy: false,
    });
    progress.record(true);
    progress.record(false);
    assert.ok(
      writes.every((line) => !line.includes("acc")),
      writes.join(""),
    );
  });

  it("redraws one line in place on a terminal", () => {
    let now = 0;
    const { writes, stream } = recorder(true);
    const progress = new EvalProgress({ total: 4, stream, now: () => now, ticker: false });
    for (let index = 0; index < 4; index += 1) {
      now += 1000;
      progress.record(true);
    }
    progress.finish();
    assert.ok(writes.slice(0, -1).every((text) => text.startsWith("\r\x1b[2K")));
    assert.match(writes[4] ?? "", /████████████████████ 4\/4 100% · acc 100\.0% · 1\.00\/s · elapsed 4s/);
    assert.equal(writes.at(-1), "edgecall: eval: 4/4 100% · acc 100.0% · 1.00/s · elapsed 4s\n");
  });
});

describe("summary table", () => {
  it("shows categories, overall, health figures and the random-weights warning", () => {
    const summary: EvalSummary = {
      runDir: "runs/x",
      model: {
        spec: "demo",
        kind: "demo",
        identity: "gguf:sha256:00",
        format: "qwen3.5",
        backend: "llama-cpp",
        randomWeights: true,
        backendInfo: { backend: "llama-cpp", model: "demo" },
      },
      categories: [
        {
          suite: "bfcl:simple_python",
          category: "simple_python",
          n: 10,
          scored: 10,
          harnessErrors: 0,
          passed: 7,
          accuracy: 0.7,
          ci95: [0.397, 0.892],
          samples: 10,
        },
        {
          suite: "assistant:single",
          category: "parallel",
          n: 4,
          scored: 4,
          harnessErrors: 0,
          passed: 1,
          accuracy: 0.25,
          ci95: [0.046, 0.699],
          samples: 4,
        },
      ],
      overall: {
        n: 14,
        scored: 14,
        harnessErrors: 0,
        passed: 8,
        accuracy: 8 / 14,
        ci95: [0.326, 0.786],
        macroAccuracy: 0.475,
        samples: 14,
      },
      complete: false,
      planned: 20,
      randomWeights: true,
      repeats: 1,
      lengthRate: 0.5,
      stuckRate: 0.25,
      ttftMs: { p50: 120, p90: 300, n: 14 },
      decodeTokensPerSecond: null,
      parseFailures: [{ format: "qwen3.5", n: 14, failures: 2, rate: 2 / 14 }],
      harnessErrors: 1,
      cached: 0,
    };
    const text = renderSummaryTable(summary);
    // Random weights: counts are shown, accuracy is not (noise, "—" with the reason).
    assert.match(text, /^accuracy —: random weights: not a score/);
    assert.match(text, /bfcl:simple_python\s+10\s+0\s+7\s+—\s+—/);
    assert.match(text, /assistant:single \/ parallel\s+4\s+0\s+1\s+—/);
    assert.match(text, /overall\s+14\s+0\s+8\s+—/);
    assert.match(text, /incomplete: 14 of 20 attempts done \(resume with --resume runs\/x\)/);
    assert.match(text, /hit token limit 50\.0% · stuck repeating 25\.0% · harness errors 1/);
    assert.match(text, /time to first token: p50 120 ms · p90 300 ms \(14 calls\)/);
    assert.match(text, /decode speed: n\/a/);
    assert.match(text, /parse failures \(qwen3\.5\): 2\/14 \(14\.3%\)/);
    assert.doesNotMatch(text, /\x1b\[/, "no colour unless asked");
  });

  it("percentile interpolates like numpy", () => {
    assert.equal(percentile([1, 2, 3, 4], 0.5), 2.5);
    assert.ok(Math.abs(percentile([10, 20, 30, 40, 50], 0.9) - 46) < 1e-9);
    assert.equal(percentile([7], 0.9), 7);
  });
});
