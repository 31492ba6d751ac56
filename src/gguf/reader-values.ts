/**
 * Reads GGUF metadata values (scalars, strings and arrays) from a {@link HeaderCursor}. Every
 * array's element count is checked against the bytes left in the file before anything is
 * allocated, and string arrays (the vocabulary and merges, hundreds of thousands of strings) are
 * measured in one cheap pass over their lengths before any is decoded.
 */

import { type HeaderCursor, maxStringLength, NeedMoreBytes } from "./reader-cursor.js";
import {
  type GgufArray,
  type GgufValue,
  GgufValueType,
  ggufValueTypeName,
  isGgufValueType,
} from "./reader-types.js";

/** gguf.cpp's cap on one array's element count (GGUF_MAX_ARRAY_ELEMENTS). */
const maxArrayElements = 1024 * 1024 * 1024;

/** Deepest array nesting accepted (gguf.cpp accepts none; the format allows it). */
export const maxArrayDepth = 8;

/** Fewest bytes one element of each value type takes in the file. */
const minimumElementBytes = [1, 1, 2, 2, 4, 4, 4, 1, 8, 12, 8, 8, 8];

const twoTo32 = 4294967296;

/** Reads one value of `type` (already validated) at the cursor. */
export function readValue(cursor: HeaderCursor, type: GgufValueType, keep: number, depth = 0): GgufValue {
  switch (type) {
    case GgufValueType.UINT8:
      return cursor.u8("u8 value");
    case GgufValueType.INT8:
      return cursor.i8("i8 value");
    case GgufValueType.UINT16:
      return cursor.u16("u16 value");
    case GgufValueType.INT16:
      return cursor.i16("i16 value");
    case GgufValueType.UINT32:
      return cursor.u32("u32 value");
    case GgufValueType.INT32:
      return cursor.i32("i32 value");
    case GgufValueType.FLOAT32:
      return cursor.f32("f32 value");
    case GgufValueType.BOOL:
      return cursor.u8("bool value") !== 0;
    case GgufValueType.STRING:
      return cursor.string("string value");
    case GgufValueType.UINT64:
      return cursor.u64("u64 value");
    case GgufValueType.INT64:
      return cursor.i64("i64 value");
    case GgufValueType.FLOAT64:
      return cursor.f64("f64 value");
    case GgufValueType.ARRAY:
      return readArray(cursor, keep, depth);
  }
}

/** Reads an array (element type, u64 count, elements), keeping at most `keep` elements. */
export function readArray(cursor: HeaderCursor, keep: number, depth: number): GgufArray {
  const elementType = cursor.i32("array element type");
  if (!isGgufValueType(elementType)) cursor.fail(`array has unknown element type ${elementType}`);
  if (elementType === GgufValueType.ARRAY && depth + 1 >= maxArrayDepth) {
    cursor.fail(`arrays nested more than ${maxArrayDepth} deep`);
  }
  const start = cursor.position;
  const length = cursor.length("array length");
  const elementName = ggufValueTypeName(elementType);
  if (length > maxArrayElements) {
    cursor.fail(`array at offset ${start} has ${length} elements, over the 2^30 limit`);
  }
  const minimumBytes = length * minimumElementBytes[elementType]!;
  if (minimumBytes > cursor.remaining) {
    cursor.fail(
      `array at offset ${start} has ${length} ${elementName} elements (at least ${minimumBytes} bytes), but only ${cursor.remaining} bytes are left in the file (truncated or corrupt)`,
    );
  }
  const kept = Math.min(length, keep);
  let values: GgufValue[];
  if (elementType === GgufValueType.STRING) values = readStrings(cursor, length, kept);
  else if (elementType === GgufValueType.ARRAY) values = readNested(cursor, length, kept, keep, depth);
  else values = readFixed(cursor, elementType, length, kept);
  return { type: "array", elementType, length, values };
}

function readFixed(cursor: HeaderCursor, type: GgufValueType, length: number, kept: number): GgufValue[] {
  const size = minimumElementBytes[type]!;
  cursor.need(length * size, `${ggufValueTypeName(type)} array`);
  const bytes = cursor.bytes;
  const base = cursor.position;
  const values: GgufValue[] = new Array(kept);
  for (let index = 0; index < kept; index++) {
    const at = base + index * size;
    switch (type) {
      case GgufValueType.UINT8:
        values[index] = bytes[at]!;
        break;
      case GgufValueType.INT8:
        values[index] = bytes.readInt8(at);
        break;
      case GgufValueType.UINT16:
        values[index] = bytes.readUInt16LE(at);
        break;
      case GgufValueType.INT16:
        values[index] = bytes.readInt16LE(at);
        break;
      case GgufValueType.UINT32:
        values[index] = bytes.readUInt32LE(at);
        break;
      case GgufValueType.INT32:
        values[index] = bytes.readInt32LE(at);
        break;
      case GgufValueType.FLOAT32:
        values[index] = bytes.readFloatLE(at);
        break;
      case GgufValueType.BOOL:
        values[index] = bytes[at] !== 0;
        break;
      case GgufValueType.UINT64:
        values[index] = bytes.readBigUInt64LE(at);
        break;
      case GgufValueType.INT64:
        values[index] = bytes.readBigInt64LE(at);
        break;
      default:
        values[index] = bytes.readDoubleLE(at);
    }
  }
  cursor.position = base + length * size;
  return values;
}

/**
 * Strings: first walk the lengths to find where the array ends (checking each against the file
 * and loading more when needed), then decode only the kept ones.
 */
function readStrings(cursor: HeaderCursor, length: number, kept: number): string[] {
  const fileSize = cursor.fileSize;
  let bytes = cursor.bytes;
  let at = cursor.position;
  for (let index = 0; index < length; index++) {
    if (at + 8 > fileSize) cursor.truncated(`length of string #${index} of the array`, 8, at);
    if (at + 8 > bytes.length) throw new NeedMoreBytes(at + 8);
    const byteLength = bytes.readUInt32LE(at) + bytes.readUInt32LE(at + 4) * twoTo32;
    if (byteLength > maxStringLength || byteLength > fileSize - at - 8) {
      cursor.fail(
        `string #${index} of the array at offset ${at} has length ${byteLength}, but only ${fileSize - at - 8} bytes are left in the file (truncated or corrupt)`,
      );
    }
    at += 8 + byteLength;
  }
  if (at > bytes.length) throw new NeedMoreBytes(at);
  bytes = cursor.bytes;
  const values: string[] = new Array(kept);
  let position = cursor.position;
  for (let index = 0; index < kept; index++) {
    const byteLength = bytes.readUInt32LE(position);
    position += 8;
    values[index] = bytes.toString("utf8", position, position + byteLength);
    position += byteLength;
  }
  cursor.position = at;
  return values;
}

function readNested(
  cursor: HeaderCursor,
  length: number,
  kept: number,
  keep: number,
  depth: number,
): GgufValue[] {
  const values: GgufValue[] = [];
  for (let index = 0; index < length; index++) {
    const inner = readArray(cursor, index < kept ? keep : 0, depth + 1);
    if (index < kept) values.push(inner);
  }
  return values;
}
