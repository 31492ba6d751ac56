/**
 * f32 → F16, BF16, Q8_0 and Q4_0 encoders with ggml's reference semantics (ggml-impl.h
 * `ggml_compute_fp32_to_fp16` / `ggml_compute_fp32_to_bf16`, ggml-quants.c `quantize_row_q8_0_ref`
 * / `quantize_row_q4_0_ref`), and the matching decoders. Arithmetic that ggml does in single
 * precision is done here with `Math.fround`, so encoded blocks are bit-identical to ggml's.
 */
import { EdgecallError } from "../errors.js";

/** ggml type ids handled here. */
export const GgmlTypeId = {
  F32: 0,
  F16: 1,
  Q4_0: 2,
  Q5_0: 6,
  Q8_0: 8,
  Q4_K: 12,
  Q6_K: 14,
  BF16: 30,
} as const;

const scratch = new DataView(new ArrayBuffer(4));

function floatBits(value: number): number {
  scratch.setFloat32(0, value, true);
  return scratch.getUint32(0, true);
}

function bitsFloat(bits: number): number {
  scratch.setUint32(0, bits >>> 0, true);
  return scratch.getFloat32(0, true);
}

/** IEEE half bits of `value` (rounded to f32 first), round-to-nearest-even; any NaN → 0x7E00. */
export function f32ToF16Bits(value: number): number {
  const bits = floatBits(value);
  const sign = (bits >>> 16) & 0x8000;
  const exponent = (bits >>> 23) & 0xff;
  let mantissa = bits & 0x7fffff;
  if (exponent === 0xff) return sign | (mantissa !== 0 ? 0x7e00 : 0x7c00);
  const halfExponent = exponent - 112; // rebias 127 → 15
  if (halfExponent >= 0x1f) return sign | 0x7c00;
  if (halfExponent <= 0) {
    if (halfExponent < -10) return sign;
    mantissa |= 0x800000;
    const shift = 14 - halfExponent;
    let half = mantissa >>> shift;
    const rest = mantissa & ((1 << shift) - 1);
    const halfway = 1 << (shift - 1);
    if (rest > halfway || (rest === halfway && (half & 1) === 1)) half++;
    return sign | half;
  }
  let half = (halfExponent << 10) | (mantissa >>> 13);
  const rest = mantissa & 0x1fff;
  if (rest > 0x1000 || (rest === 0x1000 && (half & 1) === 1)) half++; // a carry may reach infinity: correct
  return sign | half;
}

/** The f32 value of IEEE half bits. */
export function f16BitsToF32(half: number): number {
  const sign = half & 0x8000 ? -1 : 1;
  const exponent = (half >>> 10) & 0x1f;
  const mantissa = half & 0x3ff;
  if (exponent === 0) return sign * mantissa * 2 ** -24;
  if (exponent === 0x1f) return mantissa !== 0 ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
}

/** bfloat16 bits of `value` (rounded to f32 first): round-to-nearest-even; NaN forced quiet. */
export function f32ToBf16Bits(value: number): number {
  const bits = floatBits(value);
  if ((bits & 0x7fffffff) > 0x7f800000) return ((bits >>> 16) | 64) & 0xffff;
  return ((bits + (0x7fff + ((bits >>> 16) & 1))) >>> 16) & 0xffff;
}

/** The f32 value of bfloat16 bits. */
export function bf16BitsToF32(bits: number): number {
  return bitsFloat((bits & 0xffff) << 16);
}

function checkBlocks(values: Float32Array, blockSize: number, typeName: string): void {
  if (values.length % blockSize !== 0) {
    throw new EdgecallError(
      "invalid-argument",
      `${typeName} needs a multiple of ${blockSize} values, got ${values.length}`,
    );
  }
}

/** Little-endian f32 bytes. */
export function encodeF32(values: Float32Array): Uint8Array {
  const out = new Uint8Array(values.length * 4);
  const view = new DataView(out.buffer);
  for (let index = 0; index < values.length; index++) view.setFloat32(index * 4, values[index]!, true);
  return out;
}

/** Little-endian F16 bytes. */
export function encodeF16(values: Float32Array): Uint8Array {
  const out = new Uint8Array(values.length * 2);
  for (let index = 0; index < values.length; index++) {
    const half = f32ToF16Bits(values[index]!);
    out[index * 2] = half & 0xff;
    out[index * 2 + 1] = half >>> 8;
  }
  return out;
}

/** Little-endian BF16 bytes. */
export function encodeBf16(values: Float32Array): Uint8Array {
  const out = new Uint8Array(values.length * 2);
  for (let index = 0; index < values.length; index++) {
    const bits = f32ToBf16Bits(values[index]!);
    out[index * 2] = bits & 0xff;
    out[index * 2 + 1] = bits >>> 8;
  }
  return out;
}

function writeHalf(out: Uint8Array, offset: number, value: number): void {
  const half = f32ToF16Bits(value);
  out[offset] = half & 0xff;
  out[offset + 1] = half >>> 8;
}

function readHalf(bytes: Uint8Array, offset: number): number {
  return f16BitsToF32(bytes[offset]! | (bytes[offset + 1]! << 8));
}

/** C `roundf`: halfway cases away from zero. */
function roundAway(value: number): number {
  return value < 0 ? -Math.floor(-value + 0.5) : Math.floor(value + 0.5);
}

/** Q8_0 blocks (34 bytes per 32 values): d = absmax/127 as f16, then round(x/d) as int8. */
export function encodeQ8_0(values: Float32Array): Uint8Array {
  checkBlocks(values, 32, "Q8_0");
  const blocks = values.length / 32;
  const out = new Uint8Array(blocks * 34);
  for (let block = 0; block < blocks; block++) {
    const base = block * 32;
    let absMax = 0;
    for (let j = 0; j < 32; j++) absMax = Math.max(absMax, Math.abs(values[base + j]!));
    const d = Math.fround(absMax / 127);
    const inverse = d !== 0 ? Math.fround(1 / d) : 0;
    const offset = block * 34;
    writeHalf(out, offset, d);
    for (let j = 0; j < 32; j++) {
      const q = roundAway(Math.fround(values[base + j]! * inverse));
      out[offset + 2 + j] = q & 0xff;
    }
  }
  return out;
}

/**
 * Q4_0 blocks (18 bytes per 32 values): d = (the value of largest magnitude, sign kept) / -8;
 * q = min(15, trunc(x/d + 8.5)); element j in the low nibble of byte j, element j+16 in its high nibble.
 */
export function encodeQ4_0(values: Float32Array): Uint8Array {
  checkBlocks(values, 32, "Q4_0");
  const blocks = values.length / 32;
  const out = new Uint8Array(blocks * 18);
  for (let block = 0; block < blocks; block++) {
    const base = block * 32;
    let absMax = 0;
    let max = 0;
    for (let j = 0; j < 32; j++) {
      const value = values[base + j]!;
      if (absMax < Math.abs(value)) {
        absMax = Math.abs(value);
        max = value;
      }
    }
    const d = Math.fround(max / -8);
    const inverse = d !== 0 ? Math.fround(1 / d) : 0;
    const offset = block * 18;
    writeHalf(out, offset, d);
    for (let j = 0; j < 16; j++) {
      const low = Math.min(15, Math.trunc(Math.fround(Math.fround(values[base + j]! * inverse) + 8.5)));
      const high = Math.min(15, Math.trunc(Math.fround(Math.fround(values[base + 16 + j]! * inverse) + 8.5)));
      out[offset + 2 + j] = low | (high << 4);
    }
  }
  return out;
}

/**
 * Q5_0 blocks (22 bytes per 32 values: f16 d, u32 qh, 16 bytes qs): d = (largest-magnitude value)
 * / -16; q = min(31, trunc(x/d + 16.5)); low nibbles packed as Q4_0, fifth bits in qh (bit j for
 * element j, bit j+16 for element j+16).
 */
export function encodeQ5_0(values: Float32Array): Uint8Array {
  checkBlocks(values, 32, "Q5_0");
  const blocks = values.length / 32;
  const out = new Uint8Array(blocks * 22);
  for (let block = 0; block < blocks; block++) {
    const base = block * 32;
    let absMax = 0;
    let max = 0;
    for (let j = 0; j < 32; j++) {
      const value = values[base + j]!;
      if (absMax < Math.abs(value)) {
        absMax = Math.abs(value);
        max = value;
      }
    }
    const d = Math.fround(max / -16);
    const inverse = d !== 0 ? Math.fround(1 / d) : 0;
    const offset = block * 22;
    writeHalf(out, offset, d);
    let high = 0;
    for (let j = 0; j < 16; j++) {
      const low = Math.min(31, Math.trunc(Math.fround(Math.fround(values[base + j]! * inverse) + 16.5)));
      const upper = Math.min(
        31,
        Math.trunc(Math.fround(Math.fround(values[base + 16 + j]! * inverse) + 16.5)),
      );
      out[offset + 6 + j] = (low & 0x0f) | ((upper & 0x0f) << 4);
      high |= ((low & 0x10) >>> 4) << j;
      high |= ((upper & 0x10) >>> 4) << (j + 16);
    }
    new DataView(out.buffer, out.byteOffset).setUint32(offset + 2, high >>> 0, true);
  }
  return out;
}

/** Decodes `count` values of a F32, F16, BF16, Q8_0, Q5_0 or Q4_0 tensor's bytes. */
export function dequantize(type: number, bytes: Uint8Array, count: number): Float32Array {
  const out = new Float32Array(count);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (type) {
    case GgmlTypeId.F32:
      for (let index = 0; index < count; index++) out[index] = view.getFloat32(index * 4, true);
      return out;
    case GgmlTypeId.F16:
      for (let index = 0; index < count; index++) out[index] = readHalf(bytes, index * 2);
      return out;
    case GgmlTypeId.BF16:
      for (let index = 0; index < count; index++) out[index] = bf16BitsToF32(view.getUint16(index * 2, true));
      return out;
    case GgmlTypeId.Q8_0:
      for (let block = 0; block < count / 32; block++) {
        const d = readHalf(bytes, block * 34);
        for (let j = 0; j < 32; j++) out[block * 32 + j] = d * view.getInt8(block * 34 + 2 + j);
      }
      return out;
    case GgmlTypeId.Q4_0:
      for (let block = 0; block < count / 32; block++) {
        const d = readHalf(bytes, block * 18);
        for (let j = 0; j < 16; j++) {
          const byte = bytes[block * 18 + 2 + j]!;
          out[block * 32 + j] = d * ((byte & 0x0f) - 8);
          out[block * 32 + 16 + j] = d * ((byte >>> 4) - 8);
        }
      }
      return out;
    case GgmlTypeId.Q5_0:
      for (let block = 0; block < count / 32; block++) {
        const d = readHalf(bytes, block * 22);
        const high = view.getUint32(block * 22 + 2, true);
        for (let j = 0; j < 16; j++) {
          const byte = bytes[block * 22 + 6 + j]!;
          out[block * 32 + j] = d * (((byte & 0x0f) | (((high >>> j) << 4) & 0x10)) - 16);
          out[block * 32 + 16 + j] = d * (((byte >>> 4) | ((high >>> (j + 12)) & 0x10)) - 16);
        }
      }
      return out;
    default:
      throw new EdgecallError("unsupported", `no decoder for ggml type ${type} here`);
  }
}

/** Encodes f32 values as the given ggml type (F32, F16, BF16, Q8_0, Q5_0 or Q4_0). */
export function quantize(type: number, values: Float32Array): Uint8Array {
  switch (type) {
    case GgmlTypeId.F32:
      return encodeF32(values);
    case GgmlTypeId.F16:
      return encodeF16(values);
    case GgmlTypeId.BF16:
      return encodeBf16(values);
    case GgmlTypeId.Q8_0:
      return encodeQ8_0(values);
    case GgmlTypeId.Q4_0:
      return encodeQ4_0(values);
    case GgmlTypeId.Q5_0:
      return encodeQ5_0(values);
    default:
      throw new EdgecallError("unsupported", `no encoder for ggml type ${type} here`);
  }
}
