/**
 * A growable little-endian byte buffer for the GGUF writer: fixed-width integers and floats,
 * GGUF strings (u64 length, then UTF-8 bytes) and zero padding, doubling its storage as it grows.
 */

/** A growable little-endian byte buffer. */
export class ByteBuilder {
  private buffer = Buffer.alloc(1 << 16);
  private length = 0;

  private reserve(extra: number): void {
    if (this.length + extra <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.length + extra) size *= 2;
    const next = Buffer.alloc(size);
    this.buffer.copy(next, 0, 0, this.length);
    this.buffer = next;
  }

  u8(value: number): void {
    this.reserve(1);
    this.buffer.writeUInt8(value, this.length);
    this.length += 1;
  }
  i8(value: number): void {
    this.reserve(1);
    this.buffer.writeInt8(value, this.length);
    this.length += 1;
  }
  u16(value: number): void {
    this.reserve(2);
    this.buffer.writeUInt16LE(value, this.length);
    this.length += 2;
  }
  i16(value: number): void {
    this.reserve(2);
    this.buffer.writeInt16LE(value, this.length);
    this.length += 2;
  }
  u32(value: number): void {
    this.reserve(4);
    this.buffer.writeUInt32LE(value, this.length);
    this.length += 4;
  }
  i32(value: number): void {
    this.reserve(4);
    this.buffer.writeInt32LE(value, this.length);
    this.length += 4;
  }
  f32(value: number): void {
    this.reserve(4);
    this.buffer.writeFloatLE(value, this.length);
    this.length += 4;
  }
  f64(value: number): void {
    this.reserve(8);
    this.buffer.writeDoubleLE(value, this.length);
    this.length += 8;
  }
  u64(value: number | bigint): void {
    this.reserve(8);
    this.buffer.writeBigUInt64LE(BigInt(value), this.length);
    this.length += 8;
  }
  i64(value: number | bigint): void {
    this.reserve(8);
    this.buffer.writeBigInt64LE(BigInt(value), this.length);
    this.length += 8;
  }
  string(value: string): void {
    const bytes = Buffer.from(value, "utf8");
    this.u64(bytes.length);
    this.reserve(bytes.length);
    bytes.copy(this.buffer, this.length);
    this.length += bytes.length;
  }
  zeros(count: number): void {
    this.reserve(count);
    this.buffer.fill(0, this.length, this.length + count);
    this.length += count;
  }
  get size(): number {
    return this.length;
  }
  toBuffer(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}
