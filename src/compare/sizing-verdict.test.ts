import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { SampleResult } from "../eval/sample-result.js";
import type { ComparedModel, QuantComparison } from "./quant-comparison.js";
import { renderSizingTable } from "./sizing-table.js";
import { type SizeBudgets, sizingVerdict } from "./sizing-verdict.js";

/** Ten samples; `fails` are the indexes that fail; every call takes `ms`. */
function results(fails: readonly number[], ms: number): SampleResult[] {
  return Array.from({ length: 10 }, (_, index) => ({
    id: `s${index}`,
    repeat: 0,
    passed: !fails.includes(index),
    cached: false,
    error: null,
    timing: { firstTokenMs: ms / 2, totalMs: ms },
  })) as unknown as SampleResult[];
}

function model(
  label: string,
  fileBytes: number,
  passed: number,
  peakMiB: number,
  randomWeights = false,
): ComparedModel {
  return {
    label,
    spec: `/models/${label}.gguf`,
    runDir: `/runs/${label}`,
    status: "complete",
    memory: { peakRssBytes: peakMiB * 2 ** 20, source: "VmHWM" },
    bench: null,
    provenance: {
      quantisation: label.toUpperCase(),
      fileBytes,
      randomWeights,
    } as ComparedModel["provenance"],
    overall: { n: 10, scored: 10, harnessErrors: 0, passed, accuracy: passed / 10, ci95: [0, 1] },
    speed: { ttftMs: { p50: 5, p90: 9, n: 10 }, decodeTokensPerSecond: null, loadMs: null, cached: 0 },
  };
}

/**
 * big: 10/10, 1000 bytes, 50 ms, 900 MiB; mid: 9/10 (loses s0: one discordant pair, McNemar p = 1),
 * 500 bytes, 60 ms, 500 MiB; small: 3/10 (loses s0-s6: p = 2/2^7 = 0.0156), 100 bytes, 20 ms, 200 MiB.
 */
function inputs(budgets: SizeBudgets, randomWeights = false) {
  const comparison = {
    directory: "/runs/cmp",
    models: [
      model("big", 1000, 10, 900, randomWeights),
      model("mid", 500, 9, 500, randomWeights),
      {
        ...model("small", 100, 3, 200, randomWeights),
        bench: { peakRssBytes: 150 * 2 ** 20, randomWeights } as ComparedModel["bench"],
      },
    ],
  } as unknown as QuantComparison;
  const byLabel = new Map([
    ["big", results([], 50)],
    ["mid", results([0], 60)],
    ["small", results([0, 1, 2, 3, 4, 5, 6], 20)],
  ]);
  return { comparison, results: byLabel, budgets };
}

describe("sizing verdict", () => {
  it("recommends the smallest file not significantly less accurate than the best", () => {
    const verdict = sizingVerdict(inputs({ maxLatencyMs: 100, maxMemoryMiB: 1000 }));
    assert.deepEqual(verdict.meeting, ["big", "mid", "small"]);
    assert.equal(verdict.best, "big");
    assert.equal(verdict.recommended, "mid");
    const [mid, small] = verdict.pairings;
    assert.deepEqual(
      [mid?.label, mid?.difference, mid?.pValue, mid?.significantlyWorse],
      ["mid", -0.1, 1, false],
    );
    assert.equal(small?.significantlyWorse, true);
    assert.ok(Math.abs((small?.pValue ?? 0) - 2 / 2 ** 7) < 1e-12);
    assert.match(
      verdict.reason,
      /^mid: the smallest file .* McNemar p = 1\.000.*significantly less accurate: small$/,
    );
    const files = Object.fromEntries(verdict.files.map((file) => [file.label, file]));
    assert.equal(files.big?.callP90Ms, 50);
    assert.equal(files.big?.ttftP90Ms, 9);
    assert.equal(files.big?.memorySource, "eval");
    assert.deepEqual([files.small?.memorySource, files.small?.budgets.memory?.value], ["bench", 150]);
    const table = renderSizingTable(verdict);
    assert.match(table, /verdict: mid recommended/);
    assert.match(table, /p90 call <= 100 ms, peak memory <= 1000 MiB/);
  });

  it("prefers the fastest with prefer speed, and applies every budget", () => {
    assert.equal(
      sizingVerdict({ ...inputs({}), prefer: "speed" }).recommended,
      "big",
      "small is worse, big beats mid",
    );
    const memory = sizingVerdict(inputs({ maxMemoryMiB: 600 }));
    assert.deepEqual(memory.meeting, ["mid", "small"]);
    assert.equal(memory.best, "mid");
    // Against mid, small loses s1-s6 and gains nothing: p = 2/2^6 = 0.031, significantly worse.
    assert.equal(memory.recommended, "mid");
    assert.ok(Math.abs((memory.pairings[0]?.pValue ?? 0) - 2 / 2 ** 6) < 1e-12);
    const tight = sizingVerdict(inputs({ maxMemoryMiB: 250 }));
    assert.deepEqual([tight.meeting, tight.recommended], [["small"], "small"]);
  });

  it("says why no file meets the budgets, naming each miss", () => {
    const verdict = sizingVerdict(inputs({ maxLatencyMs: 10, minAccuracy: 0.95 }));
    assert.equal(verdict.recommended, null);
    assert.equal(
      verdict.reason,
      "no file meets every budget (big: p90 call 50 ms > 10 ms; mid: p90 call 60 ms > 10 ms, accuracy 90.0% < 95.0%; small: p90 call 20 ms > 10 ms, accuracy 30.0% < 95.0%)",
    );
    assert.match(renderSizingTable(verdict), /FAIL/);
  });

  it("never recommends random weights as accurate, and labels them", () => {
    const verdict = sizingVerdict(inputs({ maxLatencyMs: 100 }, true));
    assert.equal(verdict.recommended, null);
    assert.equal(verdict.randomWeights, true);
    assert.match(
      verdict.reason,
      /random weights, so their accuracy is noise \(small fits the budgets as the smallest/,
    );
    const table = renderSizingTable(verdict);
    assert.match(table, /RANDOM WEIGHTS/);
    assert.match(table, /big \(random weights\)/);
  });

  it("shows a random-weight file's accuracy as — with n, not as a score", () => {
    const table = renderSizingTable(sizingVerdict(inputs({ maxLatencyMs: 100 }, true)));
    const big = table.split("\n").find((line) => line.startsWith("big (random weights)")) ?? "";
    assert.match(big, /^big \(random weights\)\s+BIG\s+1000 B\s+— n=10\s+9 ms/);
    assert.doesNotMatch(big, /%/);
    assert.match(table, /—: random weights: not a score/);
    const trained = renderSizingTable(sizingVerdict(inputs({ maxLatencyMs: 100 })));
    assert.match(trained, /^big\s+BIG\s+1000 B\s+100\.0% \[0\.0%, 100\.0%\] n=10/m);
  });
});
