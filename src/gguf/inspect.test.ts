import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { buildGgufBytes, scratchDirectory } from "./gguf-bytes.test-support.js";
import { f32, presetPlan, u32, withKv, writeHollowGguf } from "./hollow-model.test-support.js";
import { inspectGguf } from "./inspect.js";
import { shortestFloat32 } from "./inspect-metadata.js";
import { formatInspectText } from "./inspect-text.js";
import { array, fixtureChatTemplate, modelSpec, scalar } from "./reader-fixtures.test-support.js";
import { GgufValueType as T } from "./reader-types.js";

const scratch = scratchDirectory();
after(() => scratch.remove());

/** Parameters of modelSpec counted by hand: embedding, per-layer weights and norms, output norm. */
function expectedParameters(layers: number, width: number, vocabulary: number, untied = false): number {
  const perLayer = 2 * width + width * width * 2 + 2 * (width * (width / 2)) + 2 * (width * 3 * width);
  return width * vocabulary * (untied ? 2 : 1) + layers * perLayer + width;
}

describe("inspectGguf", () => {
  it("summarises a model-shaped file with the CLI contract's fields", async () => {
    const path = scratch.write(
      "model.gguf",
      buildGgufBytes(modelSpec({ layers: 3, vocabulary: 300, fileType: 15 })).bytes,
    );
    const result = await inspectGguf(path);
    assert.equal(result.architecture, "qwen3");
    assert.equal(result.name, "Fixture Qwen3");
    assert.equal(result.parameters, expectedParameters(3, 256, 300));
    assert.equal(result.fileType, "Q4_K_M");
    assert.equal(result.fileTypeGuessed, false);
    assert.equal(result.contextLength, 40960);
    assert.equal(result.tensorCount, 1 + 3 * 8 + 1);
    assert.equal(result.chatTemplate, fixtureChatTemplate);
    assert.equal(result.vocabularySize, 300);
    assert.equal(result.version, 3);
    assert.deepEqual(result.tensorTypes, { Q4_K: 12, F32: 7, Q6_K: 7 });
    const sizeBytes = 300 * 210 + 3 * (2 * 1024 + (256 * 256 * 2 + 256 * 128 + 256 * 768) * (144 / 256));
    assert.equal(result.sizeBytes, sizeBytes + 3 * (256 * 128 + 768 * 256) * (210 / 256) + 1024);
    assert.deepEqual(result.metadata["tokenizer.ggml.tokens"], {
      type: "array",
      elementType: "string",
      length: 300,
      head: ["<|endoftext|>", "<|im_start|>", "<|im_end|>", "tok3Ġ", "tok4Ġ", "tok5Ġ", "tok6Ġ", "tok7Ġ"],
    });
    assert.equal(result.metadata["qwen3.attention.layer_norm_rms_epsilon"], 1e-6);
    assert.equal(result.metadata["general.file_type"], 15);
    assert.deepEqual(Object.keys(result.metadata).slice(0, 3), [
      "general.architecture",
      "general.name",
      "general.file_type",
    ]);
    const json = JSON.stringify(result);
    assert.ok(json.length < 4000, `inspect JSON is ${json.length} characters`);
    assert.deepEqual(JSON.parse(json), result);
  });

  it("writes 64-bit integers, short arrays and non-finite floats as JSON", async () => {
    const { bytes } = buildGgufBytes({
      kvs: [
        { key: "small.u64", value: scalar(T.UINT64, 7n) },
        { key: "big.u64", value: scalar(T.UINT64, 2n ** 63n + 5n) },
        { key: "nan", value: scalar(T.FLOAT32, Number.NaN) },
        { key: "short", value: array(T.INT32, [1, -2, 3]) },
        { key: "sections", value: array(T.FLOAT32, [0.1, 0.25]) },
        { key: "__proto__", value: scalar(T.STRING, "kept as data") },
      ],
    });
    const result = await inspectGguf(scratch.write("values.gguf", bytes));
    assert.equal(result.metadata["small.u64"], 7);
    assert.equal(result.metadata["big.u64"], "9223372036854775813");
    assert.equal(result.metadata.nan, "NaN");
    assert.deepEqual(result.metadata.short, [1, -2, 3]);
    assert.deepEqual(result.metadata.sections, [0.1, 0.25]);
    assert.ok(Object.hasOwn(result.metadata, "__proto__"));
    assert.match(JSON.stringify(result.metadata), /"__proto__":"kept as data"/);
    assert.equal(result.architecture, null);
    assert.equal(result.fileType, null);
    assert.equal(result.contextLength, null);
    assert.equal(result.parameters, 0);
  });

  it("guesses the file type from the most common tensor type as llama.cpp does", async () => {
    const guessed = await inspectGguf(
      scratch.write("guess.gguf", buildGgufBytes(modelSpec({ layers: 2 })).bytes),
    );
    assert.equal(guessed.fileType, "Q4_K_M");
    assert.equal(guessed.fileTypeGuessed, true);
    const tie = buildGgufBytes({
      tensors: [
        { name: "b", dimensions: [32], type: 8 },
        { name: "a", dimensions: [32], type: 1 },
      ],
    });
    assert.equal((await inspectGguf(scratch.write("tie.gguf", tie.bytes))).fileType, "F16");
    const declared = buildGgufBytes({ kvs: [{ key: "general.file_type", value: scalar(T.UINT32, 40) }] });
    assert.equal((await inspectGguf(scratch.write("q1.gguf", declared.bytes))).fileType, "Q1_0");
  });

  it("lists the problems of a model llama.cpp would abort on, and none for a sound one", async () => {
    const plan = presetPlan("qwen3");
    const sound = await inspectGguf(
      writeHollowGguf(scratch.path("sound.gguf"), plan.metadata, plan.descriptors),
    );
    assert.deepEqual(sound.problems, []);
    const metadata = withKv(
      withKv(plan.metadata, "qwen3.block_count", u32(100_000)),
      "qwen3.attention.layer_norm_rms_epsilon",
      f32(Number.NaN),
    );
    const hostile = await inspectGguf(
      writeHollowGguf(scratch.path("hostile.gguf"), metadata, plan.descriptors),
    );
    assert.deepEqual(hostile.problems, [
      "qwen3.attention.layer_norm_rms_epsilon is NaN, not a finite number",
      "qwen3.block_count is 100000; llama.cpp allows 1 to 512 layers",
    ]);
    const text = formatInspectText(hostile);
    assert.match(
      text,
      /^problems \(2; llama\.cpp cannot load this file\):\n {2}qwen3\.attention\.layer_norm_rms_epsilon is NaN/m,
    );
    assert.doesNotMatch(formatInspectText(sound), /^problems/m);
    assert.equal(hostile.metadata["qwen3.block_count"] as number, 100_000);
  });

  it("rejects invalid files with the reader's error", async () => {
    await assert.rejects(inspectGguf(scratch.write("bad.gguf", Buffer.from("GGML0000"))), (error) =>
      isEdgecallError(error, "invalid-gguf"),
    );
  });
});

describe("formatInspectText", () => {
  it("lists the summary, the tensor type histogram and the metadata", async () => {
    const spec = modelSpec({ layers: 2, vocabulary: 100, fileType: 15 });
    spec.kvs = [...spec.kvs!, { key: "evil\u001b[2Jkey", value: scalar(T.STRING, "bell\u0007\u009b") }];
    const text = formatInspectText(await inspectGguf(scratch.write("text.gguf", buildGgufBytes(spec).bytes)));
    assert.match(text, /^architecture: +qwen3$/m);
    assert.match(text, /^parameters: +\d+\.\d\d [KM] \([\d,]+\)$/m);
    assert.match(text, /^file type: +Q4_K_M$/m);
    assert.match(text, /^context length: +40960$/m);
    assert.match(text, /^tensor types: +Q4_K 8, F32 5, Q6_K 5$/m);
    assert.match(text, /^ {2}tokenizer\.ggml\.tokens = \[string x 100\] "<\|endoftext\|>", .*, \.\.\.$/m);
    assert.match(text, /^ {2}tokenizer\.chat_template = "\{%- for message.*\.\.\." \(\d+ characters\)$/m);
    assert.match(text, /^ {2}evil\\u001b\[2Jkey = "bell\\u0007\\u009b"$/m);
    assert.doesNotMatch(text, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  });
});

describe("shortestFloat32", () => {
  it("gives the shortest decimal that reads back as the same f32", () => {
    assert.equal(shortestFloat32(Math.fround(1e-6)), 1e-6);
    assert.equal(shortestFloat32(Math.fround(0.1)), 0.1);
    assert.equal(shortestFloat32(Math.fround(1e7)), 1e7);
    assert.equal(shortestFloat32(Math.fround(1 / 3)), 0.33333334);
  });
});
