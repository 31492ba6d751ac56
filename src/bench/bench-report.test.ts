import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { llamaCppShare, modelDescription } from "./bench-report.js";

describe("llamaCppShare", () => {
  it("splits each run's time into llama.cpp's decode time and the rest, median over runs", () => {
    // 128 tokens; wall 4000/4400/5000 ms, of which llama.cpp counted 3840/4180/4900 ms.
    const share = llamaCppShare(
      [
        { ms: 4000, tokensPerSecond: 32, decodeMs: 3840 },
        { ms: 4400, tokensPerSecond: 128000 / 4400, decodeMs: 4180 },
        { ms: 5000, tokensPerSecond: 25.6, decodeMs: 4900 },
      ],
      128,
    );
    assert.ok(share);
    assert.deepEqual(share.tokensPerSecond, {
      min: 128000 / 4900,
      median: 128000 / 4180,
      max: 128000 / 3840,
    });
    // outside per token: 160/128 = 1.25, 220/128 = 1.71875, 100/128 = 0.78125 -> median 1.25
    assert.equal(share.outsideMsPerToken, 1.25);
    // outside share: 0.04, 0.05, 0.02 -> median 0.04
    assert.ok(Math.abs(share.outsideShare - 0.04) < 1e-12);
  });

  it("gives nothing when any run lacks llama.cpp's time, rather than a partial figure", () => {
    assert.equal(
      llamaCppShare(
        [
          { ms: 100, tokensPerSecond: 10, decodeMs: 90 },
          { ms: 100, tokensPerSecond: 10 },
        ],
        1,
      ),
      undefined,
    );
    assert.equal(llamaCppShare([], 1), undefined);
    assert.equal(llamaCppShare([{ ms: 100, tokensPerSecond: 10, decodeMs: 0 }], 1), undefined);
  });
});

describe("modelDescription", () => {
  it("fills in llama.cpp's unknown size class (?B) with the parameter count, else keeps it", () => {
    assert.equal(modelDescription("qwen35 ?B Q8_0", 1_120_000), "qwen35 1.1M Q8_0");
    assert.equal(modelDescription("llama ?B F16", 25_000), "llama 25.0K F16");
    assert.equal(modelDescription("qwen3 ?B Q4_0", 5_960_000_000), "qwen3 6.0B Q4_0");
    assert.equal(modelDescription("qwen35 0.8B Q4_0", 752_000_000), "qwen35 0.8B Q4_0");
  });
});
