import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { tinyModelPath } from "../gguf/synth/tiny-model.test-support.js";
import { runQuantComparison } from "./compare-quants.js";
import { renderComparisonTable } from "./comparison-table.js";

describe("compare-quants on synthesised files (speed and memory)", () => {
  it("records each file's provenance, eval speed, peak memory and bench figures side by side", async () => {
    const q8 = await tinyModelPath("qwen3", "q8_0");
    const q4 = await tinyModelPath("qwen3", "q4_0");
    const scratch = mkdtempSync(join(tmpdir(), "edgecall-quants-synth-"));
    const { comparison } = await runQuantComparison({
      models: [q8, q4],
      suites: "assistant:single",
      limit: 2,
      maxTokens: 4,
      cache: false,
      threads: 1,
      gpu: "off",
      progress: false,
      out: scratch,
      bench: { promptTokens: [32], genTokens: 8, repeats: 1 },
    });
    assert.equal(comparison.status, "complete");
    const [first, second] = comparison.models;
    assert.ok(first && second);
    assert.equal(first.provenance?.quantisation, "Q8_0");
    assert.equal(second.provenance?.quantisation, "Q4_0");
    for (const [model, path] of [
      [first, q8],
      [second, q4],
    ] as const) {
      assert.equal(model.provenance?.sha256, createHash("sha256").update(readFileSync(path)).digest("hex"));
      assert.equal(model.provenance?.architecture, "qwen3");
      assert.equal(model.provenance?.randomWeights, true);
      assert.ok((model.speed?.ttftMs?.n ?? 0) >= 2, "TTFT measured on both calls");
      assert.ok((model.speed?.loadMs ?? 0) > 0);
      assert.ok(
        (model.memory?.peakRssBytes ?? 0) > 50 * 2 ** 20,
        "peak RSS of a Node.js process with a model",
      );
      const bench = model.bench;
      assert.ok(typeof bench === "object" && bench !== null, `bench measured: ${String(bench)}`);
      assert.deepEqual(
        bench.results.map((result) => result.test),
        ["pp32", "tg8"],
      );
      assert.ok(bench.results.every((result) => result.tokensPerSecond.median > 0));
      assert.ok(bench.peakRssBytes > 0 && bench.loadMs > 0);
    }
    assert.ok((second.provenance?.fileBytes ?? 0) < (first.provenance?.fileBytes ?? 0), "Q4_0 is smaller");
    assert.ok(comparison.randomWeights);
    assert.ok(comparison.warnings.some((warning) => /random weights/.test(warning)));
    const text = renderComparisonTable(comparison);
    assert.match(text, /RANDOM WEIGHTS/);
    assert.match(text, /pp32 \d/);
    assert.match(text, /Q4_0/);
  });
});
