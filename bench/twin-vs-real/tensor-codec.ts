/**
 * What the twin and the requantiser can write and read: the synthesiser's codecs (F32, F16, BF16,
 * Q8_0, Q5_0, Q4_0, Q4_K, Q6_K) plus this folder's Q4_1; the nearest writable type for any other;
 * a real file's metadata as writer key-values; and a real tensor's values.
 */
import { open } from "node:fs/promises";
import { ggmlType } from "../../src/gguf/ggml-types.js";
import { dequantize, GgmlTypeId } from "../../src/gguf/quantize.js";
import { dequantizeKQuant } from "../../src/gguf/quantize-k.js";
import type { GgufFile, GgufTensorInfo, GgufValue } from "../../src/gguf/reader.js";
import { ggufValueTypeName, isGgufArray } from "../../src/gguf/reader.js";
import { encodeAs } from "../../src/gguf/synth/random-weights.js";
import type { GgufScalarTypeName, GgufWriteKv } from "../../src/gguf/writer.js";
import { decodeQ4_1, encodeQ4_1, q4_1TypeId } from "./q4-1.js";

const writable = new Set<number>([
  GgmlTypeId.F32,
  GgmlTypeId.F16,
  GgmlTypeId.BF16,
  GgmlTypeId.Q8_0,
  GgmlTypeId.Q5_0,
  GgmlTypeId.Q4_0,
  GgmlTypeId.Q4_K,
  GgmlTypeId.Q6_K,
  q4_1TypeId,
]);

/** Nearest writable type by bits per weight and block size (K-quants to K-quants). */
const nearest: Record<string, number> = {
  Q5_1: GgmlTypeId.Q5_0,
  Q8_1: GgmlTypeId.Q8_0,
  Q2_K: GgmlTypeId.Q4_K,
  Q3_K: GgmlTypeId.Q4_K,
  Q5_K: GgmlTypeId.Q4_K,
  Q8_K: GgmlTypeId.Q6_K,
};

/** True when this folder can write tensors of ggml type `type`. */
export function canWrite(type: number): boolean {
  return writable.has(type);
}

/** `type` when writable, else the nearest writable type (F16 for anything unknown). */
export function writableType(type: number): number {
  if (writable.has(type)) return type;
  return nearest[ggmlType(type)?.name ?? ""] ?? GgmlTypeId.F16;
}

/** Encodes f32 values as a writable ggml type. */
export function encodeTensor(type: number, values: Float32Array): Uint8Array {
  return type === q4_1TypeId ? encodeQ4_1(values) : encodeAs(type, values);
}

/** Decodes a tensor's bytes of a writable ggml type. */
export function decodeTensor(type: number, bytes: Uint8Array, count: number): Float32Array {
  if (type === q4_1TypeId) return decodeQ4_1(bytes, count);
  return ggmlType(type)?.blockSize === 256
    ? dequantizeKQuant(type, bytes, count)
    : dequantize(type, bytes, count);
}

/** Reads one tensor's values from its file. */
export async function readTensorValues(file: GgufFile, tensor: GgufTensorInfo): Promise<Float32Array> {
  const handle = await open(file.path, "r");
  try {
    const bytes = new Uint8Array(tensor.byteSize);
    await handle.read(bytes, 0, bytes.length, file.dataOffset + tensor.offset);
    return decodeTensor(tensor.type, bytes, tensor.elementCount);
  } finally {
    await handle.close();
  }
}

/** Every metadata key of `file` as writer key-values, `overrides` replacing values by key. */
export function metadataKvs(file: GgufFile, overrides: readonly GgufWriteKv[] = []): GgufWriteKv[] {
  const replaced = new Map(overrides.map((kv) => [kv.key, kv]));
  const kvs: GgufWriteKv[] = [];
  for (const [key, value] of file.metadata) {
    const override = replaced.get(key);
    if (override) {
      kvs.push(override);
      continue;
    }
    kvs.push({ key, value: writeValue(value, file.metadataTypes.get(key)!) });
  }
  return kvs;
}

function writeValue(value: GgufValue, type: number): GgufWriteKv["value"] {
  if (isGgufArray(value)) {
    return {
      type: "array",
      elementType: ggufValueTypeName(value.elementType) as GgufScalarTypeName,
      values: value.values as (number | bigint | boolean | string)[],
    };
  }
  return { type: ggufValueTypeName(type), value } as GgufWriteKv["value"];
}
