/**
 * Q4_1 blocks (20 bytes per 32 values: f16 scale d, f16 minimum m, 16 bytes of 4-bit levels; value
 * = d × level + m, low nibbles the first 16 values, high nibbles the last 16), written here from
 * ggml's block layout because src/gguf/quantize.ts has no Q4_1 codec: the synthesiser cannot write
 * Q4_1, and the SmolLM2 file is Q4_1. Used by the twin (random values) and the requantiser (real
 * values decoded).
 */
import { f16BitsToF32, f32ToF16Bits } from "../../src/gguf/quantize.js";

/** ggml's type id of Q4_1. */
export const q4_1TypeId = 3;
const blockBytes = 20;

/** Encodes `values` (a multiple of 32) as Q4_1, rounding to nearest as ggml's reference does. */
export function encodeQ4_1(values: Float32Array): Uint8Array {
  if (values.length % 32 !== 0) throw new Error(`Q4_1: ${values.length} values is not a multiple of 32`);
  const out = new Uint8Array((values.length / 32) * blockBytes);
  const view = new DataView(out.buffer);
  for (let block = 0; block < values.length / 32; block++) {
    const base = block * 32;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (let j = 0; j < 32; j++) {
      const value = values[base + j]!;
      if (value < min) min = value;
      if (value > max) max = value;
    }
    const d = Math.fround((max - min) / 15);
    const inverse = d !== 0 ? Math.fround(1 / d) : 0;
    const offset = block * blockBytes;
    view.setUint16(offset, f32ToF16Bits(d), true);
    view.setUint16(offset + 2, f32ToF16Bits(min), true);
    for (let j = 0; j < 16; j++) {
      const low = Math.min(15, Math.trunc(Math.fround((values[base + j]! - min) * inverse) + 0.5));
      const high = Math.min(15, Math.trunc(Math.fround((values[base + 16 + j]! - min) * inverse) + 0.5));
      out[offset + 4 + j] = low | (high << 4);
    }
  }
  return out;
}

/** Decodes `count` values of Q4_1 bytes. */
export function decodeQ4_1(bytes: Uint8Array, count: number): Float32Array {
  const out = new Float32Array(count);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let block = 0; block < count / 32; block++) {
    const offset = block * blockBytes;
    const d = f16BitsToF32(view.getUint16(offset, true));
    const m = f16BitsToF32(view.getUint16(offset + 2, true));
    for (let j = 0; j < 16; j++) {
      const byte = bytes[offset + 4 + j]!;
      out[block * 32 + j] = d * (byte & 0x0f) + m;
      out[block * 32 + 16 + j] = d * (byte >>> 4) + m;
    }
  }
  return out;
}
