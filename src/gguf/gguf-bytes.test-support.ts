/**
 * Test support: serialises an in-memory GGUF description to bytes (header, key-value pairs of any
 * type, tensor infos, zero-filled aligned data) and reports where each field landed, so tests can
 * build valid files and then corrupt exact fields. Deliberately independent of src/gguf/writer.ts.
 */

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ggmlType } from "./ggml-types.js";
import { GgufValueType } from "./reader-types.js";

/** Elements of an array value: scalars, or nested arrays. */
export type BuilderElement = number | bigint | boolean | string | BuilderArray;

/** An array: element type id and elements. */
export interface BuilderArray {
  elementType: number;
  values: readonly BuilderElement[];
}

/** A typed value: a scalar of `type`, or an array when `type` is 9 (ARRAY). */
export type BuilderValue =
  | { type: number; value: number | bigint | boolean | string }
  | ({ type: typeof GgufValueType.ARRAY } & BuilderArray);

/** One tensor info; `offset` defaults to the running aligned offset, `dimensionCount` to the length. */
export interface BuilderTensor {
  name: string;
  dimensions: readonly (number | bigint)[];
  type: number;
  offset?: number | bigint;
  dimensionCount?: number;
}

/** A whole file. Counts default to the list lengths; `dataBytes` overrides the data length. */
export interface GgufBytesSpec {
  magic?: string;
  version?: number;
  tensorCount?: bigint;
  kvCount?: bigint;
  kvs?: readonly { key: string; value: BuilderValue }[];
  tensors?: readonly BuilderTensor[];
  dataBytes?: number;
}

/** Where the fields of each pair and tensor info start (absolute offsets). */
export interface GgufBytesLayout {
  kvs: { start: number; typeOffset: number; valueOffset: number; end: number }[];
  tensors: {
    start: number;
    dimensionCountOffset: number;
    typeOffset: number;
    offsetOffset: number;
    end: number;
  }[];
  /** End of the tensor infos (the header region). */
  infoEnd: number;
  dataOffset: number;
  alignment: number;
}

const scalarSizes: Record<number, number> = {
  0: 1,
  1: 1,
  2: 2,
  3: 2,
  4: 4,
  5: 4,
  6: 4,
  7: 1,
  10: 8,
  11: 8,
  12: 8,
};

class ByteWriter {
  private buffer = Buffer.alloc(1024);
  length = 0;

  private reserve(count: number): number {
    if (this.length + count > this.buffer.length) {
      const grown = Buffer.alloc(Math.max(this.buffer.length * 2, this.length + count));
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    const at = this.length;
    this.length += count;
    return at;
  }

  raw(bytes: Uint8Array): void {
    const at = this.reserve(bytes.length);
    this.buffer.set(bytes, at);
  }

  scalar(type: number, value: number | bigint | boolean | string): void {
    if (type === GgufValueType.STRING) {
      this.string(String(value));
      return;
    }
    const size = scalarSizes[type];
    if (size === undefined) throw new Error(`test builder: no scalar type ${type}`);
    const at = this.reserve(size);
    const b = this.buffer;
    const n = typeof value === "boolean" ? Number(value) : value;
    if (type === 0) b.writeUInt8(Number(n), at);
    else if (type === 1) b.writeInt8(Number(n), at);
    else if (type === 2) b.writeUInt16LE(Number(n), at);
    else if (type === 3) b.writeInt16LE(Number(n), at);
    else if (type === 4) b.writeUInt32LE(Number(n), at);
    else if (type === 5) b.writeInt32LE(Number(n), at);
    else if (type === 6) b.writeFloatLE(Number(n), at);
    else if (type === 7) b.writeUInt8(Number(n), at);
    else if (type === 10) b.writeBigUInt64LE(BigInt(n), at);
    else if (type === 11) b.writeBigInt64LE(BigInt(n), at);
    else b.writeDoubleLE(Number(n), at);
  }

  string(text: string): void {
    const bytes = Buffer.from(text, "utf8");
    this.scalar(GgufValueType.UINT64, BigInt(bytes.length));
    this.raw(bytes);
  }

  array(array: BuilderArray): void {
    this.scalar(GgufValueType.INT32, array.elementType);
    this.scalar(GgufValueType.UINT64, BigInt(array.values.length));
    for (const element of array.values) {
      if (typeof element === "object") this.array(element);
      else this.scalar(array.elementType, element);
    }
  }

  bytes(): Buffer {
    return Buffer.from(this.buffer.subarray(0, this.length));
  }
}

/** Data bytes of a tensor as ggml computes them; 0 for shapes or types ggml would reject. */
export function tensorByteSize(tensor: BuilderTensor): number {
  const info = ggmlType(tensor.type);
  if (info === undefined || tensor.dimensions.length === 0) return 0;
  let elements = 1n;
  for (const size of tensor.dimensions) elements *= BigInt(size);
  if (elements <= 0n || BigInt(tensor.dimensions[0]!) % BigInt(info.blockSize) !== 0n) return 0;
  const bytes = (elements / BigInt(info.blockSize)) * BigInt(info.typeSize);
  return bytes > 1n << 40n ? 0 : Number(bytes);
}

function alignmentOf(spec: GgufBytesSpec): number {
  const pair = spec.kvs?.find((kv) => kv.key === "general.alignment");
  if (pair === undefined || !("value" in pair.value)) return 32;
  const value = Number(pair.value.value);
  return value > 0 && (value & (value - 1)) === 0 ? value : 32;
}

/** Serialises `spec`; returns the bytes and the layout of their fields. */
export function buildGgufBytes(spec: GgufBytesSpec): { bytes: Buffer; layout: GgufBytesLayout } {
  const kvs = spec.kvs ?? [];
  const tensors = spec.tensors ?? [];
  const alignment = alignmentOf(spec);
  const writer = new ByteWriter();
  writer.raw(Buffer.from(spec.magic ?? "GGUF", "latin1"));
  writer.scalar(GgufValueType.UINT32, spec.version ?? 3);
  writer.scalar(GgufValueType.INT64, spec.tensorCount ?? BigInt(tensors.length));
  writer.scalar(GgufValueType.INT64, spec.kvCount ?? BigInt(kvs.length));
  const layout: GgufBytesLayout = { kvs: [], tensors: [], infoEnd: 0, dataOffset: 0, alignment };
  for (const { key, value } of kvs) {
    const start = writer.length;
    writer.string(key);
    const typeOffset = writer.length;
    writer.scalar(GgufValueType.INT32, value.type);
    const valueOffset = writer.length;
    if ("value" in value) writer.scalar(value.type, value.value);
    else writer.array(value);
    layout.kvs.push({ start, typeOffset, valueOffset, end: writer.length });
  }
  let running = 0;
  for (const tensor of tensors) {
    const start = writer.length;
    writer.string(tensor.name);
    const dimensionCountOffset = writer.length;
    writer.scalar(GgufValueType.UINT32, tensor.dimensionCount ?? tensor.dimensions.length);
    for (const size of tensor.dimensions) writer.scalar(GgufValueType.INT64, BigInt(size));
    const typeOffset = writer.length;
    writer.scalar(GgufValueType.INT32, tensor.type);
    const offsetOffset = writer.length;
    writer.scalar(GgufValueType.UINT64, BigInt(tensor.offset ?? running));
    running += Math.ceil(tensorByteSize(tensor) / alignment) * alignment;
    layout.tensors.push({ start, dimensionCountOffset, typeOffset, offsetOffset, end: writer.length });
  }
  layout.infoEnd = writer.length;
  layout.dataOffset = tensors.length > 0 ? Math.ceil(writer.length / alignment) * alignment : writer.length;
  const dataBytes = spec.dataBytes ?? running;
  const bytes = Buffer.alloc(layout.dataOffset + dataBytes);
  writer.bytes().copy(bytes, 0);
  return { bytes, layout };
}

/** A scratch directory under the OS temp dir, with a helper to write files and to remove it. */
export function scratchDirectory(): {
  write(name: string, bytes: Uint8Array): string;
  /** The path `name` would have in the directory (nothing is written). */
  path(name: string): string;
  remove(): void;
} {
  const directory = mkdtempSync(join(tmpdir(), "edgecall-gguf-test-"));
  return {
    path: (name) => join(directory, name),
    write(name, bytes) {
      const path = join(directory, name);
      writeFileSync(path, bytes);
      return path;
    },
    remove() {
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
