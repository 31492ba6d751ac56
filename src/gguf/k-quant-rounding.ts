/**
 * The single-precision rounding the K-quant encoders share with ggml-quants.c: `f` (Math.fround,
 * applied after every operation in ggml's order), ggml's `nearest_int`, and the round trip of a
 * block scale through f16.
 */
import { f16BitsToF32, f32ToF16Bits } from "./quantize.js";

/** Rounds to single precision (ggml computes in f32). */
export const f = Math.fround;

/** ggml's `nearest_int`: round half to even through the 1.5·2^23 trick. */
export function nearestInt(value: number): number {
  return f(f(value) + 12582912) - 12582912;
}

/** `value` rounded to f16: the bits stored and the f32 value they decode to. */
export function halfRoundTrip(value: number): { bits: number; value: number } {
  const bits = f32ToF16Bits(value);
  return { bits, value: f16BitsToF32(bits) };
}
