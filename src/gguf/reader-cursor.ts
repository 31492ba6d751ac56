/**
 * A little-endian cursor over the loaded start of a GGUF file. Every read is checked first
 * against the bytes left in the whole file (a shortfall there is a truncated or corrupt file)
 * and then against the bytes loaded so far (a shortfall there asks the reader to load more).
 */

/** gguf.cpp's cap on one string's length (GGUF_MAX_STRING_LENGTH). */
export const maxStringLength = 1024 * 1024 * 1024;

const twoTo32 = 4294967296;

/**
 * Thrown when parsing needs bytes that lie in the file but are not loaded yet. The reader loads
 * at least up to `end` and parses the current item again from its start.
 */
export class NeedMoreBytes extends Error {
  readonly end: number;

  constructor(end: number) {
    super(`need the file loaded up to byte ${end}`);
    this.end = end;
  }
}

/** `text` in single quotes for an error message, cut short when long (keys come from the file). */
export function quoted(text: string): string {
  return `'${text.length > 80 ? `${text.slice(0, 77)}...` : text}'`;
}

/** A structural problem in the file; the reader reports it as an invalid-gguf error. */
export class GgufFormatError extends Error {}

/** Reads primitives from the loaded bytes at `position` (an absolute file offset). */
export class HeaderCursor {
  /** The file's bytes from offset 0; replaced with a longer copy when more is loaded. */
  bytes: Buffer;
  readonly fileSize: number;
  position = 0;
  /** What is being read (e.g. "key #3 'general.name'"), for error messages. */
  context = "header";
  /** Byte length of the last string read by {@link string}. */
  lastStringByteLength = 0;

  constructor(bytes: Buffer, fileSize: number) {
    this.bytes = bytes;
    this.fileSize = fileSize;
  }

  /** Bytes between the position and the end of the file. */
  get remaining(): number {
    return this.fileSize - this.position;
  }

  /** Fails with a message that names the current context. */
  fail(reason: string): never {
    throw new GgufFormatError(`${this.context}: ${reason}`);
  }

  /** Fails with a truncation message for `count` bytes wanted at `offset`. */
  truncated(what: string, count: number, offset = this.position): never {
    return this.fail(
      `${what} needs ${count} bytes at offset ${offset}, but the file ends at byte ${this.fileSize} (truncated)`,
    );
  }

  /** Makes sure `count` bytes from the position exist in the file and are loaded. */
  need(count: number, what: string): void {
    if (count > this.fileSize - this.position) this.truncated(what, count);
    if (this.position + count > this.bytes.length) throw new NeedMoreBytes(this.position + count);
  }

  u8(what: string): number {
    this.need(1, what);
    return this.bytes[this.position++]!;
  }

  i8(what: string): number {
    this.need(1, what);
    const value = this.bytes.readInt8(this.position);
    this.position += 1;
    return value;
  }

  u16(what: string): number {
    this.need(2, what);
    const value = this.bytes.readUInt16LE(this.position);
    this.position += 2;
    return value;
  }

  i16(what: string): number {
    this.need(2, what);
    const value = this.bytes.readInt16LE(this.position);
    this.position += 2;
    return value;
  }

  u32(what: string): number {
    this.need(4, what);
    const value = this.bytes.readUInt32LE(this.position);
    this.position += 4;
    return value;
  }

  i32(what: string): number {
    this.need(4, what);
    const value = this.bytes.readInt32LE(this.position);
    this.position += 4;
    return value;
  }

  f32(what: string): number {
    this.need(4, what);
    const value = this.bytes.readFloatLE(this.position);
    this.position += 4;
    return value;
  }

  f64(what: string): number {
    this.need(8, what);
    const value = this.bytes.readDoubleLE(this.position);
    this.position += 8;
    return value;
  }

  u64(what: string): bigint {
    this.need(8, what);
    const value = this.bytes.readBigUInt64LE(this.position);
    this.position += 8;
    return value;
  }

  i64(what: string): bigint {
    this.need(8, what);
    const value = this.bytes.readBigInt64LE(this.position);
    this.position += 8;
    return value;
  }

  /**
   * A u64 length or count as a number. Values past 2^53 come back rounded, which is harmless:
   * they exceed any file's size and are rejected by the caller's bounds check.
   */
  length(what: string): number {
    this.need(8, what);
    const low = this.bytes.readUInt32LE(this.position);
    const high = this.bytes.readUInt32LE(this.position + 4);
    this.position += 8;
    return low + high * twoTo32;
  }

  /** A GGUF string (u64 byte length, then UTF-8 bytes; invalid sequences become U+FFFD). */
  string(what: string): string {
    const start = this.position;
    const byteLength = this.length(`length of ${what}`);
    if (byteLength > maxStringLength) {
      this.fail(`${what} at offset ${start} has length ${byteLength}, over the 1 GiB limit`);
    }
    if (byteLength > this.remaining) {
      this.fail(
        `${what} at offset ${start} has length ${byteLength}, but only ${this.remaining} bytes are left in the file (truncated or corrupt)`,
      );
    }
    this.need(byteLength, what);
    const value = this.bytes.toString("utf8", this.position, this.position + byteLength);
    this.position += byteLength;
    this.lastStringByteLength = byteLength;
    return value;
  }
}
