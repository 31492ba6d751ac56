/**
 * The GGUF header parser as a sequence of small steps (the fixed header, then one key-value pair,
 * then one tensor info per step). A step either completes or, when it runs past the loaded bytes,
 * rewinds so the reader can load more and run it again; no state changes in between.
 */

import { GgufFormatError, type HeaderCursor, NeedMoreBytes, quoted } from "./reader-cursor.js";
import { layOutTensors, type RawTensorInfo, readTensorInfo } from "./reader-tensors.js";
import {
  type GgufFile,
  type GgufValue,
  GgufValueType,
  ggufValueTypeName,
  isGgufValueType,
} from "./reader-types.js";
import { readValue } from "./reader-values.js";

/** Default `general.alignment` (GGUF_DEFAULT_ALIGNMENT). */
const defaultAlignment = 32;
/** Fewest bytes a key-value pair takes: key length, value type, a 1-byte value (keys may not be
 * empty, but that is reported on its own). */
const minimumKvBytes = 8 + 4 + 1;
/** Fewest bytes a tensor info takes: name length, dimension count, one dimension, type, offset. */
const minimumTensorInfoBytes = 8 + 4 + 8 + 4 + 8;
/** Magic, version, tensor count and key-value count. */
const fixedHeaderBytes = 4 + 4 + 8 + 8;

/** Parses a GGUF header region step by step from a cursor. */
export class GgufHeaderParser {
  private readonly cursor: HeaderCursor;
  private readonly keep: number;
  private version = 0;
  private tensorCount = 0;
  private kvCount = 0;
  private alignment = defaultAlignment;
  private readonly metadata = new Map<string, GgufValue>();
  private readonly metadataTypes = new Map<string, GgufValueType>();
  private readonly tensors: RawTensorInfo[] = [];
  private readonly tensorNames = new Set<string>();
  private headerDone = false;

  /** `keep`: how many elements of each array to keep (the rest are checked and skipped). */
  constructor(cursor: HeaderCursor, keep: number) {
    this.cursor = cursor;
    this.keep = keep;
  }

  /** True once the header, every pair and every tensor info have been read. */
  get done(): boolean {
    return this.headerDone && this.metadata.size === this.kvCount && this.tensors.length === this.tensorCount;
  }

  /**
   * Parses the next item. Throws {@link NeedMoreBytes} (after rewinding) when the item needs bytes
   * that are not loaded, and {@link GgufFormatError} when the file is invalid.
   */
  step(): void {
    const start = this.cursor.position;
    try {
      if (!this.headerDone) this.readHeader();
      else if (this.metadata.size < this.kvCount) this.readKv(this.metadata.size);
      else this.tensors.push(readTensorInfo(this.cursor, this.tensors.length, this.tensorNames));
    } catch (error) {
      if (error instanceof NeedMoreBytes) this.cursor.position = start;
      throw error;
    }
  }

  /** The parsed file; call once {@link done}. Checks the data-section layout. */
  finish(path: string): GgufFile {
    const cursor: HeaderCursor = this.cursor;
    cursor.context = "data section";
    let dataOffset = cursor.position;
    if (this.tensorCount > 0) {
      dataOffset = Math.ceil(dataOffset / this.alignment) * this.alignment;
      if (dataOffset > cursor.fileSize) {
        cursor.fail(
          `would start at byte ${dataOffset}, past the end of the file at ${cursor.fileSize} (truncated)`,
        );
      }
    }
    return {
      path,
      version: this.version,
      fileSize: cursor.fileSize,
      alignment: this.alignment,
      metadata: this.metadata,
      metadataTypes: this.metadataTypes,
      tensors: layOutTensors(this.tensors, dataOffset, this.alignment, cursor.fileSize),
      dataOffset,
    };
  }

  private readHeader(): void {
    const cursor: HeaderCursor = this.cursor;
    if (cursor.fileSize < 4) throw new GgufFormatError(`not a GGUF file (only ${cursor.fileSize} bytes)`);
    cursor.need(4, "magic");
    const magic = cursor.bytes.subarray(0, 4);
    if (magic.toString("latin1") !== "GGUF") {
      throw new GgufFormatError(`not a GGUF file (magic '${printable(magic)}', expected 'GGUF')`);
    }
    cursor.position = 4;
    const version = cursor.u32("version");
    if (version === 0) cursor.fail("bad GGUF version 0");
    if ((version & 0xffff) === 0) {
      cursor.fail(`version ${version} looks byte-swapped; big-endian GGUF files are not supported`);
    }
    if (version === 1) cursor.fail("GGUF version 1 is not supported (only versions 2 and 3)");
    if (version > 3) cursor.fail(`GGUF version ${version} is not supported (only versions 2 and 3)`);
    const tensorCount = cursor.i64("tensor count");
    const kvCount = cursor.i64("key-value count");
    const left = cursor.fileSize - fixedHeaderBytes;
    if (tensorCount < 0n) cursor.fail(`tensor count ${tensorCount} is negative`);
    if (kvCount < 0n) cursor.fail(`key-value count ${kvCount} is negative`);
    if (Number(tensorCount) * minimumTensorInfoBytes > left) {
      cursor.fail(
        `tensor count ${tensorCount} cannot fit: each tensor info takes at least ${minimumTensorInfoBytes} bytes and only ${left} are left in the file`,
      );
    }
    if (Number(kvCount) * minimumKvBytes > left) {
      cursor.fail(
        `key-value count ${kvCount} cannot fit: each pair takes at least ${minimumKvBytes} bytes and only ${left} are left in the file`,
      );
    }
    if (Number(tensorCount) * minimumTensorInfoBytes + Number(kvCount) * minimumKvBytes > left) {
      cursor.fail(
        `${tensorCount} tensor infos and ${kvCount} key-value pairs cannot fit in the ${left} bytes left`,
      );
    }
    this.version = version;
    this.tensorCount = Number(tensorCount);
    this.kvCount = Number(kvCount);
    this.headerDone = true;
  }

  private readKv(index: number): void {
    const cursor: HeaderCursor = this.cursor;
    cursor.context = `key-value pair #${index}`;
    const key = cursor.string("key");
    if (key.length === 0) cursor.fail("key is empty");
    cursor.context = `key-value pair #${index} ${quoted(key)}`;
    if (this.metadata.has(key)) cursor.fail("duplicate key");
    const type = cursor.i32("value type");
    if (!isGgufValueType(type)) cursor.fail(`unknown value type ${type}`);
    const value = readValue(cursor, type, this.keep);
    if (key === "general.alignment") this.alignment = checkAlignment(cursor, type, value);
    this.metadata.set(key, value);
    this.metadataTypes.set(key, type);
  }
}

function checkAlignment(cursor: HeaderCursor, type: GgufValueType, value: GgufValue): number {
  if (type !== GgufValueType.UINT32) cursor.fail(`must be of type u32, but is ${ggufValueTypeName(type)}`);
  const alignment = value as number;
  if (alignment === 0 || (alignment & (alignment - 1)) !== 0)
    cursor.fail(`alignment ${alignment} is not a power of 2`);
  return alignment;
}

function printable(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) {
    text +=
      byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : `\\x${byte.toString(16).padStart(2, "0")}`;
  }
  return text;
}
