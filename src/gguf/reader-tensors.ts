/**
 * Tensor infos: reading one (name, dimensions, ggml type, offset) with gguf.cpp's checks, and
 * checking the data-section layout once all are read. Sizes are computed with BigInt so that no
 * shape, however hostile, can overflow; they become numbers only once bounded by the file size.
 */

import { ggmlType } from "./ggml-types.js";
import { GgufFormatError, type HeaderCursor, quoted } from "./reader-cursor.js";
import type { GgufTensorInfo } from "./reader-types.js";

/** ggml's GGML_MAX_NAME: a name must be shorter than this many bytes. */
const maxNameBytes = 64;
/** ggml's GGML_MAX_DIMS. */
const maxDimensions = 4;
const int64Max = (1n << 63n) - 1n;

/** A tensor info as read, before the layout check. */
export interface RawTensorInfo {
  name: string;
  dimensions: bigint[];
  type: number;
  typeName: string;
  offset: bigint;
  elementCount: bigint;
  byteSize: bigint;
}

/**
 * Reads tensor info `index`. Rejects a name of 64 bytes or more, a repeated name, 0 or more than
 * 4 dimensions, a dimension below 1, an element count that reaches INT64_MAX, an unknown or
 * retired ggml type, and a first dimension that is not a multiple of the type's block size.
 */
export function readTensorInfo(cursor: HeaderCursor, index: number, seenNames: Set<string>): RawTensorInfo {
  cursor.context = `tensor #${index}`;
  const name = cursor.string("tensor name");
  if (cursor.lastStringByteLength >= maxNameBytes) {
    cursor.fail(`name is ${cursor.lastStringByteLength} bytes long; ggml allows at most ${maxNameBytes - 1}`);
  }
  cursor.context = `tensor #${index} ${quoted(name)}`;
  if (seenNames.has(name)) cursor.fail("duplicate tensor name");
  const dimensionCount = cursor.u32("dimension count");
  if (dimensionCount < 1 || dimensionCount > maxDimensions) {
    cursor.fail(`has ${dimensionCount} dimensions; must be 1 to ${maxDimensions}`);
  }
  const dimensions: bigint[] = [];
  let elementCount = 1n;
  for (let axis = 0; axis < dimensionCount; axis++) {
    const size = cursor.i64(`dimension ${axis}`);
    if (size < 1n) cursor.fail(`dimension ${axis} is ${size}; every dimension must be at least 1`);
    dimensions.push(size);
    elementCount *= size;
  }
  if (elementCount >= int64Max) {
    cursor.fail(`shape [${dimensions.join(", ")}] has ${elementCount} elements, at or over INT64_MAX`);
  }
  const type = cursor.i32("ggml type");
  const info = ggmlType(type);
  if (info === undefined) cursor.fail(`unknown or retired ggml type ${type}`);
  const blockSize = BigInt(info.blockSize);
  if (dimensions[0]! % blockSize !== 0n) {
    cursor.fail(
      `type ${info.name} needs the first dimension to be a multiple of ${info.blockSize}, but it is ${dimensions[0]}`,
    );
  }
  const offset = cursor.u64("data offset");
  seenNames.add(name);
  return {
    name,
    dimensions,
    type,
    typeName: info.name,
    offset,
    elementCount,
    byteSize: (elementCount / blockSize) * BigInt(info.typeSize),
  };
}

/**
 * Checks that every tensor's offset is aligned, inside the file, and equal to the running sum of
 * the previous tensors' padded sizes (gguf.cpp requires exactly that), and that its data ends
 * inside the file. Returns the infos with plain numbers.
 */
export function layOutTensors(
  raw: readonly RawTensorInfo[],
  dataOffset: number,
  alignment: number,
  fileSize: number,
): GgufTensorInfo[] {
  const align = BigInt(alignment);
  const start = BigInt(dataOffset);
  const size = BigInt(fileSize);
  let expected = 0n;
  return raw.map((tensor, index) => {
    const where = `tensor #${index} ${quoted(tensor.name)}`;
    const fail = (reason: string): never => {
      throw new GgufFormatError(`${where}: ${reason}`);
    };
    if (tensor.offset % align !== 0n) {
      fail(`data offset ${tensor.offset} is not a multiple of the alignment ${alignment}`);
    }
    if (start + tensor.offset > size) {
      fail(`data offset ${tensor.offset} points past the end of the file (${fileSize} bytes)`);
    }
    if (tensor.offset !== expected) fail(`has data offset ${tensor.offset}, expected ${expected}`);
    const end = start + tensor.offset + tensor.byteSize;
    if (end > size) fail(`data ends at byte ${end}, but the file has only ${fileSize} bytes (truncated)`);
    expected += ((tensor.byteSize + align - 1n) / align) * align;
    return {
      name: tensor.name,
      dimensions: tensor.dimensions.map(Number),
      type: tensor.type,
      typeName: tensor.typeName,
      offset: Number(tensor.offset),
      byteSize: Number(tensor.byteSize),
      elementCount: Number(tensor.elementCount),
    };
  });
}
