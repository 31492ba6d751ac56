import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { isEdgecallError } from "../errors.js";
import { encodeGgufHeader, ggufKv, tensorByteSize, writeGguf } from "./writer.js";

const directory = mkdtempSync(join(tmpdir(), "edgecall-writer-test-"));
after(() => rmSync(directory, { recursive: true, force: true }));

/** A minimal independent GGUF header reader for checking what the writer wrote. */
function parse(bytes: Buffer) {
  let offset = 0;
  const u32 = () => {
    const value = bytes.readUInt32LE(offset);
    offset += 4;
    return value;
  };
  const u64 = () => {
    const value = Number(bytes.readBigUInt64LE(offset));
    offset += 8;
    return value;
  };
  const string = () => {
    const length = u64();
    const value = bytes.toString("utf8", offset, offset + length);
    offset += length;
    return value;
  };
  const take = <T>(size: number, read: (at: number) => T): T => {
    const value = read(offset);
    offset += size;
    return value;
  };
  const scalar = (type: number): unknown => {
    const readers: Record<number, () => unknown> = {
      0: () => take(1, (at) => bytes.readUInt8(at)),
      1: () => take(1, (at) => bytes.readInt8(at)),
      2: () => take(2, (at) => bytes.readUInt16LE(at)),
      3: () => take(2, (at) => bytes.readInt16LE(at)),
      4: () => u32(),
      5: () => take(4, (at) => bytes.readInt32LE(at)),
      6: () => take(4, (at) => bytes.readFloatLE(at)),
      7: () => take(1, (at) => bytes.readUInt8(at) !== 0),
      8: () => string(),
      10: () => take(8, (at) => bytes.readBigUInt64LE(at)),
      11: () => take(8, (at) => bytes.readBigInt64LE(at)),
      12: () => take(8, (at) => bytes.readDoubleLE(at)),
    };
    return readers[type]!();
  };
  assert.equal(bytes.toString("latin1", 0, 4), "GGUF");
  offset = 4;
  const version = u32();
  const tensorCount = u64();
  const kvCount = u64();
  const metadata = new Map<string, { type: number; value: unknown }>();
  for (let index = 0; index < kvCount; index++) {
    const key = string();
    const type = u32();
    if (type === 9) {
      const elementType = u32();
      const count = u64();
      const values = Array.from({ length: count }, () => scalar(elementType));
      metadata.set(key, { type: 9 * 100 + elementType, value: values });
    } else metadata.set(key, { type, value: scalar(type) });
  }
  const tensors = [];
  for (let index = 0; index < tensorCount; index++) {
    const name = string();
    const dimensionCount = u32();
    const dimensions = Array.from({ length: dimensionCount }, () => u64());
    const type = u32();
    tensors.push({ name, dimensions, type, offset: u64() });
  }
  return { version, metadata, tensors, infoEnd: offset };
}

describe("GGUF writer", () => {
  test("encodes every value type and array with its type id", () => {
    const { header } = encodeGgufHeader(
      [
        ggufKv.u8("a.u8", 200),
        { key: "a.i8", value: { type: "i8", value: -5 } },
        { key: "a.u16", value: { type: "u16", value: 65535 } },
        { key: "a.i16", value: { type: "i16", value: -30000 } },
        ggufKv.u32("a.u32", 4000000000),
        ggufKv.i32("a.i32", -7),
        ggufKv.f32("a.f32", 1.5),
        ggufKv.bool("a.bool", true),
        ggufKv.string("a.string", "héllo ✓"),
        ggufKv.u64("a.u64", 2n ** 40n),
        { key: "a.i64", value: { type: "i64", value: -(2n ** 40n) } },
        { key: "a.f64", value: { type: "f64", value: 1e-300 } },
        ggufKv.array("a.strings", "string", ["x", "", "yz"]),
        ggufKv.array("a.i32s", "i32", [1, -2, 3]),
        ggufKv.array("a.bools", "bool", [true, false]),
      ],
      [],
    );
    const { version, metadata } = parse(header);
    assert.equal(version, 3);
    const expected: [string, number, unknown][] = [
      ["a.u8", 0, 200],
      ["a.i8", 1, -5],
      ["a.u16", 2, 65535],
      ["a.i16", 3, -30000],
      ["a.u32", 4, 4000000000],
      ["a.i32", 5, -7],
      ["a.f32", 6, 1.5],
      ["a.bool", 7, true],
      ["a.string", 8, "héllo ✓"],
      ["a.u64", 10, 2n ** 40n],
      ["a.i64", 11, -(2n ** 40n)],
      ["a.f64", 12, 1e-300],
      ["a.strings", 908, ["x", "", "yz"]],
      ["a.i32s", 905, [1, -2, 3]],
      ["a.bools", 907, [true, false]],
    ];
    for (const [key, type, value] of expected) assert.deepEqual(metadata.get(key), { type, value }, key);
  });

  test("rejects out-of-range values, duplicate keys and bad alignment, naming the key", () => {
    assert.throws(() => encodeGgufHeader([ggufKv.u8("x.small", 256)], []), /x\.small/);
    assert.throws(() => encodeGgufHeader([ggufKv.i32("x.int", 1.5)], []), /x\.int/);
    assert.throws(() => encodeGgufHeader([ggufKv.u32("k", 1), ggufKv.u32("k", 2)], []), /duplicate key/);
    assert.throws(() => encodeGgufHeader([ggufKv.u32("general.alignment", 48)], []), /power of two/);
  });

  test("computes tensor sizes and refuses rows that are not a block multiple", () => {
    assert.equal(tensorByteSize("t", [64, 3], 8), 2 * 34 * 3);
    assert.equal(tensorByteSize("t", [256, 2], 12), 2 * 144);
    assert.throws(
      () => tensorByteSize("bad", [48, 2], 2),
      (error: unknown) => {
        return isEdgecallError(error, "invalid-argument") && /bad: ne0 48 .* Q4_0/.test(error.message);
      },
    );
  });

  test("writes tensor infos, aligned offsets and zero padding as gguf.cpp expects", async () => {
    const path = join(directory, "layout.gguf");
    const tensors = [
      { name: "a", dimensions: [3], type: 0 },
      { name: "b", dimensions: [32, 2], type: 8 },
      { name: "c", dimensions: [5], type: 1 },
    ];
    const fills = [0x11, 0x22, 0x33];
    const progress: number[] = [];
    const result = await writeGguf({
      path,
      metadata: [ggufKv.string("general.architecture", "llama")],
      tensors,
      produce: (tensor, index) => {
        const size = tensorByteSize(tensor.name, tensor.dimensions, tensor.type);
        // several uneven chunks per tensor
        return [new Uint8Array(1).fill(fills[index]!), new Uint8Array(size - 1).fill(fills[index]!)];
      },
      onTensorWritten: (done) => progress.push(done),
    });
    const bytes = readFileSync(path);
    const parsed = parse(bytes);
    assert.deepEqual(
      parsed.tensors.map((tensor) => [tensor.name, tensor.dimensions, tensor.type, tensor.offset]),
      [
        ["a", [3], 0, 0],
        ["b", [32, 2], 8, 32],
        ["c", [5], 1, 128],
      ],
    );
    const dataStart = Math.ceil(parsed.infoEnd / 32) * 32;
    assert.ok(
      bytes.subarray(parsed.infoEnd, dataStart).every((byte) => byte === 0),
      "header padding is zero",
    );
    assert.ok(bytes.subarray(dataStart, dataStart + 12).every((byte) => byte === 0x11));
    assert.ok(
      bytes.subarray(dataStart + 12, dataStart + 32).every((byte) => byte === 0),
      "padding after a",
    );
    assert.ok(bytes.subarray(dataStart + 32, dataStart + 100).every((byte) => byte === 0x22));
    assert.ok(bytes.subarray(dataStart + 100, dataStart + 128).every((byte) => byte === 0));
    assert.ok(bytes.subarray(dataStart + 128, dataStart + 138).every((byte) => byte === 0x33));
    assert.equal(bytes.length, dataStart + 160, "the file ends padded to the alignment");
    assert.deepEqual(result, { bytes: bytes.length, tensorCount: 3 });
    assert.deepEqual(progress, [1, 2, 3]);
  });

  test("honours general.alignment", async () => {
    const path = join(directory, "aligned.gguf");
    await writeGguf({
      path,
      metadata: [ggufKv.u32("general.alignment", 64)],
      tensors: [
        { name: "a", dimensions: [3], type: 0 },
        { name: "b", dimensions: [3], type: 0 },
      ],
      produce: () => [new Uint8Array(12)],
    });
    const parsed = parse(readFileSync(path));
    assert.deepEqual(
      parsed.tensors.map((tensor) => tensor.offset),
      [0, 64],
    );
    assert.equal(statSync(path).size % 64, 0);
  });

  test("fails when a producer gives the wrong number of bytes", async () => {
    const tensors = [{ name: "short", dimensions: [4], type: 0 }];
    await assert.rejects(
      writeGguf({
        path: join(directory, "short.gguf"),
        metadata: [],
        tensors,
        produce: () => [new Uint8Array(15)],
      }),
      /short: producer gave 15 bytes, expected 16/,
    );
    await assert.rejects(
      writeGguf({
        path: join(directory, "long.gguf"),
        metadata: [],
        tensors,
        produce: () => [new Uint8Array(17)],
      }),
      /more than its 16 bytes/,
    );
  });

  test("fails, naming the file, when the disk is full or the path cannot be written", async () => {
    // /dev/full takes the open and fails every write with ENOSPC: here the whole small file fits
    // in the stream's buffer, so the failure only arrives while closing.
    const tensors = [{ name: "t", dimensions: [4], type: 0 }];
    const request = { metadata: [], tensors, produce: () => [new Uint8Array(16)] };
    await assert.rejects(writeGguf({ path: "/dev/full", ...request }), (error: unknown) => {
      assert.ok(isEdgecallError(error, "internal"));
      assert.match(error.message, /^could not write \/dev\/full: ENOSPC/);
      return true;
    });
    // Large enough to overflow the buffer: the failure arrives during the writes.
    await assert.rejects(
      writeGguf({
        path: "/dev/full",
        metadata: [],
        tensors: [{ name: "big", dimensions: [1 << 21, 4], type: 0 }],
        produce: () => [new Uint8Array(8 << 21)],
      }),
      /^EdgecallError: could not write \/dev\/full: ENOSPC/,
    );
    await assert.rejects(
      writeGguf({ path: join(directory, "missing", "x.gguf"), ...request }),
      /could not write .*missing\/x\.gguf: ENOENT/,
    );
    await assert.rejects(writeGguf({ path: directory, ...request }), /could not write .*: EISDIR/);
  });

  test("streams large tensors from async chunks with backpressure", async () => {
    const path = join(directory, "large.gguf");
    const chunk = new Uint8Array(1 << 20).fill(7);
    let produced = 0;
    await writeGguf({
      path,
      metadata: [],
      tensors: [{ name: "big", dimensions: [1 << 20, 24], type: 0 }],
      async *produce() {
        for (let index = 0; index < 96; index++) {
          produced++;
          yield chunk;
        }
      },
    });
    assert.equal(produced, 96);
    const size = statSync(path).size;
    assert.equal(size % 32, 0);
    assert.ok(size >= 96 << 20);
  });
});
