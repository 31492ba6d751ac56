/**
 * The Q6_K encoder (210 bytes per 256 values: 6-bit levels split in low nibbles and high pairs,
 * 16 int8 sub-block scales, f16 d), following ggml-quants.c `quantize_row_q6_K_ref` without an
 * importance matrix.
 */
import { EdgecallError } from "../errors.js";
import { f, halfRoundTrip, nearestInt } from "./k-quant-rounding.js";

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
