import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { after, describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { buildGgufBytes, scratchDirectory, tensorByteSize } from "./gguf-bytes.test-support.js";
import { ggufNumber, isGgufArray, readGguf } from "./reader.js";
import { array, fixtureChatTemplate, modelSpec, scalar } from "./reader-fixtures.test-support.js";
import { type GgufArray, GgufValueType as T } from "./reader-types.js";

const scratch = scratchDirectory();
after(() => scratch.remove());

describe("readGguf: values", () => {
  it("round-trips a value of every type, with its declared type", async () => {
    const { bytes } = buildGgufBytes({
      kvs: [
        { key: "u8", value: scalar(T.UINT8, 250) },
        { key: "i8", value: scalar(T.INT8, -128) },
        { key: "u16", value: scalar(T.UINT16, 65535) },
        { key: "i16", value: scalar(T.INT16, -32768) },
        { key: "u32", value: scalar(T.UINT32, 4294967295) },
        { key: "i32", value: scalar(T.INT32, -2147483648) },
        { key: "f32", value: scalar(T.FLOAT32, 1e-6) },
        { key: "bool.true", value: scalar(T.BOOL, true) },
        { key: "bool.false", value: scalar(T.BOOL, false) },
        { key: "string", value: scalar(T.STRING, "héllo <|im_end|> 日本") },
        { key: "string.empty", value: scalar(T.STRING, "") },
        { key: "u64", value: scalar(T.UINT64, 18446744073709551615n) },
        { key: "i64", value: scalar(T.INT64, -9223372036854775808n) },
        { key: "f64", value: scalar(T.FLOAT64, Math.PI) },
        { key: "array.f32", value: array(T.FLOAT32, [0.5, -2, 3.25]) },
        { key: "array.bool", value: array(T.BOOL, [true, false, true]) },
        { key: "array.u64", value: array(T.UINT64, [1n, 2n ** 60n]) },
        { key: "array.i16", value: array(T.INT16, [-1, 7]) },
        { key: "array.string", value: array(T.STRING, ["a", "", "ünï"]) },
        { key: "array.empty", value: array(T.INT32, []) },
        {
          key: "array.nested",
          value: array(T.ARRAY, [
            { elementType: T.UINT8, values: [1, 2] },
            { elementType: T.STRING, values: ["x"] },
          ]),
        },
      ],
    });
    const file = await readGguf(scratch.write("values.gguf", bytes));
    const m = file.metadata;
    assert.equal(file.version, 3);
    assert.equal(file.tensors.length, 0);
    assert.equal(file.dataOffset, bytes.length);
    assert.equal(m.get("u8"), 250);
    assert.equal(m.get("i8"), -128);
    assert.equal(m.get("u16"), 65535);
    assert.equal(m.get("i16"), -32768);
    assert.equal(m.get("u32"), 4294967295);
    assert.equal(m.get("i32"), -2147483648);
    assert.equal(m.get("f32"), Math.fround(1e-6));
    assert.equal(m.get("bool.true"), true);
    assert.equal(m.get("bool.false"), false);
    assert.equal(m.get("string"), "héllo <|im_end|> 日本");
    assert.equal(m.get("string.empty"), "");
    assert.equal(m.get("u64"), 18446744073709551615n);
    assert.equal(m.get("i64"), -9223372036854775808n);
    assert.equal(m.get("f64"), Math.PI);
    assert.deepEqual(m.get("array.f32"), {
      type: "array",
      elementType: T.FLOAT32,
      length: 3,
      values: [0.5, -2, 3.25],
    });
    assert.deepEqual((m.get("array.bool") as GgufArray).values, [true, false, true]);
    assert.deepEqual((m.get("array.u64") as GgufArray).values, [1n, 2n ** 60n]);
    assert.deepEqual((m.get("array.i16") as GgufArray).values, [-1, 7]);
    assert.deepEqual((m.get("array.string") as GgufArray).values, ["a", "", "ünï"]);
    assert.deepEqual(m.get("array.empty"), { type: "array", elementType: T.INT32, length: 0, values: [] });
    const nested = m.get("array.nested") as GgufArray;
    assert.equal(nested.elementType, T.ARRAY);
    assert.deepEqual(nested.values, [
      { type: "array", elementType: T.UINT8, length: 2, values: [1, 2] },
      { type: "array", elementType: T.STRING, length: 1, values: ["x"] },
    ]);
    assert.deepEqual(
      [...file.metadataTypes.values()],
      [0, 1, 2, 3, 4, 5, 6, 7, 7, 8, 8, 10, 11, 12, 9, 9, 9, 9, 9, 9, 9],
    );
    assert.deepEqual([...m.keys()].slice(0, 3), ["u8", "i8", "u16"]);
  });

  it("reads any non-zero bool byte as true and decodes invalid UTF-8 with replacement", async () => {
    const { bytes, layout } = buildGgufBytes({
      kvs: [
        { key: "flag", value: scalar(T.BOOL, true) },
        { key: "text", value: scalar(T.STRING, "abc") },
      ],
    });
    bytes[layout.kvs[0]!.valueOffset] = 7;
    bytes[layout.kvs[1]!.valueOffset + 8 + 1] = 0xff;
    const file = await readGguf(scratch.write("odd.gguf", bytes));
    assert.equal(file.metadata.get("flag"), true);
    assert.equal(file.metadata.get("text"), "a\ufffdc");
  });

  it("keeps only the first maxArrayElementsKept elements but reports the full length", async () => {
    const spec = modelSpec({ vocabulary: 1000 });
    const path = scratch.write("kept.gguf", buildGgufBytes(spec).bytes);
    const file = await readGguf(path, { maxArrayElementsKept: 4 });
    const tokens = file.metadata.get("tokenizer.ggml.tokens");
    assert.ok(isGgufArray(tokens));
    assert.equal(tokens.length, 1000);
    assert.deepEqual(tokens.values, ["<|endoftext|>", "<|im_start|>", "<|im_end|>", "tok3Ġ"]);
    const types = file.metadata.get("tokenizer.ggml.token_type") as GgufArray;
    assert.equal(types.values.length, 4);
    assert.equal(file.metadata.get("tokenizer.chat_template"), fixtureChatTemplate);
    const full = await readGguf(path);
    assert.equal((full.metadata.get("tokenizer.ggml.merges") as GgufArray).values.length, 1000);
    assert.equal((full.metadata.get("tokenizer.ggml.merges") as GgufArray).values[999], "t29 o999");
  });

  it("ggufNumber converts safe bigints and refuses others", () => {
    assert.equal(ggufNumber(5n), 5);
    assert.equal(ggufNumber(2n ** 60n), undefined);
    assert.equal(ggufNumber("5"), undefined);
    assert.equal(ggufNumber(1.5), 1.5);
  });
});

describe("readGguf: tensors", () => {
  it("reads tensor infos with sizes, types and aligned offsets", async () => {
    const spec = modelSpec({ layers: 2, width: 256, vocabulary: 64 });
    const { bytes, layout } = buildGgufBytes(spec);
    const file = await readGguf(scratch.write("model.gguf", bytes));
    assert.equal(file.tensors.length, spec.tensors!.length);
    assert.equal(file.alignment, 32);
    assert.equal(file.dataOffset, layout.dataOffset);
    assert.equal(file.dataOffset % 32, 0);
    assert.equal(file.fileSize, bytes.length);
    const embedding = file.tensors[0]!;
    assert.deepEqual(embedding, {
      name: "token_embd.weight",
      dimensions: [256, 64],
      type: 14,
      typeName: "Q6_K",
      offset: 0,
      byteSize: 64 * 210,
      elementCount: 256 * 64,
    });
    const norm = file.tensors[1]!;
    assert.equal(norm.name, "blk.0.attn_norm.weight");
    assert.equal(norm.offset, Math.ceil((64 * 210) / 32) * 32);
    assert.equal(norm.byteSize, 256 * 4);
    const last = file.tensors.at(-1)!;
    assert.equal(file.dataOffset + last.offset + last.byteSize, bytes.length);
    for (const [index, tensor] of file.tensors.entries()) {
      assert.equal(tensor.byteSize, tensorByteSize(spec.tensors![index]!));
    }
  });

  it("honours general.alignment and the new ggml types NVFP4, Q1_0 and Q2_0", async () => {
    const { bytes } = buildGgufBytes({
      kvs: [{ key: "general.alignment", value: scalar(T.UINT32, 64) }],
      tensors: [
        { name: "a", dimensions: [64, 3], type: 40 },
        { name: "b", dimensions: [128], type: 41 },
        { name: "c", dimensions: [64, 1, 1, 2], type: 42 },
      ],
    });
    const file = await readGguf(scratch.write("aligned.gguf", bytes));
    assert.equal(file.alignment, 64);
    assert.equal(file.dataOffset % 64, 0);
    assert.deepEqual(
      file.tensors.map((tensor) => [tensor.typeName, tensor.byteSize, tensor.offset]),
      [
        ["NVFP4", 3 * 36, 0],
        ["Q1_0", 18, 128],
        ["Q2_0", 2 * 18, 192],
      ],
    );
  });

  it("reads version 2 files", async () => {
    const { bytes } = buildGgufBytes({ version: 2, ...modelSpec({}) });
    const file = await readGguf(scratch.write("v2.gguf", bytes));
    assert.equal(file.version, 2);
    assert.equal(file.metadata.get("general.architecture"), "qwen3");
  });
});

describe("readGguf: loading", () => {
  it("reads a header region larger than the first 1 MiB it loads", async () => {
    const spec = modelSpec({ vocabulary: 30_000 });
    const filler = "é".repeat(512 * 1024 - 20);
    spec.kvs = [{ key: "filler", value: scalar(T.STRING, filler) }, ...spec.kvs!];
    const { bytes, layout } = buildGgufBytes(spec);
    assert.ok(layout.infoEnd > 1024 * 1024 + 100_000);
    const file = await readGguf(scratch.write("large-header.gguf", bytes));
    assert.equal(file.metadata.get("filler"), filler);
    const tokens = file.metadata.get("tokenizer.ggml.tokens") as GgufArray;
    assert.equal(tokens.values[29_999], "tok29999Ġ");
    assert.equal(file.tensors.length, spec.tensors!.length);
    assert.equal(file.dataOffset, layout.dataOffset);
  });

  it("refuses a header region over maxHeaderBytes", async () => {
    const { bytes } = buildGgufBytes({ kvs: [{ key: "big", value: scalar(T.STRING, "x".repeat(300_000)) }] });
    await assert.rejects(
      readGguf(scratch.write("limit.gguf", bytes), { maxHeaderBytes: 100_000 }),
      (error) => {
        assert.ok(isEdgecallError(error, "invalid-gguf"));
        assert.match(
          error.message,
          /key-value pair #0 'big': .*run past 100000 bytes \(the maxHeaderBytes limit\)/,
        );
        return true;
      },
    );
  });
});

describe("readGguf: files that are not there", () => {
  it("reports a missing file as file-not-found", async () => {
    await assert.rejects(readGguf("/nonexistent/dir/model.gguf"), (error) => {
      assert.ok(isEdgecallError(error, "file-not-found"));
      assert.equal(error.subject, "/nonexistent/dir/model.gguf");
      assert.match(error.message, /not found: \/nonexistent\/dir\/model\.gguf/);
      return true;
    });
  });

  it("reports a directory as invalid-gguf naming it", async () => {
    const directory = scratch.write("placeholder", new Uint8Array()).replace(/placeholder$/, "");
    await assert.rejects(readGguf(directory), (error) => {
      assert.ok(isEdgecallError(error, "invalid-gguf"));
      assert.match(error.message, /is a directory/);
      return true;
    });
  });

  it("reports a FIFO as not a regular file without blocking on it", async (context) => {
    const fifo = scratch.write("placeholder-fifo", new Uint8Array());
    rmSync(fifo);
    try {
      execFileSync("mkfifo", [fifo]);
    } catch {
      context.skip("mkfifo is not available");
      return;
    }
    await assert.rejects(readGguf(fifo), /is not a regular file/);
  });

  it("reports an empty file as invalid-gguf", async () => {
    await assert.rejects(readGguf(scratch.write("empty.gguf", new Uint8Array())), (error) => {
      assert.ok(isEdgecallError(error, "invalid-gguf"));
      assert.match(error.message, /^invalid GGUF file .*empty\.gguf: not a GGUF file \(only 0 bytes\)$/);
      return true;
    });
  });
});
