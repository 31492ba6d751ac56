import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { getFormat } from "../formats/registry.js";
import { f32, presetPlan, u32, withKv, writeHollowGguf } from "../gguf/hollow-model.test-support.js";
import { ggufHeaderReads } from "../gguf/reader.js";
import { tinyModelPath } from "../gguf/synth/tiny-model.test-support.js";
import { type GgufWriteValue, ggufKv, writeGguf } from "../gguf/writer.js";
import { startFakeHub } from "./hub/fake-hub.test-support.js";
import { loadLlamaModel } from "./llama-cpp/load.js";
import { absoluteModelSpec } from "./model-spec.js";
import { localModelFile, openModel, openModelValue } from "./open-model.js";

const directory = mkdtempSync(join(tmpdir(), "edgecall-open-model-"));
after(() => rmSync(directory, { recursive: true, force: true }));

describe("openModel", () => {
  it("refuses a GGUF without general.architecture before llama.cpp sees it, naming the file", async () => {
    const path = join(directory, "no-architecture.gguf");
    await writeGguf({ path, metadata: [ggufKv.string("general.name", "x")], tensors: [], produce: () => [] });
    await assert.rejects(
      openModel(path),
      (error: unknown) =>
        isEdgecallError(error, "invalid-gguf") &&
        error.message ===
          `${path} has no general.architecture: it is not a model llama.cpp can load (edgecall inspect shows what it holds)`,
    );
  });
});

describe("openModelValue", () => {
  it("reads the GGUF header once per open; one identity, the format object, the spec parsed", async () => {
    const path = await tinyModelPath("qwen3");
    const sha256 = createHash("sha256").update(readFileSync(path)).digest("hex");
    const cache = join(directory, "cache-once");
    const saved = { ...process.env };
    process.env.EDGECALL_CACHE_DIR = cache;
    try {
      for (const format of [undefined, "json"]) {
        const before = ggufHeaderReads();
        // The prefix state cache is on: its key is the same identity, with no read of its own.
        const opened = await openModelValue(path, {
          gpu: "off",
          threads: 1,
          ...(format === undefined ? {} : { format }),
        });
        try {
          assert.equal(ggufHeaderReads() - before, 1, "edgecall's reader reads the header once per open");
          assert.equal(opened.identity, `gguf:sha256:${sha256}`);
          assert.deepEqual(opened.file, { path, sha256 });
          assert.deepEqual(opened.spec, { text: path, spec: { kind: "gguf", path }, absolute: path });
          assert.equal(opened.facts?.architecture, "qwen3");
          assert.equal(opened.formatName, opened.backend.info.format);
          assert.equal(opened.format?.name, opened.backend.info.format);
          if (format !== undefined) assert.equal(opened.format, getFormat(format), "the object, not a name");
        } finally {
          await opened.backend.close();
        }
      }
      assert.ok(readdirSync(cache).includes("file-hashes.json"), "the hash is kept for the next process");
    } finally {
      process.env = saved;
    }
  });
});

describe("openModel and loadLlamaModel on hostile GGUFs", () => {
  // Each of these made llama.cpp abort the process (GGML_ASSERT) or misbehave; they are refused
  // by edgecall's own checks, before node-llama-cpp is started.
  const plan = presetPlan("qwen3");
  const hostile: [string, string, GgufWriteValue, RegExp][] = [
    [
      "block-count",
      "qwen3.block_count",
      u32(100_000),
      /qwen3\.block_count is 100000; llama\.cpp allows 1 to 512 layers/,
    ],
    ["heads", "qwen3.attention.head_count", u32(0), /qwen3\.attention\.head_count is 0/],
    ["kv-heads", "qwen3.attention.head_count_kv", u32(0), /qwen3\.attention\.head_count_kv is 0/],
    [
      "epsilon",
      "qwen3.attention.layer_norm_rms_epsilon",
      f32(Number.NaN),
      /qwen3\.attention\.layer_norm_rms_epsilon is NaN, not a finite number/,
    ],
    ["width", "qwen3.embedding_length", u32(0), /qwen3\.embedding_length is 0/],
  ];
  for (const [name, key, value, pattern] of hostile) {
    it(`refuses a file with a hostile ${key} (${name}), naming the file`, async () => {
      const path = writeHollowGguf(
        join(directory, `hostile-${name}.gguf`),
        withKv(plan.metadata, key, value),
        plan.descriptors,
      );
      const check = (error: unknown) => {
        assert.ok(isEdgecallError(error, "invalid-gguf"), String(error));
        assert.ok(error.message.startsWith(`${path}: `), error.message);
        assert.match(error.message, pattern);
        return true;
      };
      await assert.rejects(openModel(path), check);
      await assert.rejects(loadLlamaModel({ modelPath: path, threads: 1 }), check);
    });
  }
});

describe("openModel on a GGUF whose chat template runs away", () => {
  it("refuses the file when it is opened, naming the file and the limit", async () => {
    const plan = presetPlan("qwen3");
    const template = "{% for i in range(1000000000000) %}{{ i }}{% endfor %}";
    const path = writeHollowGguf(
      join(directory, "hostile-template.gguf"),
      withKv(plan.metadata, "tokenizer.chat_template", { type: "string", value: template }),
      plan.descriptors,
    );
    const check = (error: unknown) =>
      isEdgecallError(error, "invalid-argument") &&
      error.message ===
        `${path}: chat template refused: range() of 1000000000000 items is over the limit of 100000 loop iterations`;
    await assert.rejects(openModel(path), check);
    await assert.rejects(loadLlamaModel({ modelPath: path, threads: 1 }), check);
  });
});

describe("absoluteModelSpec", () => {
  it("makes file paths absolute and leaves the rest as given", () => {
    assert.equal(absoluteModelSpec("models/a.gguf"), resolve("models/a.gguf"));
    assert.equal(absoluteModelSpec("/m/a.gguf"), "/m/a.gguf");
    assert.equal(absoluteModelSpec("replay:r.jsonl?delayMs=5"), `replay:${resolve("r.jsonl")}?delayMs=5`);
    assert.equal(absoluteModelSpec("replay:/x/r.jsonl"), "replay:/x/r.jsonl");
    assert.equal(absoluteModelSpec("openai:http://h:1/v1#m"), "openai:http://h:1/v1#m");
    assert.equal(absoluteModelSpec("demo"), "demo");
  });
});

describe("openModel on an hf: spec", () => {
  it("downloads the file from the hub HF_ENDPOINT names, opens it, and finds it offline next time", async () => {
    const gguf = readFileSync(await tinyModelPath("llama"));
    const hub = await startFakeHub({
      owner: "acme",
      repo: "tiny-GGUF",
      files: [{ name: "tiny-Q8_0.gguf", content: gguf }],
    });
    const saved = { ...process.env };
    process.env.EDGECALL_CACHE_DIR = join(directory, "cache");
    process.env.HF_ENDPOINT = hub.endpoint;
    try {
      const backend = await openModel("hf:acme/tiny-GGUF:Q8_0", {
        gpu: "off",
        threads: 1,
        prefixCacheBytes: 0,
      });
      try {
        const path = String(backend.info.model);
        assert.ok(path.startsWith(join(directory, "cache", "models", "hf", "acme", "tiny-GGUF")), path);
        assert.deepEqual(readFileSync(path), gguf);
      } finally {
        await backend.close();
      }
      const seen = hub.requests.length;
      assert.ok(seen >= 2);
      assert.equal(await localModelFile("hf:acme/tiny-GGUF:Q8_0"), String(backend.info.model));
      assert.equal(hub.requests.length, seen);
    } finally {
      process.env = saved;
      await hub.close();
    }
  });
});
