import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { contextMemory, contextShapeFromMetadata } from "./context-memory.js";
import { assertContextFits, describeEstimate, estimateRunMemory } from "./memory-fit.js";
import type { GgufValue } from "./reader.js";

const GiB = 1024 ** 3;
const shape = contextShapeFromMetadata(
  new Map<string, GgufValue>([
    ["general.architecture", "qwen3"],
    ["qwen3.block_count", 28],
    ["qwen3.embedding_length", 1024],
    ["qwen3.attention.head_count", 16],
    ["qwen3.attention.head_count_kv", 8],
    ["qwen3.attention.key_length", 128],
    ["qwen3.attention.value_length", 128],
  ]),
);

describe("assertContextFits", () => {
  const weights = 0.5 * GiB;
  const machine = { availableBytes: 8 * GiB, totalBytes: 16 * GiB };

  it("accepts a context that fits", () => {
    assertContextFits(32768, estimateRunMemory(weights, contextMemory(shape, 32768)), machine);
  });

  it("refuses an oversize context with the estimate and the machine's memory", () => {
    // 131072 tokens × 112 KiB = 14 GiB of KV cache, plus 0.5 GiB of weights > 8 GiB available
    const estimate = estimateRunMemory(weights, contextMemory(shape, 131072));
    assert.equal(estimate.totalBytes, 14.5 * GiB);
    assert.throws(
      () => assertContextFits(131072, estimate, machine),
      (error: unknown) => {
        assert.ok(isEdgecallError(error, "invalid-argument"));
        assert.equal(error.subject, "--context-size");
        assert.equal(
          error.message,
          "--context-size 131072 does not fit in memory: it needs about 14.50 GiB " +
            "(weights 512.00 MiB + KV cache 14.00 GiB), but only 8.00 GiB is available (16.00 GiB total)",
        );
        return true;
      },
    );
  });

  it("names the recurrent state when there is one", () => {
    const estimate = estimateRunMemory(GiB, {
      contextSize: 4096,
      allocatedContextSize: 4096,
      kvCacheBytes: 48 * 1024 ** 2,
      recurrentStateBytes: 20201472,
      totalBytes: 48 * 1024 ** 2 + 20201472,
    });
    assert.match(
      describeEstimate(estimate),
      /weights 1\.00 GiB \+ KV cache 48\.00 MiB \+ recurrent state 19\.27 MiB/,
    );
  });
});
