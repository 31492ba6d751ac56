/**
 * K-quant encoders and decoders, Q4_K (144 bytes per 256 values) and Q6_K (210 bytes per 256),
 * following ggml-quants.c `quantize_row_q4_K_ref` / `quantize_row_q6_K_ref` (what llama-quantize
 * uses without an importance matrix), with every single-precision operation rounded by
 * `Math.fround` in ggml's order. (A ggml build that contracts multiply-adds into FMA may differ
 * in the last bit of a few scales; the format and the quality are the same.)
 */
import { EdgecallError } from "../errors.js";
import { f16BitsToF32, f32ToF16Bits, GgmlTypeId } from "./quantize.js";

const f = Math.fround;

/** ggml's `nearest_int`: round half to even through the 1.5·2^23 trick. */
function nearestInt(value: number): number {
  return f(f(value) + 12582912) - 12582912;
}

function halfRoundTrip(value: number): { bits: number; value: number } {
  const bits = f32ToF16Bits(value);
  return { bits, value: f16BitsToF32(bits) };
}

/** ggml's `make_qkx2_quants` for 32 values, nmax 15, rmin −1, rdelta 0.1, 20 steps, squared error. */
function makeQkx2Quants(
  x: Float32Array,
  weights: Float32Array,
  levels: Uint8Array,
): { scale: number; min: number } {
  const n = x.length;
  const nmax = 15;
  let min = x[0]!;
  let max = x[0]!;
  let sumW = weights[0]!;
  let sumX = f(sumW * x[0]!);
  for (let i = 1; i < n; i++) {
    if (x[i]! < min) min = x[i]!;
    if (x[i]! > max) max = x[i]!;
    sumW = f(sumW + weights[i]!);
    sumX = f(sumX + f(weights[i]! * x[i]!));
  }
  if (min > 0) min = 0;
  if (max === min) {
    levels.fill(0);
    return { scale: 0, min: -min };
  }
  let iscale = f(nmax / f(max - min));
  let scale = f(1 / iscale);
  let bestError = 0;
  for (let i = 0; i < n; i++) {
    const level = Math.max(0, Math.min(nmax, nearestInt(f(iscale * f(x[i]! - min)))));
    levels[i] = level;
    const diff = f(f(f(scale * level) + min) - x[i]!);
    bestError = f(bestError + f(weights[i]! * f(diff * diff)));
  }
  const auxiliary = new Uint8Array(n);
  const rdelta = f(0.1);
  for (let step = 0; step <= 20; step++) {
    iscale = f(f(f(-1 + f(rdelta * step)) + nmax) / f(max - min));
    let sumL = 0;
    let sumL2 = 0;
    let sumXL = 0;
    for (let i = 0; i < n; i++) {
      const level = Math.max(0, Math.min(nmax, nearestInt(f(iscale * f(x[i]! - min)))));
      auxiliary[i] = level;
      const wl = f(weights[i]! * level);
      sumL = f(sumL + wl);
      sumL2 = f(sumL2 + f(wl * level));
      sumXL = f(sumXL + f(wl * x[i]!));
    }
    const determinant = f(f(sumW * sumL2) - f(sumL * sumL));
    if (determinant > 0) {
      let thisScale = f(f(f(sumW * sumXL) - f(sumX * sumL)) / determinant);
      let thisMin = f(f(f(sumL2 * sumX) - f(sumL * sumXL)) / determinant);
      if (thisMin > 0) {
        thisMin = 0;
        thisScale = f(sumXL / sumL2);
      }
      let error = 0;
      for (let i = 0; i < n; i++) {
        const diff = f(f(f(thisScale * auxiliary[i]!) + thisMin) - x[i]!);
        error = f(error + f(weights[i]! * f(diff * diff)));
      }
      if (error < bestError) {
        levels.set(auxiliary);
        bestError = error;
        scale = thisScale;
        min = thisMin;
      }
    }
  }
  return { scale, min: -min };
}

/** The 6-bit scale and min of sub-block j from a Q4_K `scales[12]` (ggml's `get_scale_min_k4`). */
export function q4kScaleMin(scales: Uint8Array, j: number): { scale: number; min: number } {
  if (j < 4) return { scale: scales[j]! & 63, min: scales[j + 4]! & 63 };
  return {
    scale: (scales[j + 4]! & 0x0f) | ((scales[j - 4]! >> 6) << 4),
    min: (scales[j + 4]! >> 4) | ((scales[j]! >> 6) << 4),
  };
}

/** Q4_K blocks: f16 d, f16 dmin, 12 bytes of packed 6-bit scales/mins, 128 bytes of nibbles. */
export function encodeQ4_K(values: Float32Array): Uint8Array {
  if (values.length % 256 !== 0) {
    throw new EdgecallError("invalid-argument", `Q4_K needs a multiple of 256 values, got ${values.length}`);
  }
  const blocks = values.length / 256;
  const out = new Uint8Array(blocks * 144);
  const levels = new Uint8Array(256);
  const weights = new Float32Array(32);
  const subScales = new Float32Array(8);
  const subMins = new Float32Array(8);
  for (let block = 0; block < blocks; block++) {
    const x = values.subarray(block * 256, block * 256 + 256);
    const offset = block * 144;
    const scales = out.subarray(offset + 4, offset + 16);
    let maxScale = 0;
    let maxMin = 0;
    for (let j = 0; j < 8; j++) {
      const sub = x.subarray(32 * j, 32 * j + 32);
      let sumX2 = 0;
      for (let l = 0; l < 32; l++) sumX2 = f(sumX2 + f(sub[l]! * sub[l]!));
      const average = f(Math.sqrt(f(sumX2 / 32)));
      for (let l = 0; l < 32; l++) weights[l] = f(average + Math.abs(sub[l]!));
      const { scale, min } = makeQkx2Quants(sub, weights, levels.subarray(32 * j, 32 * j + 32));
      subScales[j] = scale;
      subMins[j] = min;
      if (scale > maxScale) maxScale = scale;
      if (min > maxMin) maxMin = min;
    }
    const inverseScale = maxScale > 0 ? f(63 / maxScale) : 0;
    const inverseMin = maxMin > 0 ? f(63 / maxMin) : 0;
    for (let j = 0; j < 8; j++) {
      const ls = Math.min(63, nearestInt(f(inverseScale * subScales[j]!)) & 0xff);
      const lm = Math.min(63, nearestInt(f(inverseMin * subMins[j]!)) & 0xff);
      if (j < 4) {
        scales[j] = ls;
        scales[j + 4] = lm;
      } else {
        scales[j + 4] = (ls & 0x0f) | ((lm & 0x0f) << 4);
        scales[j - 4]! |= (ls >> 4) << 6;
        scales[j]! |= (lm >> 4) << 6;
      }
    }
    const d = halfRoundTrip(f(maxScale / 63));
    const dmin = halfRoundTrip(f(maxMin / 63));
    out[offset] = d.bits & 0xff;
    out[offset + 1] = d.bits >> 8;
    out[offset + 2] = dmin.bits & 0xff;
    out[offset + 3] = dmin.bits >> 8;
    for (let j = 0; j < 8; j++) {
      const { scale, min } = q4kScaleMin(scales, j);
      const step = f(d.value * scale);
      if (step === 0) continue;
      const shift = f(dmin.value * min);
      for (let i = 0; i < 32; i++) {
        levels[32 * j + i] = Math.max(0, Math.min(15, nearestInt(f(f(x[32 * j + i]! + shift) / step))));
      }
    }
    for (let j = 0, q = offset + 16; j < 256; j += 64, q += 32) {
      for (let l = 0; l < 32; l++) out[q + l] = levels[j + l]! | (levels[j + l + 32]! << 4);
    }
  }
  return out;
}

/** ggml's `make_qx_quants` for 16 values, nmax 32, rmse_type 1 (weights x²), no importance. */
function makeQxQuants(x: Float32Array, levels: Int8Array): number {
  const nmax = 32;
  let max = 0;
  let absMax = 0;
  for (const value of x) {
    if (Math.abs(value) > absMax) {
      absMax = Math.abs(value);
      max = value;
    }
  }
  if (absMax < f(1e-15)) {
    levels.fill(0);
    return 0;
  }
  const sums = (iscale: number, store: boolean) => {
    let sumLX = 0;
    let sumL2 = 0;
    for (let i = 0; i < x.length; i++) {
      const level = Math.max(-nmax, Math.min(nmax - 1, nearestInt(f(iscale * x[i]!))));
      if (store) levels[i] = level + nmax;
      const weight = f(x[i]! * x[i]!);
      sumLX = f(sumLX + f(f(weight * x[i]!) * level));
      sumL2 = f(sumL2 + f(f(weight * level) * level));
    }
    return { sumLX, sumL2 };
  };
  const first = sums(f(-nmax / max), true);
  let scale = first.sumL2 !== 0 ? f(first.sumLX / first.sumL2) : 0;
  let best = f(scale * first.sumLX);
  for (let step = -9; step <= 9; step++) {
    if (step === 0) continue;
    const iscale = f(-f(nmax + f(f(0.1) * step)) / max);
    const { sumLX, sumL2 } = sums(iscale, false);
    if (sumL2 > 0 && f(sumLX * sumLX) > f(best * sumL2)) {
      sums(iscale, true);
      scale = f(sumLX / sumL2);
      best = f(scale * sumLX);
    }
  }
  return scale;
}

/** Q6_K blocks: 128 bytes low nibbles, 64 bytes high 2-bit pairs, 16 int8 scales, f16 d. */
export function encodeQ6_K(values: Float32Array): Uint8Array {
  if (values.length % 256 !== 0) {
    throw new EdgecallError("invalid-argument", `Q6_K needs a multiple of 256 values, got ${values.length}`);
  }
  const blocks = values.length / 256;
  const out = new Uint8Array(blocks * 210);
  const levels = new Int8Array(256);
  const subScales = new Float32Array(16);
  for (let block = 0; block < blocks; block++) {
    const x = values.subarray(block * 256, block * 256 + 256);
    const offset = block * 210;
    let maxScale = 0;
    let maxAbsScale = 0;
    for (let sub = 0; sub < 16; sub++) {
      const scale = makeQxQuants(
        x.subarray(16 * sub, 16 * sub + 16),
        levels.subarray(16 * sub, 16 * sub + 16),
      );
      subScales[sub] = scale;
      if (Math.abs(scale) > maxAbsScale) {
        maxAbsScale = Math.abs(scale);
        maxScale = scale;
      }
    }
    if (maxAbsScale < f(1e-15)) continue; // an all-zero block
    const iscale = f(-128 / maxScale);
    const d = halfRoundTrip(f(1 / iscale));
    out[offset + 208] = d.bits & 0xff;
    out[offset + 209] = d.bits >> 8;
    const scales = new Int8Array(out.buffer, out.byteOffset + offset + 192, 16);
    for (let sub = 0; sub < 16; sub++) scales[sub] = Math.min(127, nearestInt(f(iscale * subScales[sub]!)));
    for (let sub = 0; sub < 16; sub++) {
      const step = f(d.value * scales[sub]!);
      if (step === 0) continue;
      for (let i = 0; i < 16; i++) {
        levels[16 * sub + i] = Math.max(-32, Math.min(31, nearestInt(f(x[16 * sub + i]! / step)))) + 32;
      }
    }
    for (let j = 0, ql = offset, qh = offset + 128; j < 256; j += 128, ql += 64, qh += 32) {
      for (let l = 0; l < 32; l++) {
        const q1 = levels[j + l]!;
        const q2 = levels[j + l + 32]!;
        const q3 = levels[j + l + 64]!;
        const q4 = levels[j + l + 96]!;
        out[ql + l] = (q1 & 0x0f) | ((q3 & 0x0f) << 4);
        out[ql + l + 32] = (q2 & 0x0f) | ((q4 & 0x0f) << 4);
        out[qh + l] = (q1 >> 4) | ((q2 >> 4) << 2) | ((q3 >> 4) << 4) | ((q4 >> 4) << 6);
      }
    }
  }
  return out;
}

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
