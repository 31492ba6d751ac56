/**
 * Encoding of a GGUF v3 header: magic, version, counts, the metadata key-value pairs and the
 * tensor infos, plus the data-section layout (each tensor's offset, padded to the alignment) as
 * gguf.cpp expects it. Layout facts: ggml/include/gguf.h and ggml/src/gguf.cpp. The byte buffer
 * is byte-builder.ts.
 */
import { EdgecallError } from "../errors.js";
import { ByteBuilder } from "./byte-builder.js";
import { ggmlType } from "./ggml-types.js";

/** Names of the scalar GGUF value types, as the writer spells them. */
export type GgufScalarTypeName =
  | "u8"
  | "i8"
  | "u16"
  | "i16"
  | "u32"
  | "i32"
  | "f32"
  | "bool"
  | "string"
  | "u64"
  | "i64"
  | "f64";

/** A metadata value to write: a typed scalar or a typed array of scalars. */
export type GgufWriteValue =
  | { type: "u8" | "i8" | "u16" | "i16" | "u32" | "i32" | "f32" | "f64"; value: number }
  | { type: "u64" | "i64"; value: number | bigint }
  | { type: "bool"; value: boolean }
  | { type: "string"; value: string }
  | {
      type: "array";
      elementType: GgufScalarTypeName;
      values: readonly (number | bigint | boolean | string)[];
    };

/** One metadata key-value pair. */
export interface GgufWriteKv {
  key: string;
  value: GgufWriteValue;
}

/** One tensor to write: its name, ggml `ne` dimensions (fastest-varying first) and ggml type id. */
export interface GgufTensorDescriptor {
  name: string;
  dimensions: readonly number[];
  type: number;
}

/** The encoded header and where every tensor's data goes. */
export interface GgufLayout {
  header: Buffer;
  alignment: number;
  /** Absolute offset of the data section (header length padded to the alignment). */
  dataStart: number;
  /** Per tensor: offset relative to the data section and exact byte size (without padding). */
  tensors: { offset: number; byteSize: number }[];
  /** Total file size in bytes. */
  fileSize: number;
}

const valueTypeIds: Record<GgufScalarTypeName | "array", number> = {
  u8: 0,
  i8: 1,
  u16: 2,
  i16: 3,
  u32: 4,
  i32: 5,
  f32: 6,
  bool: 7,
  string: 8,
  array: 9,
  u64: 10,
  i64: 11,
  f64: 12,
};

/** Metadata helpers: `ggufKv.u32("llama.block_count", 16)` and so on. */
export const ggufKv = {
  u8: (key: string, value: number): GgufWriteKv => ({ key, value: { type: "u8", value } }),
  i32: (key: string, value: number): GgufWriteKv => ({ key, value: { type: "i32", value } }),
  u32: (key: string, value: number): GgufWriteKv => ({ key, value: { type: "u32", value } }),
  u64: (key: string, value: number | bigint): GgufWriteKv => ({ key, value: { type: "u64", value } }),
  f32: (key: string, value: number): GgufWriteKv => ({ key, value: { type: "f32", value } }),
  bool: (key: string, value: boolean): GgufWriteKv => ({ key, value: { type: "bool", value } }),
  string: (key: string, value: string): GgufWriteKv => ({ key, value: { type: "string", value } }),
  array: (
    key: string,
    elementType: GgufScalarTypeName,
    values: readonly (number | bigint | boolean | string)[],
  ): GgufWriteKv => ({ key, value: { type: "array", elementType, values } }),
};

function fail(key: string, why: string): never {
  throw new EdgecallError("invalid-argument", `GGUF metadata ${key}: ${why}`, { subject: key });
}

function writeScalar(out: ByteBuilder, key: string, type: GgufScalarTypeName, value: unknown): void {
  const integer = (low: number, high: number): number => {
    if (typeof value !== "number" || !Number.isInteger(value) || value < low || value > high) {
      fail(key, `expected an integer in [${low}, ${high}] for type ${type}, got ${String(value)}`);
    }
    return value;
  };
  switch (type) {
    case "u8":
      out.u8(integer(0, 0xff));
      return;
    case "i8":
      out.i8(integer(-0x80, 0x7f));
      return;
    case "u16":
      out.u16(integer(0, 0xffff));
      return;
    case "i16":
      out.i16(integer(-0x8000, 0x7fff));
      return;
    case "u32":
      out.u32(integer(0, 0xffffffff));
      return;
    case "i32":
      out.i32(integer(-0x80000000, 0x7fffffff));
      return;
    case "f32":
    case "f64":
      if (typeof value !== "number") fail(key, `expected a number for type ${type}`);
      if (type === "f32") out.f32(value);
      else out.f64(value);
      return;
    case "u64":
    case "i64": {
      if (typeof value !== "bigint" && !(typeof value === "number" && Number.isInteger(value))) {
        fail(key, `expected an integer for type ${type}`);
      }
      const big = BigInt(value);
      const ok = type === "u64" ? big >= 0n && big < 1n << 64n : big >= -(1n << 63n) && big < 1n << 63n;
      if (!ok) fail(key, `value ${big} out of range for type ${type}`);
      if (type === "u64") out.u64(big);
      else out.i64(big);
      return;
    }
    case "bool":
      if (typeof value !== "boolean") fail(key, "expected a boolean");
      out.u8(value ? 1 : 0);
      return;
    case "string":
      if (typeof value !== "string") fail(key, "expected a string");
      out.string(value);
      return;
  }
}

/** Bytes of data for a tensor of this shape and ggml type; throws when ne0 is not a block multiple. */
export function tensorByteSize(name: string, dimensions: readonly number[], type: number): number {
  const info = ggmlType(type);
  if (!info) throw new EdgecallError("invalid-argument", `tensor ${name}: unknown ggml type ${type}`);
  if (dimensions.length < 1 || dimensions.length > 4) {
    throw new EdgecallError(
      "invalid-argument",
      `tensor ${name}: ${dimensions.length} dimensions (1-4 allowed)`,
    );
  }
  for (const size of dimensions) {
    if (!Number.isInteger(size) || size < 1) {
      throw new EdgecallError("invalid-argument", `tensor ${name}: bad dimension ${size}`);
    }
  }
  const ne0 = dimensions[0]!;
  if (ne0 % info.blockSize !== 0) {
    throw new EdgecallError(
      "invalid-argument",
      `tensor ${name}: ne0 ${ne0} is not a multiple of ${info.name}'s block size ${info.blockSize}`,
    );
  }
  let rows = 1;
  for (let index = 1; index < dimensions.length; index++) rows *= dimensions[index]!;
  return (ne0 / info.blockSize) * info.typeSize * rows;
}

/** Rounds `offset` up to a multiple of `alignment`. */
export function alignUp(offset: number, alignment: number): number {
  return Math.ceil(offset / alignment) * alignment;
}

function alignmentOf(metadata: readonly GgufWriteKv[]): number {
  const entry = metadata.find((kv) => kv.key === "general.alignment");
  if (!entry) return 32;
  const { value } = entry;
  if (value.type !== "u32" || value.value < 1 || (value.value & (value.value - 1)) !== 0) {
    fail("general.alignment", "must be a u32 power of two");
  }
  return value.value;
}

/** Encodes the header (through the tensor infos, padded to the alignment) and lays out the data. */
export function encodeGgufHeader(
  metadata: readonly GgufWriteKv[],
  tensors: readonly GgufTensorDescriptor[],
): GgufLayout {
  const alignment = alignmentOf(metadata);
  const seenKeys = new Set<string>();
  const seenTensors = new Set<string>();
  const out = new ByteBuilder();
  out.u32(0x46554747); // "GGUF" read as a little-endian u32
  out.u32(3);
  out.u64(tensors.length);
  out.u64(metadata.length);
  for (const { key, value } of metadata) {
    if (seenKeys.has(key)) fail(key, "duplicate key");
    seenKeys.add(key);
    out.string(key);
    out.i32(valueTypeIds[value.type]);
    if (value.type === "array") {
      out.i32(valueTypeIds[value.elementType]);
      out.u64(value.values.length);
      for (const element of value.values) writeScalar(out, key, value.elementType, element);
    } else {
      writeScalar(out, key, value.type, value.value);
    }
  }
  const layout: { offset: number; byteSize: number }[] = [];
  let offset = 0;
  for (const tensor of tensors) {
    if (seenTensors.has(tensor.name)) {
      throw new EdgecallError("invalid-argument", `tensor ${tensor.name}: duplicate name`);
    }
    seenTensors.add(tensor.name);
    const byteSize = tensorByteSize(tensor.name, tensor.dimensions, tensor.type);
    out.string(tensor.name);
    out.u32(tensor.dimensions.length);
    for (const size of tensor.dimensions) out.i64(size);
    out.i32(tensor.type);
    out.u64(offset);
    layout.push({ offset, byteSize });
    offset = alignUp(offset + byteSize, alignment);
  }
  const dataStart = alignUp(out.size, alignment);
  out.zeros(dataStart - out.size);
  const last = layout[layout.length - 1];
  const fileSize = dataStart + (last ? alignUp(last.offset + last.byteSize, alignment) : 0);
  return { header: out.toBuffer(), alignment, dataStart, tensors: layout, fileSize };
}
