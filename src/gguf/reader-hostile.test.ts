import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { buildGgufBytes, type GgufBytesSpec, scratchDirectory } from "./gguf-bytes.test-support.js";
import { readGguf } from "./reader.js";
import { array, modelSpec, scalar } from "./reader-fixtures.test-support.js";
import { GgufValueType as T } from "./reader-types.js";
import { countReaderWork, type ReaderWork } from "./reader-work.test-support.js";

const scratch = scratchDirectory();
after(() => scratch.remove());

/**
 * Reads `bytes` as a file; returns the invalid-gguf reason and the work the read did. Hostile
 * counts and lengths must be refused from the bytes they claim, not by trying: the work stays
 * within one load of the file, no byte read twice, and at most one checked read per byte.
 */
async function reasonFor(
  bytes: Uint8Array,
  name = "hostile.gguf",
): Promise<{ reason: string; work: ReaderWork }> {
  const path = scratch.write(name, bytes);
  const outcome = await countReaderWork(() => readGguf(path));
  if (!("error" in outcome)) assert.fail("the file was accepted");
  const { error, work } = outcome;
  assert.ok(isEdgecallError(error, "invalid-gguf"), `expected invalid-gguf, got ${String(error)}`);
  assert.equal(error.subject, path);
  const prefix = `invalid GGUF file ${path}: `;
  assert.ok(error.message.startsWith(prefix), error.message);
  assertBoundedWork(work, bytes.length);
  return { reason: error.message.slice(prefix.length), work };
}

/** The bounds of {@link reasonFor}, for a file of `size` bytes: loads of 1 MiB, then doubling. */
function assertBoundedWork(work: ReaderWork, size: number): void {
  const loads = 1 + Math.max(0, Math.ceil(Math.log2(size / 2 ** 20)));
  assert.ok(work.fileReads <= loads, `${work.fileReads} file reads of a ${size}-byte file`);
  assert.ok(work.bytesRead <= size, `${work.bytesRead} bytes read from a ${size}-byte file`);
  assert.ok(work.cursorReads <= size, `${work.cursorReads} checked reads of a ${size}-byte file`);
}

async function expectInvalid(bytes: Uint8Array, pattern: RegExp): Promise<void> {
  const { reason } = await reasonFor(bytes);
  assert.match(reason, pattern);
}

function u64At(bytes: Buffer, offset: number, value: bigint): Buffer {
  const copy = Buffer.from(bytes);
  copy.writeBigUInt64LE(BigInt.asUintN(64, value), offset);
  return copy;
}

function i32At(bytes: Buffer, offset: number, value: number): Buffer {
  const copy = Buffer.from(bytes);
  copy.writeInt32LE(value, offset);
  return copy;
}

const model = modelSpec({ layers: 1, width: 256, vocabulary: 40 });
const valid = buildGgufBytes(model);
const tokensIndex = model.kvs!.findIndex((kv) => kv.key === "tokenizer.ggml.tokens");
const tokens = valid.layout.kvs[tokensIndex]!;

function withTensors(tensors: GgufBytesSpec["tensors"], kvs: GgufBytesSpec["kvs"] = []): Buffer {
  return buildGgufBytes({ kvs, tensors }).bytes;
}

describe("readGguf: truncated files", () => {
  it("rejects the file cut at every byte of the header region and throughout the data", async () => {
    const { bytes, layout } = valid;
    const cuts: number[] = [];
    for (let length = 0; length < layout.dataOffset; length++) cuts.push(length);
    const step = Math.ceil((bytes.length - layout.dataOffset) / 300);
    for (let length = layout.dataOffset; length < bytes.length; length += step) cuts.push(length);
    cuts.push(bytes.length - 1);
    for (const length of cuts) {
      const { reason } = await reasonFor(bytes.subarray(0, length), "cut.gguf");
      if (length >= 4) assert.doesNotMatch(reason, /not a GGUF file/, `cut at ${length}`);
      if (length >= layout.infoEnd) assert.match(reason, /truncated/, `cut at ${length}: ${reason}`);
      if (length >= layout.dataOffset) assert.match(reason, /^tensor #\d+ '.*': data ends at byte \d+/);
    }
    assert.ok(cuts.length > 2000, `only ${cuts.length} cuts`);
  });

  it("accepts the uncut file", async () => {
    const file = await readGguf(scratch.write("whole.gguf", valid.bytes));
    assert.equal(file.tensors.length, model.tensors!.length);
  });
});

describe("readGguf: corrupt header", () => {
  it("rejects a wrong magic", async () => {
    await expectInvalid(
      buildGgufBytes({ magic: "GGML" }).bytes,
      /^not a GGUF file \(magic 'GGML', expected 'GGUF'\)$/,
    );
    await expectInvalid(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), /magic '\\x7fELF'/);
  });

  it("rejects versions 0, 1, 4 and a byte-swapped version", async () => {
    await expectInvalid(buildGgufBytes({ version: 0 }).bytes, /bad GGUF version 0/);
    await expectInvalid(
      buildGgufBytes({ version: 1 }).bytes,
      /version 1 is not supported \(only versions 2 and 3\)/,
    );
    await expectInvalid(buildGgufBytes({ version: 4 }).bytes, /version 4 is not supported/);
    await expectInvalid(buildGgufBytes({ version: 0x03000000 }).bytes, /byte-swapped; big-endian/);
  });

  it("rejects tensor and key-value counts that cannot fit in the file", async () => {
    await expectInvalid(u64At(valid.bytes, 8, 1n << 40n), /^header: tensor count 1099511627776 cannot fit/);
    await expectInvalid(u64At(valid.bytes, 8, -1n), /tensor count -1 is negative/);
    await expectInvalid(u64At(valid.bytes, 16, 1n << 62n), /key-value count 4611686018427387904 cannot fit/);
    await expectInvalid(u64At(valid.bytes, 16, -5n), /key-value count -5 is negative/);
    const tooMany = BigInt(Math.ceil(valid.bytes.length / 13) + 1);
    await expectInvalid(u64At(valid.bytes, 16, tooMany), new RegExp(`key-value count ${tooMany} cannot fit`));
    await expectInvalid(u64At(valid.bytes, 8, 20_000n), /tensor count 20000 cannot fit/);
  });
});

describe("readGguf: corrupt key-value pairs", () => {
  it("rejects huge string lengths (key, value and array element) before allocating", async () => {
    const first = valid.layout.kvs[0]!;
    await expectInvalid(
      u64At(valid.bytes, first.start, 1n << 62n),
      /^key-value pair #0: key at offset 24 has length/,
    );
    await expectInvalid(u64At(valid.bytes, first.start, 1n << 29n), /only \d+ bytes are left in the file/);
    await expectInvalid(
      u64At(valid.bytes, first.valueOffset, 1n << 40n),
      /'general.architecture': string value/,
    );
    await expectInvalid(
      u64At(valid.bytes, tokens.valueOffset + 12 + 8 + 13, 1n << 33n),
      /string #1 of the array/,
    );
  });

  it("rejects huge array counts before allocating", async () => {
    const count = tokens.valueOffset + 4;
    await expectInvalid(
      u64At(valid.bytes, count, 1n << 40n),
      /has 1099511627776 elements, over the 2\^30 limit/,
    );
    await expectInvalid(
      u64At(valid.bytes, count, 50_000_000n),
      /'tokenizer.ggml.tokens': array at offset \d+ has 50000000 string elements \(at least 400000000 bytes\), but only \d+ bytes/,
    );
  });

  it("rejects unknown value and element types", async () => {
    const first = valid.layout.kvs[0]!;
    await expectInvalid(
      i32At(valid.bytes, first.typeOffset, 13),
      /'general.architecture': unknown value type 13/,
    );
    await expectInvalid(i32At(valid.bytes, first.typeOffset, -1), /unknown value type -1/);
    await expectInvalid(i32At(valid.bytes, tokens.valueOffset, 99), /array has unknown element type 99/);
  });

  it("rejects duplicate and empty keys", async () => {
    const kvs = [
      { key: "a", value: scalar(T.UINT8, 1) },
      { key: "a", value: scalar(T.UINT8, 2) },
    ];
    await expectInvalid(buildGgufBytes({ kvs }).bytes, /^key-value pair #1 'a': duplicate key$/);
    await expectInvalid(
      buildGgufBytes({ kvs: [{ key: "", value: scalar(T.UINT8, 1) }] }).bytes,
      /key is empty/,
    );
  });

  it("rejects bad general.alignment values and types", async () => {
    const alignment = (value: ReturnType<typeof scalar>) =>
      buildGgufBytes({ kvs: [{ key: "general.alignment", value }] });
    await expectInvalid(alignment(scalar(T.UINT32, 0)).bytes, /alignment 0 is not a power of 2/);
    await expectInvalid(alignment(scalar(T.UINT32, 48)).bytes, /alignment 48 is not a power of 2/);
    await expectInvalid(
      alignment(scalar(T.INT32, 32)).bytes,
      /'general.alignment': must be of type u32, but is i32/,
    );
    await expectInvalid(alignment(scalar(T.UINT64, 32n)).bytes, /must be of type u32, but is u64/);
  });

  it("rejects arrays nested too deep", async () => {
    let value: { elementType: number; values: unknown[] } = { elementType: T.UINT8, values: [1] };
    for (let depth = 0; depth < 9; depth++) value = { elementType: T.ARRAY, values: [value] };
    const kvs = [{ key: "deep", value: array(T.ARRAY, value.values as never) }];
    await expectInvalid(buildGgufBytes({ kvs }).bytes, /arrays nested more than 8 deep/);
  });
});

describe("readGguf: corrupt tensor infos", () => {
  it("rejects 0 and 5 dimensions, and dimensions below 1", async () => {
    await expectInvalid(
      withTensors([{ name: "t", dimensions: [], type: 0 }]),
      /^tensor #0 't': has 0 dimensions; must be 1 to 4$/,
    );
    await expectInvalid(
      withTensors([{ name: "t", dimensions: [1, 1, 1, 1, 1], type: 0 }]),
      /has 5 dimensions/,
    );
    await expectInvalid(
      withTensors([{ name: "t", dimensions: [4, 0], type: 0 }]),
      /dimension 1 is 0; every dimension/,
    );
    await expectInvalid(withTensors([{ name: "t", dimensions: [-4], type: 0 }]), /dimension 0 is -4/);
  });

  it("rejects an element count that overflows int64", async () => {
    await expectInvalid(
      withTensors([{ name: "t", dimensions: [1n << 32n, 1n << 31n], type: 0 }]),
      /has 9223372036854775808 elements, at or over INT64_MAX/,
    );
    await expectInvalid(
      withTensors([{ name: "t", dimensions: [1n << 62n, 4n, 4n, 4n], type: 0 }]),
      /at or over INT64_MAX/,
    );
  });

  it("rejects unknown and retired ggml types and rows that are not whole blocks", async () => {
    await expectInvalid(
      withTensors([{ name: "t", dimensions: [32], type: 43 }]),
      /unknown or retired ggml type 43/,
    );
    await expectInvalid(
      withTensors([{ name: "t", dimensions: [32], type: 4 }]),
      /unknown or retired ggml type 4/,
    );
    await expectInvalid(
      withTensors([{ name: "t", dimensions: [32], type: 36 }]),
      /unknown or retired ggml type 36/,
    );
    await expectInvalid(withTensors([{ name: "t", dimensions: [32], type: -1 }]), /ggml type -1/);
    await expectInvalid(
      withTensors([{ name: "t", dimensions: [33, 2], type: 2 }]),
      /type Q4_0 needs the first dimension to be a multiple of 32, but it is 33/,
    );
    await expectInvalid(withTensors([{ name: "t", dimensions: [128, 2], type: 12 }]), /multiple of 256/);
  });

  it("rejects duplicate and over-long tensor names", async () => {
    const twice = [
      { name: "w", dimensions: [8], type: 0 },
      { name: "w", dimensions: [8], type: 0 },
    ];
    await expectInvalid(withTensors(twice), /^tensor #1 'w': duplicate tensor name$/);
    await expectInvalid(
      withTensors([{ name: "x".repeat(64), dimensions: [8], type: 0 }]),
      /name is 64 bytes long/,
    );
  });

  it("rejects misaligned, unexpected and out-of-file offsets", async () => {
    const second = valid.layout.tensors[1]!.offsetOffset;
    const expected = valid.bytes.readBigUInt64LE(second);
    await expectInvalid(
      u64At(valid.bytes, second, expected + 1n),
      /offset \d+ is not a multiple of the alignment 32/,
    );
    await expectInvalid(u64At(valid.bytes, second, expected + 32n), /has data offset \d+, expected \d+/);
    await expectInvalid(
      u64At(valid.bytes, second, 1n << 40n),
      /data offset 1099511627776 points past the end/,
    );
    await expectInvalid(u64At(valid.bytes, second, -32n), /points past the end/);
  });
});

describe("readGguf: robustness", () => {
  it("survives random byte corruption of the header region without crashing or hanging", async () => {
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    let accepted = 0;
    for (let round = 0; round < 400; round++) {
      const bytes = Buffer.from(valid.bytes);
      const flips = 1 + Math.floor(random() * 4);
      for (let flip = 0; flip < flips; flip++) {
        bytes[Math.floor(random() * valid.layout.infoEnd)] = Math.floor(random() * 256);
      }
      const path = scratch.write("fuzz.gguf", bytes);
      const outcome = await countReaderWork(() => readGguf(path));
      if ("value" in outcome) accepted++;
      else
        assert.ok(isEdgecallError(outcome.error, "invalid-gguf"), `round ${round}: ${String(outcome.error)}`);
      assertBoundedWork(outcome.work, bytes.length);
    }
    assert.ok(accepted < 400);
  });

  it("allocates nothing large across the hostile suite", async () => {
    const before = process.memoryUsage();
    const big = buildGgufBytes(modelSpec({ layers: 1, width: 256, vocabulary: 4000 }));
    const count =
      big.layout.kvs[model.kvs!.findIndex((kv) => kv.key === "tokenizer.ggml.tokens")]!.valueOffset + 4;
    for (const claim of [1n << 29n, 1n << 27n, 1n << 20n]) {
      await reasonFor(u64At(big.bytes, count, claim));
      await reasonFor(u64At(big.bytes, big.layout.kvs[0]!.start, claim * 64n));
    }
    const after = process.memoryUsage();
    assert.ok(after.arrayBuffers - before.arrayBuffers < 64 * 1024 * 1024);
    assert.ok(after.rss - before.rss < 64 * 1024 * 1024, `rss grew by ${after.rss - before.rss}`);
  });
});
