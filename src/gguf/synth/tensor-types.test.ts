import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { isEdgecallError } from "../../errors.js";
import { GgmlTypeId } from "../quantize.js";
import { resolvePreset } from "./presets.js";
import { planTensors } from "./tensor-plan.js";
import { assignTensorTypes, fileTypeOf, parseQuantType } from "./tensor-types.js";

function typesByName(preset: string, quant: Parameters<typeof assignTensorTypes>[1], arch?: string) {
  const plan = planTensors(resolvePreset(preset, arch).shape);
  const types = assignTensorTypes(plan, quant);
  return new Map(plan.map((tensor, index) => [tensor.name, types[index]!]));
}

describe("tensor types", () => {
  test("pure types quantise only 2-D weights; norms, conv kernels and 1-D tensors stay F32", () => {
    const types = typesByName("qwen3.5-0.8b", "q4_0");
    assert.equal(
      types.get("token_embd.weight"),
      GgmlTypeId.Q6_K,
      "llama-quantize: tied output of q4_0 is Q6_K",
    );
    assert.equal(types.get("blk.0.ffn_down.weight"), GgmlTypeId.Q4_0);
    assert.equal(
      typesByName("minicpm5-1b", "q4_0").get("token_embd.weight"),
      GgmlTypeId.Q4_0,
      "untied embedding",
    );
    assert.equal(typesByName("minicpm5-1b", "q4_0").get("output.weight"), GgmlTypeId.Q6_K);
    assert.equal(typesByName("qwen3.5-0.8b", "q8_0").get("token_embd.weight"), GgmlTypeId.Q8_0);
    assert.equal(types.get("blk.0.attn_qkv.weight"), GgmlTypeId.Q4_0);
    assert.equal(types.get("blk.0.ssm_conv1d.weight"), GgmlTypeId.F32);
    assert.equal(types.get("blk.0.ssm_a"), GgmlTypeId.F32);
    assert.equal(types.get("blk.0.ssm_dt.bias"), GgmlTypeId.F32);
    assert.equal(types.get("blk.0.ssm_norm.weight"), GgmlTypeId.F32);
    assert.equal(types.get("blk.3.attn_q_norm.weight"), GgmlTypeId.F32);
    assert.equal(types.get("output_norm.weight"), GgmlTypeId.F32);
    const lfm2 = typesByName("lfm2.5-1.2b", "bf16");
    assert.equal(lfm2.get("blk.0.shortconv.conv.weight"), GgmlTypeId.F32);
    assert.equal(lfm2.get("blk.0.shortconv.in_proj.weight"), GgmlTypeId.BF16);
    const llama = typesByName("llama3.2-1b", "q8_0");
    assert.equal(llama.get("rope_freqs.weight"), GgmlTypeId.F32);
  });

  test("q4_k_m follows llama-quantize's mixture on a 28-layer model", () => {
    const types = typesByName("qwen3-0.6b", "q4_k_m");
    assert.equal(types.get("token_embd.weight"), GgmlTypeId.Q6_K, "tied embedding takes the output's type");
    assert.equal(types.get("blk.5.attn_q.weight"), GgmlTypeId.Q4_K);
    // use_more_bits(i, 28): i < 3, i >= 24, or (i - 3) % 3 == 2
    const moreBits = [0, 1, 2, 5, 8, 11, 14, 17, 20, 23, 24, 25, 26, 27];
    for (let layer = 0; layer < 28; layer++) {
      const expected = moreBits.includes(layer) ? GgmlTypeId.Q6_K : GgmlTypeId.Q4_K;
      assert.equal(types.get(`blk.${layer}.attn_v.weight`), expected, `attn_v ${layer}`);
      assert.equal(types.get(`blk.${layer}.ffn_down.weight`), expected, `ffn_down ${layer}`);
    }
  });

  test("q4_k_m: untied output is Q6_K and the token embedding stays Q4_K", () => {
    const types = typesByName("minicpm5-1b", "q4_k_m");
    assert.equal(types.get("output.weight"), GgmlTypeId.Q6_K);
    assert.equal(types.get("token_embd.weight"), GgmlTypeId.Q4_K);
  });

  test("q4_k_m: attn_qkv counts with attn_v for use_more_bits (qwen35)", () => {
    const types = typesByName("qwen3.5-0.8b", "q4_k_m");
    // 18 recurrent attn_qkv + 6 attn_v = 24 tensors in layer order; index 0 is blk.0.attn_qkv
    assert.equal(types.get("blk.0.attn_qkv.weight"), GgmlTypeId.Q6_K);
    assert.equal(types.get("blk.3.attn_v.weight"), GgmlTypeId.Q4_K, "index 3 of 24");
    assert.equal(types.get("blk.4.attn_qkv.weight"), GgmlTypeId.Q4_K, "index 4: (4 - 3) % 3 = 1");
    assert.equal(types.get("blk.5.attn_qkv.weight"), GgmlTypeId.Q6_K, "index 5: (5 - 3) % 3 = 2");
    assert.equal(types.get("blk.23.attn_v.weight"), GgmlTypeId.Q6_K, "index 23 ≥ 7·24/8");
  });

  test("incompatible row lengths fall back: Q4_K → Q5_0, Q6_K/Q8_0 output, 32-block types → F16", () => {
    const tiny = typesByName("tiny", "q4_k_m", "qwen3");
    assert.equal(tiny.get("token_embd.weight"), GgmlTypeId.Q8_0, "ne0 128: output type becomes Q8_0");
    assert.equal(tiny.get("blk.0.attn_q.weight"), GgmlTypeId.Q5_0);
    const plan = [
      { name: "odd.weight", dimensions: [48, 4], role: "matrix" as const },
      { name: "odd_norm.weight", dimensions: [48], role: "norm" as const },
    ];
    assert.deepEqual(assignTensorTypes(plan, "q4_0"), [GgmlTypeId.F16, GgmlTypeId.F32]);
    assert.deepEqual(assignTensorTypes(plan, "q4_k_m"), [GgmlTypeId.F16, GgmlTypeId.F32]);
  });

  test("quant names map to general.file_type; unknown names are usage errors", () => {
    assert.deepEqual(
      ["f32", "f16", "bf16", "q8_0", "q4_0", "q4_k_m"].map((name) => fileTypeOf(parseQuantType(name))),
      [0, 1, 32, 7, 2, 15],
    );
    assert.equal(parseQuantType("Q4_K_M"), "q4_k_m");
    assert.throws(
      () => parseQuantType("q2_k"),
      (error: unknown) => isEdgecallError(error, "usage"),
    );
  });
});
