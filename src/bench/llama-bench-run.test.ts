import assert from "node:assert/strict";
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import {
  judgeGoal,
  llamaBenchArgs,
  parseLlamaBenchJson,
  resolveLlamaBench,
  runLlamaBench,
  summariseRatios,
} from "./llama-bench-run.js";

/** Two results as llama-bench `-o json` prints them (fields trimmed to a realistic subset). */
const sampleOutput = `[
  {
    "build_commit": "80fb11ac",
    "model_type": "qwen35 0.8B Q4_0",
    "model_size": 491913216,
    "model_n_params": 752393024,
    "n_batch": 2048,
    "n_ubatch": 512,
    "n_threads": 2,
    "n_prompt": 512,
    "n_gen": 0,
    "avg_ts": 150.9,
    "samples_ns": [ 3390000000, 3393000000, 3410000000 ],
    "samples_ts": [ 151.03, 150.9, 150.14 ]
  },
  {
    "n_threads": 2,
    "n_prompt": 0,
    "n_gen": 128,
    "avg_ts": 24.6,
    "samples_ts": [ 22.1, 24.6, 27.0 ]
  }
]`;

describe("resolveLlamaBench", () => {
  it("says what to do when LLAMA_BENCH is unset", () => {
    assert.throws(
      () => resolveLlamaBench(undefined),
      (error: unknown) =>
        isEdgecallError(error, "usage") && /LLAMA_BENCH is not set.*docs\/benchmarks\.md/.test(error.message),
    );
  });

  it("refuses a path to nothing, a folder and a file that is not executable", () => {
    assert.throws(
      () => resolveLlamaBench("/nonexistent/llama-bench"),
      (error: unknown) =>
        isEdgecallError(error, "file-not-found") &&
        /LLAMA_BENCH=\/nonexistent\/llama-bench: no such file/.test(error.message),
    );
    const directory = mkdtempSync(join(tmpdir(), "edgecall-llama-bench-"));
    assert.throws(() => resolveLlamaBench(directory), /not a file/);
    const script = join(directory, "llama-bench");
    writeFileSync(script, "#!/bin/sh\n");
    chmodSync(script, 0o644);
    assert.throws(() => resolveLlamaBench(script), /not executable/);
    chmodSync(script, 0o755);
    assert.equal(resolveLlamaBench(script), script);
  });
});

describe("llama-bench output", () => {
  it("parses -o json into medians per test", () => {
    const tests = parseLlamaBenchJson(sampleOutput);
    assert.deepEqual(
      tests.map((test) => [test.promptTokens, test.genTokens, test.threads, test.tokensPerSecond]),
      [
        [512, 0, 2, 150.9],
        [0, 128, 2, 24.6],
      ],
    );
  });

  it("rejects other output", () => {
    assert.throws(() => parseLlamaBenchJson("| model | size |"), /not JSON/);
    assert.throws(
      () => parseLlamaBenchJson('[{"n_prompt": 512}]'),
      /lacks n_prompt, n_gen, n_threads or samples_ts/,
    );
  });

  it("builds matching arguments and runs a binary", async () => {
    const args = llamaBenchArgs({
      modelPath: "m.gguf",
      threads: 2,
      promptTokens: 512,
      genTokens: 128,
      repeats: 3,
    });
    assert.deepEqual(args, [
      "-m",
      "m.gguf",
      "-t",
      "2",
      "-p",
      "512",
      "-n",
      "128",
      "-r",
      "3",
      "-ngl",
      "0",
      "-o",
      "json",
    ]);
    const directory = mkdtempSync(join(tmpdir(), "edgecall-llama-bench-"));
    const fake = join(directory, "llama-bench");
    writeFileSync(join(directory, "out.json"), sampleOutput);
    writeFileSync(fake, `#!/bin/sh\ncat "${join(directory, "out.json")}"\n`, { mode: 0o755 });
    const tests = await runLlamaBench(fake, args);
    assert.equal(tests.length, 2);
    const failing = join(directory, "failing");
    writeFileSync(failing, "#!/bin/sh\necho 'error: failed to load model' >&2\nexit 1\n", { mode: 0o755 });
    await assert.rejects(runLlamaBench(failing, args), /exited \(code 1\): error: failed to load model/);
  });
});

describe("summariseRatios", () => {
  it("gives the median, range and interquartile range of pairwise ratios", () => {
    const summary = summariseRatios([0.99, 1.02, 0.95, 1.0, 0.98, 1.01, 0.97, 1.03, 0.96, 1.0]);
    assert.equal(summary.pairs, 10);
    assert.equal(summary.median, 0.995);
    assert.equal(summary.min, 0.95);
    assert.equal(summary.max, 1.03);
    assert.ok(Math.abs(summary.interquartile[0] - 0.9725) < 1e-12);
    assert.ok(Math.abs(summary.interquartile[1] - 1.0075) < 1e-12);
    // Sorted: 0.95 0.96 0.97 0.98 0.99 1.00 1.00 1.01 1.02 1.03; the 2nd and the 9th.
    assert.deepEqual(summary.medianInterval, { lower: 0.96, upper: 1.02, coverage: 1 - 22 / 1024 });
  });

  it("gives no interval below 6 pairs", () => {
    assert.equal(summariseRatios([0.9, 1.0, 1.1]).medianInterval, undefined);
  });
});

describe("judgeGoal", () => {
  it("meets when the whole interval of the median is at or above the goal", () => {
    // Interval: 2nd and 9th of the sorted ten, 0.98-1.05.
    const summary = summariseRatios([0.97, 0.98, 0.99, 1.0, 1.0, 1.01, 1.02, 1.03, 1.05, 1.2]);
    assert.deepEqual([summary.medianInterval?.lower, summary.medianInterval?.upper], [0.98, 1.05]);
    assert.equal(judgeGoal(summary, 0.98), "meets");
  });

  it("is below when the whole interval is under the goal", () => {
    const summary = summariseRatios([0.8, 0.9, 0.92, 0.93, 0.94, 0.95, 0.95, 0.96, 0.97, 1.1]);
    assert.equal(summary.medianInterval?.upper, 0.97);
    assert.equal(judgeGoal(summary, 0.98), "below");
  });

  it("is undecided when the goal lies inside the interval, even with the median above it", () => {
    // This session's kind of data: median 0.99 but single pairs swing by ±10 %.
    const summary = summariseRatios([0.85, 0.9, 0.95, 0.98, 0.99, 0.99, 1.02, 1.05, 1.1, 1.12]);
    assert.equal(summary.median, 0.99);
    assert.equal(judgeGoal(summary, 0.98), "undecided");
    assert.equal(judgeGoal(summariseRatios([1.0, 1.1, 1.2]), 0.5), "undecided", "too few pairs");
  });
});
