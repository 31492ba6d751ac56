/**
 * K-quant encoders and decoders, Q4_K (144 bytes per 256 values) and Q6_K (210 bytes per 256),
 * following ggml-quants.c `quantize_row_q4_K_ref` / `quantize_row_q6_K_ref` (what llama-quantize
 * uses without an importance matrix), with every single-precision operation rounded by
 * `Math.fround` in ggml's order. (A ggml build that contracts multiply-adds into FMA may differ
 * in the last bit of a few scales; the format and the quality are the same.) The encoders are
 * quantize-q4-k.ts and quantize-q6-k.ts, their shared rounding k-quant-rounding.ts.
 */
import { EdgecallError } from "../errors.js";
import { f } from "./k-quant-rounding.js";
import { f16BitsToF32, GgmlTypeId } from "./quantize.js";
import { encodeQ4_K, q4kScaleMin } from "./quantize-q4-k.js";
import { encodeQ6_K } from "./quantize-q6-k.js";

/** Decodes `count` values of Q4_K or Q6_K bytes. */
export function dequantizeKQuant(type: number, bytes: Uint8Array, count: number): Float32Array {
  const out = new Float32Array(count);
  for (let block = 0; block < count / 256; block++) {
    const y = out.subarray(block * 256, block * 256 + 256);
    if (type === GgmlTypeId.Q4_K) {
      const offset = block * 144;
      const d = f16BitsToF32(bytes[offset]! | (bytes[offset + 1]! << 8));
      const dmin = f16BitsToF32(bytes[offset + 2]! | (bytes[offset + 3]! << 8));
      const scales = bytes.subarray(offset + 4, offset + 16);
      for (let j = 0; j < 8; j++) {
        const { scale, min } = q4kScaleMin(scales, j);
        const q = offset + 16 + 32 * (j >> 1);
        for (let l = 0; l < 32; l++) {
          const level = j % 2 === 0 ? bytes[q + l]! & 0x0f : bytes[q + l]! >> 4;
          y[32 * j + l] = f(f(d * scale) * level) - f(dmin * min);
        }
      }
    } else if (type === GgmlTypeId.Q6_K) {
      const offset = block * 210;
      const d = f16BitsToF32(bytes[offset + 208]! | (bytes[offset + 209]! << 8));
      const scales = new Int8Array(bytes.buffer, bytes.byteOffset + offset + 192, 16);
      for (let half = 0; half < 2; half++) {
        const ql = offset + 64 * half;
        const qh = offset + 128 + 32 * half;
        for (let l = 0; l < 32; l++) {
          const sub = 8 * half + (l >> 4);
          const q1 = ((bytes[ql + l]! & 0x0f) | (((bytes[qh + l]! >> 0) & 3) << 4)) - 32;
          const q2 = ((bytes[ql + l + 32]! & 0x0f) | (((bytes[qh + l]! >> 2) & 3) << 4)) - 32;
          const q3 = ((bytes[ql + l]! >> 4) | (((bytes[qh + l]! >> 4) & 3) << 4)) - 32;
          const q4 = ((bytes[ql + l + 32]! >> 4) | (((bytes[qh + l]! >> 6) & 3) << 4)) - 32;
          y[128 * half + l] = d * scales[sub]! * q1;
          y[128 * half + l + 32] = d * scales[sub + 2]! * q2;
          y[128 * half + l + 64] = d * scales[sub + 4]! * q3;
          y[128 * half + l + 96] = d * scales[sub + 6]! * q4;
        }
      }
    } else {
      throw new EdgecallError("unsupported", `no K-quant decoder for ggml type ${type}`);
    }
  }
  return out;
}

/** Encodes f32 values as a K-quant type (Q4_K or Q6_K). */
export function quantizeKQuant(type: number, values: Float32Array): Uint8Array {
  if (type === GgmlTypeId.Q4_K) return encodeQ4_K(values);
  if (type === GgmlTypeId.Q6_K) return encodeQ6_K(values);
  throw new EdgecallError("unsupported", `no K-quant encoder for ggml type ${type}`);
}
