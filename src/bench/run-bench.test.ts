import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { contextShapeFromMetadata } from "../gguf/context-memory.js";
import { f32, presetPlan, withKv, writeHollowGguf } from "../gguf/hollow-model.test-support.js";
import type { GgufValue } from "../gguf/reader.js";
import { tinyModelPath } from "../gguf/synth/tiny-model.test-support.js";
import type { BenchPlan } from "./bench-options.js";
import type { BenchProgress } from "./bench-protocol.js";
import { formatBenchReport } from "./bench-table.js";
import { benchWorkerEnvironment, contextMemoryRows, runBench } from "./run-bench.js";

const GiB = 1024 ** 3;

function plan(path: string, overrides: Partial<BenchPlan> = {}): BenchPlan {
  return {
    source: { kind: "file", path },
    promptTokens: [16],
    genTokens: 8,
    threads: [1],
    repeats: 1,
    contextSize: undefined,
    gpu: "off",
    ...overrides,
  };
}

function assertSpread(spread: unknown): void {
  const { min, median, max } = spread as { min: number; median: number; max: number };
  assert.ok(min > 0 && min <= median && median <= max, `bad spread ${JSON.stringify(spread)}`);
}

describe("runBench on a tiny model", () => {
  it("measures pp16 and tg8 and reports the CLI contract's JSON shape", async () => {
    const progress: string[] = [];
    const steps: BenchProgress[] = [];
    const report = await runBench(plan(await tinyModelPath("qwen35", "q8_0")), {
      onProgress: (message, step) => {
        progress.push(message);
        if (step !== undefined) steps.push(step);
      },
    });
    const json = JSON.parse(JSON.stringify(report));
    assert.equal(json.model.architecture, "qwen35");
    assert.equal(json.model.randomWeights, true);
    assert.equal(json.randomWeights, true);
    assert.deepEqual(json.notes, ["random weights: speed and memory only"]);
    assert.ok(json.model.parameters > 0 && json.model.sizeBytes > 0, "parameters and size");
    assert.equal(typeof json.model.description, "string");
    assert.ok(
      json.loadMs > 0 && json.loadMs === json.load.coldMs && json.load.warmMs > 0,
      JSON.stringify(json.load),
    );
    // Node.js alone is ~50 MB; a 1 MB model must not look like gigabytes either.
    assert.ok(json.peakRssBytes > 30e6 && json.peakRssBytes < 4 * GiB, `peak ${json.peakRssBytes}`);
    assert.deepEqual(
      json.results.map((result: { test: string; threads: number }) => [result.test, result.threads]),
      [
        ["pp16", 1],
        ["tg8", 1],
      ],
    );
    for (const result of json.results) {
      assertSpread(result.tokensPerSecond);
      assert.equal(result.runs.length, 1);
      const tokens = result.promptTokens + result.genTokens;
      assert.ok(
        Math.abs(result.runs[0].tokensPerSecond - (tokens * 1000) / result.runs[0].ms) < 1e-6,
        "t/s = tokens / s",
      );
      assert.equal(result.tokensPerSecond.median, result.runs[0].tokensPerSecond);
      // llama.cpp's own decode time is part of the wall time, never more.
      const { ms, decodeMs } = result.runs[0];
      assert.ok(decodeMs > 0 && decodeMs <= ms, `decodeMs ${decodeMs} of ${ms}`);
      const share = result.insideLlamaCpp;
      assert.ok(share.tokensPerSecond.median >= result.tokensPerSecond.median, JSON.stringify(share));
      assert.ok(share.outsideShare >= 0 && share.outsideShare < 1, JSON.stringify(share));
    }
    assertSpread(json.results[0].firstTokenMs);
    assert.equal(json.results[1].firstTokenMs, undefined);
    // Energy: a source named with J/token per test, or "not available" with the reason.
    if (json.energy.source === null) {
      assert.match(json.energy.reason, /^not available: RAPL: /);
      for (const result of json.results) assert.equal(result.energy.source, null);
    } else {
      for (const result of json.results)
        assert.ok(result.energy.source === null || result.energy.joulesPerToken >= 0, JSON.stringify(result));
    }
    assert.ok(json.results[1].weightReadBytesPerSecond > 0, "weight read rate");
    assert.equal(json.backend.contextSize, 256);
    assert.equal(json.backend.device, "cpu");
    assert.equal(json.contextMemory.attentionLayers, 1);
    assert.match(json.contextMemory.note, /hybrid model/);
    const sizes = json.contextMemory.sizes.map((row: { contextSize: number }) => row.contextSize);
    assert.deepEqual(sizes, [256, 4096, 16384, 32768]);
    const at4k = json.contextMemory.sizes[1];
    assert.equal(at4k.label, "model maximum");
    assert.equal(at4k.kvCacheBytes, 4096 * 512);
    // Measured, but for a 2 MiB cache allocator reuse makes it noise: only its presence is checked.
    assert.equal(typeof at4k.measuredRssDeltaBytes, "number");
    assert.ok(
      progress.some((line) => line.startsWith("tg8 at 1 thread: run 1/1")),
      progress.join("; "),
    );
    // Every step says which of how many it is: runtime, two loads, the context check, and each
    // test's warm-up and run (2 tests x 2).
    assert.deepEqual(
      steps.map((step) => [step.done, step.total, step.unit]),
      [0, 1, 2, 3, 4, 5, 6, 7].map((done) => [done, 8, "steps"]),
    );
    assert.deepEqual(
      steps.map((step) => step.phase),
      [
        "starting llama.cpp",
        "cold load",
        "warm load",
        "context of 4096 tokens",
        "pp16 at 1 thread",
        "pp16 at 1 thread",
        "tg8 at 1 thread",
        "tg8 at 1 thread",
      ],
    );

    const table = formatBenchReport(report);
    assert.match(table, /^\| model +\| +size \| +params \| backend \| threads \| +test \| +t\/s \|$/m);
    assert.match(table, /\| +1 \| +pp16 \| +[\d.]+ ± [\d.]+ \|/);
    assert.match(table, /\| +1 \| +tg8 \| +[\d.]+ ± [\d.]+ \|/);
    assert.match(table, /random weights: speed and memory only/);
    assert.match(table, /time to first token .*pp16/);
    assert.match(table, /^energy[ :(]/m);
    assert.match(
      table,
      /^tg8: [\d.]+ t\/s counting only llama\.cpp's decode time; [\d.]+ ms per token \([\d.]+%\) outside it/m,
    );
    assert.match(table, /\| +4096 \| +2\.00 MiB \| +57\.00 KiB \|/);
  });

  it("refuses an oversize context with the estimate before loading anything", async () => {
    const path = await tinyModelPath("qwen3", "q8_0");
    const progress: string[] = [];
    await assert.rejects(
      runBench(plan(path, { contextSize: 2 ** 25 }), {
        machineMemory: { availableBytes: 8 * GiB, totalBytes: 16 * GiB },
        onProgress: (message) => progress.push(message),
      }),
      (error: unknown) => {
        assert.ok(isEdgecallError(error, "invalid-argument"));
        // 2^25 tokens × 512 bytes (2 layers × 2 KV heads × (32 + 32) × 2 bytes) = 16 GiB
        assert.match(
          error.message,
          /^--context-size 33554432 does not fit in memory: it needs about 16\.00 GiB \(weights [\d.]+ KiB \+ KV cache 16\.00 GiB\), but only 8\.00 GiB is available \(16\.00 GiB total\)$/,
        );
        return true;
      },
    );
    // The benchmark process reports "cold load" before it loads the model: it never started.
    assert.deepEqual(progress, [], "the refusal must come before any model load");
  });

  it("refuses a file llama.cpp would abort on before starting the benchmark process", async () => {
    const model = presetPlan("qwen3");
    const directory = mkdtempSync(join(tmpdir(), "edgecall-bench-hostile-"));
    try {
      const path = writeHollowGguf(
        join(directory, "hostile.gguf"),
        withKv(model.metadata, "qwen3.attention.layer_norm_rms_epsilon", f32(Number.NaN)),
        model.descriptors,
      );
      await assert.rejects(runBench(plan(path)), (error: unknown) => {
        assert.ok(isEdgecallError(error, "invalid-gguf"), String(error));
        assert.equal(
          error.message,
          `${path}: qwen3.attention.layer_norm_rms_epsilon is NaN, not a finite number`,
        );
        return true;
      });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it("reports a missing file", async () => {
    await assert.rejects(runBench(plan("/nonexistent/model.gguf")), (error: unknown) =>
      isEdgecallError(error, "file-not-found"),
    );
  });
});

describe("benchWorkerEnvironment", () => {
  it("gives the child one libuv pool thread unless the caller chose a size, and keeps the rest", () => {
    assert.deepEqual(benchWorkerEnvironment({ PATH: "/bin" }), { PATH: "/bin", UV_THREADPOOL_SIZE: "1" });
    assert.deepEqual(benchWorkerEnvironment({ PATH: "/bin", UV_THREADPOOL_SIZE: "4" }), {
      PATH: "/bin",
      UV_THREADPOOL_SIZE: "4",
    });
  });
});

describe("contextMemoryRows", () => {
  it("adds this run's size and the model maximum, marking what does not fit", () => {
    const shape = contextShapeFromMetadata(
      new Map<string, GgufValue>([
        ["general.architecture", "qwen3"],
        ["qwen3.block_count", 28],
        ["qwen3.context_length", 40960],
        ["qwen3.embedding_length", 1024],
        ["qwen3.attention.head_count", 16],
        ["qwen3.attention.head_count_kv", 8],
        ["qwen3.attention.key_length", 128],
        ["qwen3.attention.value_length", 128],
      ]),
    );
    const rows = contextMemoryRows(shape, 0.5 * GiB, 2048, { availableBytes: 3 * GiB, totalBytes: 4 * GiB });
    assert.deepEqual(
      rows.map((row) => [row.contextSize, row.label, row.fitsInMemory]),
      [
        [2048, "this run", true],
        [4096, null, true],
        [16384, null, true],
        [32768, null, true], // 0.5 + 3.5 GiB = 4 GiB: exactly fits
        [40960, "model maximum", false],
      ],
    );
  });
});
