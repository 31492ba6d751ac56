/**
 * The data model of a GGUF file as edgecall's reader returns it: metadata values, tensor infos and
 * the file summary. 64-bit integers (GGUF types u64 and i64) are always `bigint`, whatever their
 * size, so a value's JavaScript type depends only on its GGUF type; {@link ggufNumber} turns any
 * numeric value into a `number` when that is exact.
 */

/** GGUF metadata value type ids (ggml/include/gguf.h `gguf_type`). */
export const GgufValueType = {
  UINT8: 0,
  INT8: 1,
  UINT16: 2,
  INT16: 3,
  UINT32: 4,
  INT32: 5,
  FLOAT32: 6,
  BOOL: 7,
  STRING: 8,
  ARRAY: 9,
  UINT64: 10,
  INT64: 11,
  FLOAT64: 12,
} as const;

/** A GGUF metadata value type id (0-12). */
export type GgufValueType = (typeof GgufValueType)[keyof typeof GgufValueType];

const valueTypeNames = [
  "u8",
  "i8",
  "u16",
  "i16",
  "u32",
  "i32",
  "f32",
  "bool",
  "string",
  "array",
  "u64",
  "i64",
  "f64",
];

/** Short name of a value type ("u8", "i64", "string", "array", ...), or `unknown(N)`. */
export function ggufValueTypeName(type: number): string {
  return valueTypeNames[type] ?? `unknown(${type})`;
}

/** True when `type` is one of the 13 GGUF value types. */
export function isGgufValueType(type: number): type is GgufValueType {
  return Number.isInteger(type) && type >= 0 && type < valueTypeNames.length;
}

/**
 * A scalar: `number` for u8..i32, f32 and f64; `bigint` for u64 and i64; `boolean` for bool
 * (any non-zero byte is true, as gguf.cpp reads it); `string` for strings (UTF-8, invalid
 * sequences replaced by U+FFFD).
 */
export type GgufScalar = number | bigint | boolean | string;

/** An array value. Arrays may nest (element type `array`); gguf.cpp itself rejects nesting. */
export interface GgufArray {
  readonly type: "array";
  readonly elementType: GgufValueType;
  /** Number of elements in the file. */
  readonly length: number;
  /**
   * The elements, or only the first `maxArrayElementsKept` of them when the reader was asked
   * to keep fewer (then `values.length < length`).
   */
  readonly values: readonly GgufValue[];
}

/** Any metadata value. */
export type GgufValue = GgufScalar | GgufArray;

/** One tensor's description from the tensor-info section (its data is not read). */
export interface GgufTensorInfo {
  name: string;
  /** ggml `ne`: dimensions, fastest-varying first (the reverse of a numpy shape). */
  dimensions: number[];
  /** ggml type id (see ggml-types.ts). */
  type: number;
  /** ggml type name, e.g. "Q4_K". */
  typeName: string;
  /** Offset of the tensor's data relative to the start of the data section. */
  offset: number;
  /** Bytes of tensor data, without alignment padding. */
  byteSize: number;
  /** Product of the dimensions. */
  elementCount: number;
}

/** A validated GGUF file's header, metadata and tensor infos. */
export interface GgufFile {
  path: string;
  /** GGUF format version (2 or 3). */
  version: number;
  fileSize: number;
  /** `general.alignment`, or 32 when absent. */
  alignment: number;
  /** Every key-value pair, in file order. */
  metadata: Map<string, GgufValue>;
  /** The declared GGUF type of every key (ARRAY for arrays; see the value for its element type). */
  metadataTypes: Map<string, GgufValueType>;
  /** Tensor infos in file order. */
  tensors: GgufTensorInfo[];
  /** Absolute file offset where the data section starts. */
  dataOffset: number;
}

/** True when `value` is a {@link GgufArray}. */
export function isGgufArray(value: GgufValue | undefined): value is GgufArray {
  return typeof value === "object" && value !== null && value.type === "array";
}

/**
 * A numeric value (number or bigint) as a `number` when that is exact; otherwise undefined
 * (booleans, strings, arrays, and 64-bit integers beyond 2^53 included).
 */
export function ggufNumber(value: GgufValue | undefined): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value === "bigint") {
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(value)
      : undefined;
  }
  return undefined;
}

/** A string value, or undefined when the value is missing or of another type. */
export function ggufString(value: GgufValue | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}
