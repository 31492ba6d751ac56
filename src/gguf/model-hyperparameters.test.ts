import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { f32, presetPlan, u32, withKv, writeHollowGguf } from "./hollow-model.test-support.js";
import {
  assertModelHyperparameters,
  hyperparameterArrayElements,
  modelHyperparameterProblems,
  readCheckedModel,
} from "./model-hyperparameters.js";
import { readGguf } from "./reader.js";
import { presetNames } from "./synth/presets.js";
import type { GgufTensorDescriptor, GgufWriteKv, GgufWriteValue } from "./writer.js";

const directory = mkdtempSync(join(tmpdir(), "edgecall-hyperparameters-"));
after(() => rmSync(directory, { recursive: true, force: true }));
let fileCount = 0;

async function problemsOf(metadata: readonly GgufWriteKv[], tensors: readonly GgufTensorDescriptor[]) {
  const path = writeHollowGguf(join(directory, `model-${++fileCount}.gguf`), metadata, tensors);
  const file = await readGguf(path, { maxArrayElementsKept: hyperparameterArrayElements });
  return modelHyperparameterProblems(file);
}

/** The problems of the tiny `arch` model with `key` (under the architecture) set to `value`. */
async function problemsWith(arch: string, key: string, value: GgufWriteValue | undefined) {
  const plan = presetPlan(arch);
  return problemsOf(withKv(plan.metadata, `${arch}.${key}`, value), plan.descriptors);
}

describe("modelHyperparameterProblems", () => {
  it("finds nothing wrong with any model edgecall synthesises", async () => {
    for (const arch of ["llama", "qwen3", "qwen35", "lfm2"]) {
      const plan = presetPlan(arch);
      assert.deepEqual(await problemsOf(plan.metadata, plan.descriptors), [], `tiny ${arch}`);
    }
    for (const preset of presetNames().filter((name) => name !== "tiny")) {
      const plan = presetPlan(undefined, preset, "q4_0");
      assert.deepEqual(await problemsOf(plan.metadata, plan.descriptors), [], preset);
    }
  });

  it("refuses block_count past llama.cpp's 512 layers and names the tensors missing", async () => {
    const problems = await problemsWith("qwen3", "block_count", u32(100_000));
    assert.ok(
      problems.includes("qwen3.block_count is 100000; llama.cpp allows 1 to 512 layers"),
      String(problems),
    );
    const plan = presetPlan("qwen3");
    const fewer = plan.descriptors.filter((tensor) => !tensor.name.startsWith("blk.1."));
    assert.deepEqual(await problemsOf(plan.metadata, fewer), [
      "qwen3.block_count is 2, but the file has no tensors for block 1",
    ]);
    assert.deepEqual(await problemsWith("qwen3", "block_count", u32(1)), [
      "tensor blk.1.attn_norm.weight (and 10 more) is past qwen3.block_count (1)",
    ]);
    assert.deepEqual(await problemsWith("qwen3", "block_count", u32(0)), [
      "qwen3.block_count is 0; llama.cpp allows 1 to 512 layers",
    ]);
  });

  it("refuses zero heads, zero KV heads and KV heads that do not divide the heads", async () => {
    const heads = await problemsWith("qwen3", "attention.head_count", u32(0));
    assert.ok(heads.includes("qwen3.attention.head_count is 0"), String(heads));
    assert.deepEqual(await problemsWith("qwen3", "attention.head_count_kv", u32(0)), [
      "qwen3.attention.head_count_kv is 0",
    ]);
    const plan = presetPlan("qwen3");
    const headCount = plan.shape.headCount;
    const uneven = await problemsWith("qwen3", "attention.head_count_kv", u32(headCount - 1));
    assert.ok(
      uneven.includes(
        `qwen3.attention.head_count_kv (${headCount - 1}) must divide qwen3.attention.head_count (${headCount})`,
      ),
      String(uneven),
    );
    assert.deepEqual(await problemsWith("qwen35", "attention.head_count_kv", u32(0)), [
      "qwen35.attention.head_count_kv is 0",
    ]);
    assert.deepEqual(await problemsWith("qwen3", "attention.head_count", undefined), [
      "qwen3.attention.head_count is missing",
    ]);
  });

  it("accepts lfm2's per-layer KV heads of 0 (short-conv layers) but not a wrong-length array", async () => {
    const plan = presetPlan("lfm2");
    const kv = plan.metadata.find((kv) => kv.key === "lfm2.attention.head_count_kv")!.value;
    assert.equal(kv.type, "array");
    assert.ok(kv.type === "array" && kv.values.includes(0), "the tiny lfm2 has short-conv layers");
    const short: GgufWriteValue = { type: "array", elementType: "u32", values: [8] };
    assert.deepEqual(await problemsWith("lfm2", "attention.head_count_kv", short), [
      `lfm2.attention.head_count_kv has 1 entries, one per layer was expected (block_count ${plan.shape.blockCount})`,
    ]);
    const qwen3 = presetPlan("qwen3");
    const zeros: GgufWriteValue = {
      type: "array",
      elementType: "u32",
      values: Array.from({ length: qwen3.shape.blockCount }, (_, layer) => (layer === 1 ? 0 : 4)),
    };
    assert.ok(
      (await problemsWith("qwen3", "attention.head_count_kv", zeros)).includes(
        "qwen3.attention.head_count_kv is 0 at layer 1",
      ),
    );
  });

  it("refuses NaN, infinite, zero and negative epsilons and a non-finite rope base", async () => {
    assert.deepEqual(await problemsWith("qwen3", "attention.layer_norm_rms_epsilon", f32(Number.NaN)), [
      "qwen3.attention.layer_norm_rms_epsilon is NaN, not a finite number",
    ]);
    assert.deepEqual(await problemsWith("llama", "attention.layer_norm_rms_epsilon", f32(0)), [
      "llama.attention.layer_norm_rms_epsilon is 0; it must be positive",
    ]);
    assert.deepEqual(await problemsWith("lfm2", "attention.layer_norm_rms_epsilon", f32(-1e-5)), [
      `lfm2.attention.layer_norm_rms_epsilon is ${Math.fround(-1e-5)}; it must be positive`,
    ]);
    assert.deepEqual(await problemsWith("qwen3", "rope.freq_base", f32(Number.POSITIVE_INFINITY)), [
      "qwen3.rope.freq_base is Infinity, not a finite number",
    ]);
  });

  it("refuses embedding_length 0 and tensors that disagree with the hyperparameters", async () => {
    const zero = await problemsWith("qwen3", "embedding_length", u32(0));
    assert.ok(zero.includes("qwen3.embedding_length is 0"), String(zero));
    const plan = presetPlan("qwen3");
    const width = plan.shape.embeddingLength;
    const wider = await problemsWith("qwen3", "embedding_length", u32(width * 2));
    assert.ok(
      wider.includes(
        `tensor token_embd.weight is [${width}, ${plan.shape.vocabSize}], the hyperparameters make it [${width * 2}, ${plan.shape.vocabSize}]`,
      ),
      String(wider),
    );
    const noEmbedding = plan.descriptors.filter((tensor) => tensor.name !== "token_embd.weight");
    assert.deepEqual(await problemsOf(plan.metadata, noEmbedding), [
      "the file has no token_embd.weight tensor",
    ]);
    const kv = plan.shape.headCountKv;
    const moreKv = await problemsWith("qwen3", "attention.head_count_kv", u32(kv * 2));
    assert.ok(
      moreKv.some((problem) =>
        /^tensor blk\.0\.attn_k\.weight is \[\d+, \d+\], the hyperparameters make it/.test(problem),
      ),
      String(moreKv),
    );
  });

  it("refuses sizes of 0 that become tensor dimensions or divisors", async () => {
    assert.deepEqual(await problemsWith("qwen3", "feed_forward_length", u32(0)), [
      "qwen3.feed_forward_length is 0",
    ]);
    assert.deepEqual(await problemsWith("qwen35", "full_attention_interval", u32(0)), [
      "qwen35.full_attention_interval is 0",
    ]);
    assert.deepEqual(await problemsWith("qwen35", "ssm.state_size", u32(0)), ["qwen35.ssm.state_size is 0"]);
    assert.deepEqual(await problemsWith("lfm2", "shortconv.l_cache", u32(0)), [
      "lfm2.shortconv.l_cache is 0",
    ]);
    const keyLength = await problemsWith("llama", "attention.key_length", u32(0));
    assert.ok(keyLength.includes("llama.attention.key_length is 0"), String(keyLength));
  });

  it("refuses a rope dimension count that is odd or wider than a head, and unknown rope scaling", async () => {
    const plan = presetPlan("qwen3");
    const headSize = plan.shape.keyLength ?? plan.shape.embeddingLength / plan.shape.headCount;
    assert.deepEqual(await problemsWith("qwen3", "rope.dimension_count", u32(headSize * 2)), [
      `qwen3.rope.dimension_count (${headSize * 2}) exceeds the head size (${headSize})`,
    ]);
    assert.deepEqual(await problemsWith("qwen3", "rope.dimension_count", u32(headSize - 1)), [
      `qwen3.rope.dimension_count (${headSize - 1}) must be even`,
    ]);
    assert.deepEqual(await problemsWith("qwen3", "rope.scaling.type", { type: "string", value: "wobbly" }), [
      'qwen3.rope.scaling.type is "wobbly"; llama.cpp knows none, linear, yarn, longrope',
    ]);
  });

  it("refuses expert counts llama.cpp asserts on", async () => {
    assert.deepEqual(await problemsWith("qwen3", "expert_used_count", u32(2)), [
      "qwen3.expert_used_count (2) exceeds expert_count (0)",
    ]);
    const plan = presetPlan("qwen3");
    const many = withKv(
      withKv(plan.metadata, "qwen3.expert_count", u32(4096)),
      "qwen3.expert_used_count",
      u32(2),
    );
    assert.deepEqual(await problemsOf(many, plan.descriptors), [
      "qwen3.expert_count is 4096; llama.cpp allows at most 1024",
    ]);
  });

  it("leaves files that are not models alone", async () => {
    const plan = presetPlan("qwen3");
    const adapter = withKv(
      withKv(plan.metadata, "general.type", { type: "string", value: "adapter" }),
      "qwen3.block_count",
      u32(0),
    );
    assert.deepEqual(await problemsOf(adapter, plan.descriptors), []);
    assert.deepEqual(await problemsOf(withKv(plan.metadata, "general.architecture", undefined), []), []);
  });
});

describe("assertModelHyperparameters and readCheckedModel", () => {
  it("throw invalid-gguf naming the file and every problem", async () => {
    const plan = presetPlan("qwen3");
    const metadata = withKv(
      withKv(plan.metadata, "qwen3.block_count", u32(100_000)),
      "qwen3.attention.layer_norm_rms_epsilon",
      f32(Number.NaN),
    );
    const path = writeHollowGguf(join(directory, "hostile.gguf"), metadata, plan.descriptors);
    const check = (error: unknown) => {
      assert.ok(isEdgecallError(error, "invalid-gguf"), String(error));
      assert.equal(error.subject, path);
      assert.ok(error.message.startsWith(`${path}: `), error.message);
      assert.match(error.message, /qwen3\.block_count is 100000; llama\.cpp allows 1 to 512 layers/);
      assert.match(error.message, /qwen3\.attention\.layer_norm_rms_epsilon is NaN/);
      return true;
    };
    await assert.rejects(readCheckedModel(path), check);
    const file = await readGguf(path, { maxArrayElementsKept: hyperparameterArrayElements });
    assert.throws(() => assertModelHyperparameters(file), check);
    const fine = writeHollowGguf(join(directory, "fine.gguf"), plan.metadata, plan.descriptors);
    assert.equal((await readCheckedModel(fine)).path, fine);
    const nameless = writeHollowGguf(
      join(directory, "nameless.gguf"),
      withKv(plan.metadata, "general.architecture", undefined),
      [],
    );
    await assert.rejects(readCheckedModel(nameless), /has no general\.architecture/);
  });
});
