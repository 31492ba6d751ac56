import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "node:test";
import { encodeBf16, encodeF16, encodeQ4_0, encodeQ5_0, encodeQ8_0, GgmlTypeId } from "./quantize.js";
import { dequantizeKQuant } from "./quantize-k.js";
import { encodeQ4_K, q4kScaleMin } from "./quantize-q4-k.js";
import { encodeQ6_K } from "./quantize-q6-k.js";

/**
 * 2048 values: a deterministic LCG spread over ±0.05, one all-zero 256-block and one block scaled
 * ×5000. The digests below are of the bytes ggml's own reference functions
 * (ggml-quants.c quantize_row_*_ref, ggml-impl.h fp16/bf16 conversion, built from the llama.cpp
 * inside node-llama-cpp 3.21.1 without FMA) produce for this input.
 */
function goldenInput(): Float32Array {
  const values = new Float32Array(2048);
  let state = 12345;
  for (let index = 0; index < values.length; index++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    values[index] = (((state >>> 8) % 2001) - 1000) / 20000;
  }
  values.fill(0, 256, 512);
  for (let index = 512; index < 768; index++) values[index] = values[index]! * 5000;
  return values;
}

const ggmlDigests: Record<string, [(values: Float32Array) => Uint8Array, string]> = {
  F16: [encodeF16, "ea1ce2cad99db0bcb78034714323fd6517bae23a7e912650a87e51e67d01531d"],
  BF16: [encodeBf16, "b3267f3f7e9a4ffc6a625940a87ace9ddccd9531c03b618449538668fd0385a1"],
  Q8_0: [encodeQ8_0, "9a7e15208017a8a9b8acaa2d1b0b688c2f17f720665c6df923d600641c5ee7d8"],
  Q4_0: [encodeQ4_0, "7fa2c9a898afe25a6a9e6d0ad6282ee0b218e117c99af3c163b6551ccf11d135"],
  Q5_0: [encodeQ5_0, "d6021a3405fa6d62bcd57442cde5035fd9bdf989a435dd2140bd573332e735f6"],
  Q4_K: [encodeQ4_K, "d7dd913ecd32bca7884b02e06d453200cfc2c8f8c6cb74603dd1bacb5333b220"],
  Q6_K: [encodeQ6_K, "c4729e07ca825eabd1e95af307f8d4821b7dab5a0f85a6a33bdd4f1377f696ce"],
};

function normals(count: number, std: number): Float32Array {
  let state = 99;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state + 0.5) / 4294967296;
  };
  return Float32Array.from(
    { length: count },
    () => Math.sqrt(-2 * Math.log(next())) * Math.cos(2 * Math.PI * next()) * std,
  );
}

function relativeRms(original: Float32Array, decoded: Float32Array): number {
  let error = 0;
  let total = 0;
  for (let index = 0; index < original.length; index++) {
    error += (decoded[index]! - original[index]!) ** 2;
    total += original[index]! ** 2;
  }
  return Math.sqrt(error / total);
}

describe("encoders match ggml's reference bytes", () => {
  for (const [type, [encode, digest]] of Object.entries(ggmlDigests)) {
    test(type, () => {
      assert.equal(createHash("sha256").update(encode(goldenInput())).digest("hex"), digest);
    });
  }
});

describe("K-quants", () => {
  test("Q4_K packs 6-bit scales and mins as get_scale_min_k4 reads them", () => {
    const scales = new Uint8Array([0xc1, 0x02, 0x03, 0x44, 0x05, 0x06, 0x07, 0x08, 0x9a, 0x0b, 0x0c, 0x0d]);
    assert.deepEqual(q4kScaleMin(scales, 0), { scale: 1, min: 5 });
    assert.deepEqual(q4kScaleMin(scales, 4), { scale: 0x0a | (3 << 4), min: 0x09 | (0 << 4) });
    assert.deepEqual(q4kScaleMin(scales, 7), { scale: 0x0d | (1 << 4), min: 0x00 | (0 << 4) });
  });

  test("a 0, 0.25, ..., 3.75 ramp survives Q4_K almost exactly", () => {
    const ramp = Float32Array.from({ length: 256 }, (_, index) => (index % 16) * 0.25);
    const decoded = dequantizeKQuant(GgmlTypeId.Q4_K, encodeQ4_K(ramp), 256);
    for (let index = 0; index < 256; index++) assert.ok(Math.abs(decoded[index]! - ramp[index]!) < 2e-3);
  });

  test("round trips of N(0, 0.02) data: Q6_K under 3%, Q4_K under 9% relative RMS error", () => {
    const values = normals(256 * 16, 0.02);
    const q6 = relativeRms(values, dequantizeKQuant(GgmlTypeId.Q6_K, encodeQ6_K(values), values.length));
    const q4 = relativeRms(values, dequantizeKQuant(GgmlTypeId.Q4_K, encodeQ4_K(values), values.length));
    assert.ok(q6 < 0.03, `Q6_K ${q6}`);
    assert.ok(q4 < 0.09, `Q4_K ${q4}`);
    assert.ok(q6 < q4);
  });

  test("sizes: 144 and 210 bytes per 256 values; partial blocks are refused", () => {
    assert.equal(encodeQ4_K(new Float32Array(512)).length, 288);
    assert.equal(encodeQ6_K(new Float32Array(512)).length, 420);
    assert.throws(() => encodeQ4_K(new Float32Array(300)), /multiple of 256/);
  });
});
