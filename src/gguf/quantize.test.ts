import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  bf16BitsToF32,
  dequantize,
  encodeQ4_0,
  encodeQ5_0,
  encodeQ8_0,
  f16BitsToF32,
  f32ToBf16Bits,
  f32ToF16Bits,
  GgmlTypeId,
  quantize,
} from "./quantize.js";

function block(values: number[], fill = 0): Float32Array {
  const out = new Float32Array(32).fill(fill);
  out.set(values);
  return out;
}

function normals(count: number, std: number, seed: number): Float32Array {
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state + 0.5) / 4294967296;
  };
  const out = new Float32Array(count);
  for (let index = 0; index < count; index++) {
    out[index] = Math.sqrt(-2 * Math.log(next())) * Math.cos(2 * Math.PI * next()) * std;
  }
  return out;
}

describe("f16", () => {
  test("every finite half value survives f16 → f32 → f16", () => {
    for (let half = 0; half < 0x10000; half++) {
      if ((half & 0x7c00) === 0x7c00 && (half & 0x3ff) !== 0) continue; // NaN payloads
      assert.equal(f32ToF16Bits(f16BitsToF32(half)), half, `half 0x${half.toString(16)}`);
    }
  });

  test("rounds to nearest even, overflows to infinity, handles subnormals and NaN", () => {
    assert.equal(f32ToF16Bits(1), 0x3c00);
    assert.equal(f32ToF16Bits(1 + 2 ** -11), 0x3c00); // halfway: keep the even mantissa
    assert.equal(f32ToF16Bits(1 + 3 * 2 ** -11), 0x3c02); // halfway: round up to even
    assert.equal(f32ToF16Bits(1 + 2 ** -11 + 2 ** -20), 0x3c01); // past halfway
    assert.equal(f32ToF16Bits(-2), 0xc000);
    assert.equal(f32ToF16Bits(65504), 0x7bff);
    assert.equal(f32ToF16Bits(65519), 0x7bff);
    assert.equal(f32ToF16Bits(65520), 0x7c00);
    assert.equal(f32ToF16Bits(-1e9), 0xfc00);
    assert.equal(f32ToF16Bits(2 ** -24), 0x0001);
    assert.equal(f32ToF16Bits(2 ** -25), 0x0000);
    assert.equal(f32ToF16Bits(1.5 * 2 ** -25), 0x0001);
    assert.equal(f32ToF16Bits(3 * 2 ** -25), 0x0002); // 1.5 ulp: ties to even
    assert.equal(f32ToF16Bits(2 ** -14 - 2 ** -25), 0x0400); // rounds up into the normals
    assert.equal(f32ToF16Bits(Number.NaN), 0x7e00);
    assert.equal(f16BitsToF32(0x3555), 0.333251953125);
  });
});

describe("bf16", () => {
  test("keeps the top 16 bits with round-to-nearest-even", () => {
    assert.equal(f32ToBf16Bits(1), 0x3f80);
    const fromBits = (bits: number) => new Float32Array(new Uint32Array([bits]).buffer)[0]!;
    assert.equal(f32ToBf16Bits(fromBits(0x3f808000)), 0x3f80); // halfway, even stays
    assert.equal(f32ToBf16Bits(fromBits(0x3f818000)), 0x3f82); // halfway, odd rounds up
    assert.equal(f32ToBf16Bits(fromBits(0x3f808001)), 0x3f81);
    assert.equal(f32ToBf16Bits(Number.NaN) & 0x7fc0, 0x7fc0);
    assert.equal(bf16BitsToF32(0xc040), -3);
  });
});

describe("Q8_0", () => {
  test("hand-computed block: d = absmax / 127, q = roundf(x / d)", () => {
    const bytes = encodeQ8_0(block([127, -3.5, 2.5, 0.49, -0.5, -127, 63.5]));
    assert.equal(bytes.length, 34);
    assert.equal(bytes[0]! | (bytes[1]! << 8), 0x3c00); // d = 1.0
    const q = [...new Int8Array(bytes.buffer, 2, 32)];
    assert.deepEqual(q.slice(0, 8), [127, -4, 3, 0, -1, -127, 64, 0]);
  });

  test("an all-zero block has d = 0 and zero quants", () => {
    assert.deepEqual([...encodeQ8_0(new Float32Array(32))], new Array(34).fill(0));
  });

  test("round trip stays within d/2 plus the f16 rounding of d", () => {
    const values = normals(32 * 64, 0.02, 7);
    const decoded = dequantize(GgmlTypeId.Q8_0, encodeQ8_0(values), values.length);
    for (let b = 0; b < 64; b++) {
      const slice = values.subarray(b * 32, b * 32 + 32);
      const d = Math.max(...slice.map(Math.abs)) / 127;
      for (let j = 0; j < 32; j++) {
        assert.ok(Math.abs(decoded[b * 32 + j]! - slice[j]!) <= 0.57 * d, `block ${b} element ${j}`);
      }
    }
  });
});

describe("Q4_0", () => {
  test("hand-computed block with a negative extreme: d = max / -8 = 2", () => {
    const values = block([-16, 14, 15, 1, 0.9, -1, -1.1, 3]);
    values[16] = 5; // pairs with element 0 in byte 0
    values[17] = -6.2;
    const bytes = encodeQ4_0(values);
    assert.equal(bytes.length, 18);
    assert.equal(bytes[0]! | (bytes[1]! << 8), 0x4000); // d = 2.0
    // q = min(15, trunc(x / 2 + 8.5)): -16→0, 14→15, 15→15, 1→9, 0.9→8, -1→8, -1.1→7, 3→10; 0→8
    const low = [0, 15, 15, 9, 8, 8, 7, 10];
    const high = [11, 5, 8, 8, 8, 8, 8, 8]; // 5→11, -6.2→5
    for (let j = 0; j < 8; j++) assert.equal(bytes[2 + j], low[j]! | (high[j]! << 4), `byte ${j}`);
    assert.equal(bytes[2 + 8], 8 | (8 << 4));
  });

  test("a positive extreme gives a negative d; the first of equal magnitudes wins", () => {
    const bytes = encodeQ4_0(block([16, -16, 4]));
    assert.equal(bytes[0]! | (bytes[1]! << 8), 0xc000); // d = -2.0
    // q = min(15, trunc(x / -2 + 8.5)): 16→0, -16→min(15, 16)=15, 4→6
    assert.equal(bytes[2]! & 0x0f, 0);
    assert.equal(bytes[3]! & 0x0f, 15);
    assert.equal(bytes[4]! & 0x0f, 6);
  });

  test("round trip stays within |d| (clipping at +7 on the far side)", () => {
    const values = normals(32 * 64, 0.02, 11);
    const decoded = dequantize(GgmlTypeId.Q4_0, encodeQ4_0(values), values.length);
    let squaredError = 0;
    let squared = 0;
    for (let b = 0; b < 64; b++) {
      const slice = values.subarray(b * 32, b * 32 + 32);
      const d = Math.max(...slice.map(Math.abs)) / 8;
      for (let j = 0; j < 32; j++) {
        const error = decoded[b * 32 + j]! - slice[j]!;
        assert.ok(Math.abs(error) <= 1.01 * d, `block ${b} element ${j}`);
        squaredError += error * error;
        squared += slice[j]! * slice[j]!;
      }
    }
    assert.ok(Math.sqrt(squaredError / squared) < 0.15, "relative RMS error under 15%");
  });
});

describe("Q5_0", () => {
  test("hand-computed block: d = max / -16, fifth bits in qh", () => {
    const values = block([-32, 30, 2]);
    values[16] = 31;
    const bytes = encodeQ5_0(values);
    assert.equal(bytes.length, 22);
    assert.equal(bytes[0]! | (bytes[1]! << 8), 0x4000); // d = 2.0
    // q = min(31, trunc(x / 2 + 16.5)): -32→0, 30→31, 2→17, 0→16, 31→min(31, 32)=31
    const qh = new DataView(bytes.buffer).getUint32(2, true);
    assert.equal(bytes[6], 0 | (15 << 4)); // element 0 low nibble 0, element 16 low nibble 15
    assert.equal(bytes[7]! & 0x0f, 15);
    assert.equal((qh >>> 0) & 1, 0);
    assert.equal((qh >>> 1) & 1, 1);
    assert.equal((qh >>> 2) & 1, 1);
    assert.equal((qh >>> 16) & 1, 1);
    assert.deepEqual([...dequantize(GgmlTypeId.Q5_0, bytes, 32).slice(0, 3)], [-32, 30, 2]);
  });

  test("round trip stays within |d|", () => {
    const values = normals(32 * 32, 0.02, 5);
    const decoded = dequantize(GgmlTypeId.Q5_0, encodeQ5_0(values), values.length);
    for (let b = 0; b < 32; b++) {
      const slice = values.subarray(b * 32, b * 32 + 32);
      const d = Math.max(...slice.map(Math.abs)) / 16;
      for (let j = 0; j < 32; j++) assert.ok(Math.abs(decoded[b * 32 + j]! - slice[j]!) <= 1.01 * d);
    }
  });
});

describe("quantize()", () => {
  test("dispatches by type and rejects partial blocks", () => {
    const values = normals(64, 0.02, 3);
    assert.equal(quantize(GgmlTypeId.F32, values).length, 256);
    assert.equal(quantize(GgmlTypeId.F16, values).length, 128);
    assert.equal(quantize(GgmlTypeId.BF16, values).length, 128);
    assert.equal(quantize(GgmlTypeId.Q8_0, values).length, 68);
    assert.equal(quantize(GgmlTypeId.Q4_0, values).length, 36);
    assert.throws(() => quantize(GgmlTypeId.Q4_0, values.subarray(0, 40)), /multiple of 32/);
    const f16 = dequantize(GgmlTypeId.F16, quantize(GgmlTypeId.F16, values), 64);
    for (let index = 0; index < 64; index++) {
      assert.ok(Math.abs(f16[index]! - values[index]!) <= Math.abs(values[index]!) * 2 ** -11 + 2 ** -25);
    }
  });
});
