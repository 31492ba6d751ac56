import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { GgufTensorInfo } from "../gguf/reader.js";
import { readGguf } from "../gguf/reader.js";
import { tinyModelPath } from "../gguf/synth/tiny-model.test-support.js";
import { bandwidthBoundTokensPerSecond, fractionOfBandwidthBound, weightTraffic } from "./bandwidth-bound.js";

function tensor(name: string, dimensions: number[], byteSize: number): GgufTensorInfo {
  return {
    name,
    dimensions,
    type: 8,
    typeName: "Q8_0",
    offset: 0,
    byteSize,
    elementCount: dimensions.reduce((a, b) => a * b, 1),
  };
}

describe("weightTraffic", () => {
  it("reads one embedding row and the separate output matrix when untied", () => {
    const traffic = weightTraffic(
      [
        tensor("token_embd.weight", [64, 1000], 64000),
        tensor("blk.0.attn_q.weight", [64, 64], 4096),
        tensor("blk.0.attn_norm.weight", [64], 256),
        tensor("output_norm.weight", [64], 256),
        tensor("output.weight", [64, 1000], 64000),
      ],
      1,
    );
    assert.equal(traffic.tiedOutput, false);
    assert.equal(traffic.bytesPerToken, 64 + 4096 + 256 + 256 + 64000);
  });

  it("reads the whole tied embedding as the output matrix, and skips MTP blocks", () => {
    const traffic = weightTraffic(
      [
        tensor("token_embd.weight", [64, 1000], 64000),
        tensor("blk.0.ffn_up.weight", [64, 128], 8192),
        tensor("blk.1.ffn_up.weight", [64, 128], 8192),
        tensor("blk.1.nextn.eh_proj.weight", [128, 64], 8192),
      ],
      1,
    );
    assert.equal(traffic.tiedOutput, true);
    assert.equal(traffic.bytesPerToken, 64000 + 8192);
    assert.equal(traffic.skippedTensors, 2);
  });

  it("counts every tensor of a tiny tied model", async () => {
    const file = await readGguf(await tinyModelPath("qwen3", "q8_0"));
    const total = file.tensors.reduce((sum, entry) => sum + entry.byteSize, 0);
    assert.equal(weightTraffic(file.tensors, 2).bytesPerToken, total);
  });
});

describe("bandwidth bound", () => {
  it("divides bandwidth by bytes per token", () => {
    // 500 MB per token at 20 GB/s: at most 40 tok/s; 24.6 tok/s is 61.5% of that
    assert.equal(bandwidthBoundTokensPerSecond(500e6, 20e9), 40);
    assert.ok(Math.abs(fractionOfBandwidthBound(24.6, 500e6, 20e9) - 0.615) < 1e-12);
    assert.throws(() => bandwidthBoundTokensPerSecond(0, 20e9), RangeError);
  });
});
