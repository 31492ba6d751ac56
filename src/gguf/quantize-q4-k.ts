/**
 * The Q4_K encoder (144 bytes per 256 values: f16 d and dmin, 6-bit sub-block scales and mins,
 * 4-bit levels), following ggml-quants.c `quantize_row_q4_K_ref` without an importance matrix,
 * and the packed scale/min reader the decoder shares.
 */
import { EdgecallError } from "../errors.js";
import { f, halfRoundTrip, nearestInt } from "./k-quant-rounding.js";

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
