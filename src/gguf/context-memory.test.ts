import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import {
  allocatedContextSize,
  contextMemory,
  contextMemoryNote,
  contextShapeFromMetadata,
} from "./context-memory.js";
import { type GgufValue, GgufValueType, readGguf } from "./reader.js";
import { tinyModelPath } from "./synth/tiny-model.test-support.js";

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

function intArray(values: number[]): GgufValue {
  return { type: "array", elementType: GgufValueType.INT32, length: values.length, values };
}

/** Qwen3-0.6B's metadata as a real GGUF carries it (model-facts.md §1). */
const qwen3 = new Map<string, GgufValue>([
  ["general.architecture", "qwen3"],
  ["qwen3.block_count", 28],
  ["qwen3.context_length", 40960],
  ["qwen3.embedding_length", 1024],
  ["qwen3.attention.head_count", 16],
  ["qwen3.attention.head_count_kv", 8],
  ["qwen3.attention.key_length", 128],
  ["qwen3.attention.value_length", 128],
]);

/** Qwen3.5-0.8B: 24 layers, full attention every 4th, gated delta-net sizes. */
const qwen35 = new Map<string, GgufValue>([
  ["general.architecture", "qwen35"],
  ["qwen35.block_count", 24],
  ["qwen35.context_length", 262144],
  ["qwen35.embedding_length", 1024],
  ["qwen35.attention.head_count", 8],
  ["qwen35.attention.head_count_kv", 2],
  ["qwen35.attention.key_length", 256],
  ["qwen35.attention.value_length", 256],
  ["qwen35.ssm.conv_kernel", 4],
  ["qwen35.ssm.state_size", 128],
  ["qwen35.ssm.group_count", 16],
  ["qwen35.ssm.time_step_rank", 16],
  ["qwen35.ssm.inner_size", 2048],
  ["qwen35.full_attention_interval", 4],
]);

describe("context memory of Qwen3-0.6B (hand-computed)", () => {
  const shape = contextShapeFromMetadata(qwen3);

  it("reads the shape", () => {
    assert.equal(shape.layers, 28);
    assert.equal(shape.attentionLayers, 28);
    assert.equal(shape.recurrentLayers, 0);
    // 28 layers × 8 KV heads × (128 + 128) × 2 bytes
    assert.equal(shape.kvBytesPerToken, 114688);
    assert.equal(shape.recurrentBytesPerSequence, 0);
    assert.equal(shape.trainContextLength, 40960);
  });

  it("gives 448 MiB at 4k, 1.75 GiB at 16k, 3.5 GiB at 32k and 4.375 GiB at the 40960 maximum", () => {
    assert.equal(contextMemory(shape, 4096).totalBytes, 448 * MiB);
    assert.equal(contextMemory(shape, 16384).kvCacheBytes, 1.75 * GiB);
    assert.equal(contextMemory(shape, 32768).totalBytes, 3.5 * GiB);
    assert.equal(contextMemory(shape, 40960).totalBytes, 4.375 * GiB);
  });

  it("describes a plain transformer", () => {
    assert.equal(contextMemoryNote(shape), "F16 KV cache, 28 of 28 layers with attention");
  });
});

describe("context memory of Qwen3.5-0.8B (hand-computed)", () => {
  const shape = contextShapeFromMetadata(qwen35);

  it("counts only the 6 full-attention layers in the KV cache", () => {
    assert.equal(shape.layers, 24);
    assert.equal(shape.attentionLayers, 6);
    assert.equal(shape.recurrentLayers, 18);
    // 6 layers × 2 KV heads × (256 + 256) × 2 bytes
    assert.equal(shape.kvBytesPerToken, 12288);
  });

  it("keeps a fixed recurrent state per sequence", () => {
    // 18 layers × (conv 3 × (2048 + 2·16·128) + ssm 128 × 2048) × 4 bytes
    assert.equal(shape.recurrentBytesPerSequence, 18 * (3 * 6144 + 262144) * 4);
    assert.equal(shape.recurrentBytesPerSequence, 20201472);
    const at4k = contextMemory(shape, 4096);
    assert.equal(at4k.kvCacheBytes, 48 * MiB);
    assert.equal(at4k.recurrentStateBytes, 20201472);
    assert.equal(at4k.totalBytes, 48 * MiB + 20201472);
    assert.equal(contextMemory(shape, 32768).kvCacheBytes, 384 * MiB);
    assert.equal(contextMemory(shape, 262144).kvCacheBytes, 3 * GiB);
    assert.equal(contextMemory(shape, 4096, 4).recurrentStateBytes, 4 * 20201472);
  });

  it("states the hybrid caveat", () => {
    assert.match(
      contextMemoryNote(shape),
      /hybrid model: the KV cache covers only the 6 full-attention layers/,
    );
    assert.match(contextMemoryNote(shape), /18 layers keep a fixed F32 recurrent state per sequence/);
  });

  it("says '1 full-attention layer', not '1 ... layers' (the demo model's shape)", () => {
    const one = { ...shape, attentionLayers: 1, recurrentLayers: 1 };
    assert.match(contextMemoryNote(one), /covers only the 1 full-attention layer; the other 1 layer keeps /);
  });

  it("ignores an MTP block and honours an explicit recurrent_layers array", () => {
    const withMtp = new Map(qwen35);
    withMtp.set("qwen35.block_count", 25);
    withMtp.set("qwen35.nextn_predict_layers", 1);
    assert.deepEqual(contextShapeFromMetadata(withMtp), shape);
    const explicit = new Map(qwen35);
    explicit.set(
      "qwen35.attention.recurrent_layers",
      intArray(Array.from({ length: 24 }, (_, layer) => (layer % 2 === 0 ? 1 : 0))),
    );
    assert.equal(contextShapeFromMetadata(explicit).attentionLayers, 12);
  });
});

describe("context memory of other shapes", () => {
  it("LFM2.5-1.2B: attention where head_count_kv is non-zero, short-conv state elsewhere", () => {
    const kvHeads = Array.from({ length: 16 }, (_, layer) => ([2, 5, 8, 10, 12, 14].includes(layer) ? 8 : 0));
    const shape = contextShapeFromMetadata(
      new Map<string, GgufValue>([
        ["general.architecture", "lfm2"],
        ["lfm2.block_count", 16],
        ["lfm2.embedding_length", 2048],
        ["lfm2.attention.head_count", 32],
        ["lfm2.attention.head_count_kv", intArray(kvHeads)],
        ["lfm2.shortconv.l_cache", 3],
        ["lfm2.context_length", 128000],
      ]),
    );
    assert.equal(shape.attentionLayers, 6);
    // 6 × 8 × (64 + 64) × 2 bytes; head dim = 2048 / 32
    assert.equal(shape.kvBytesPerToken, 12288);
    // 10 × 2048 × (3 − 1) × 4 bytes
    assert.equal(shape.recurrentBytesPerSequence, 163840);
  });

  it("pads the context as llama.cpp does", () => {
    assert.equal(allocatedContextSize(1000), 1024);
    assert.equal(allocatedContextSize(4096), 4096);
    const shape = contextShapeFromMetadata(qwen3);
    assert.equal(contextMemory(shape, 1000).kvCacheBytes, 1024 * 114688);
    assert.throws(() => contextMemory(shape, 0), RangeError);
  });

  it("names the missing key", () => {
    const broken = new Map(qwen35);
    broken.delete("qwen35.ssm.inner_size");
    assert.throws(
      () => contextShapeFromMetadata(broken),
      (error: unknown) =>
        isEdgecallError(error, "invalid-gguf") && /qwen35\.ssm\.inner_size/.test(error.message),
    );
  });

  it("reads a synthesised tiny qwen35 file", async () => {
    const file = await readGguf(await tinyModelPath("qwen35"));
    const shape = contextShapeFromMetadata(file.metadata);
    // tiny qwen35: 4 layers, attention at layer 3, 2 KV heads × (64 + 64); conv 3 × (128 + 2·2·32), ssm 32 × 128
    assert.equal(shape.attentionLayers, 1);
    assert.equal(shape.kvBytesPerToken, 2 * 128 * 2);
    assert.equal(shape.recurrentBytesPerSequence, 3 * (3 * 256 + 32 * 128) * 4);
  });
});
