import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import {
  getLlama,
  type Llama,
  LlamaCompletion,
  LlamaLogLevel,
  type LlamaModel,
  QwenChatWrapper,
  readGgufFileInfo,
  resolveChatWrapper,
} from "node-llama-cpp";
import { isEdgecallError } from "../../errors.js";
import { chatTemplate } from "./chat-templates.js";
import { exitedPid } from "./exited-process.test-support.js";
import { resolvePreset } from "./presets.js";
import { parseShape } from "./shape.js";
import { synthesizeGguf } from "./synthesize.js";
import { countParameters } from "./tensor-plan.js";
import { tinyModelPath } from "./tiny-model.test-support.js";

const directory = mkdtempSync(join(tmpdir(), "edgecall-synth-test-"));
let llama: Llama;

before(async () => {
  llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
});
after(async () => {
  await llama?.dispose();
  rmSync(directory, { recursive: true, force: true });
});

/** Loads a file, checks the parameter count llama.cpp reports, generates a few tokens. */
async function loadAndGenerate(
  path: string,
  expectedParameters: number,
  inspect?: (model: LlamaModel) => void,
): Promise<number> {
  const model = await llama.loadModel({ modelPath: path });
  try {
    inspect?.(model);
    assert.equal(model.fileInsights.totalParameters, expectedParameters, "node-llama-cpp's count");
    const native = (model as unknown as { _model?: { getTotalParameters?: () => number } })._model;
    if (typeof native?.getTotalParameters === "function") {
      assert.equal(native.getTotalParameters(), expectedParameters, "llama.cpp's own count");
    }
    const context = await model.createContext({ contextSize: 128, threads: 2 });
    try {
      const completion = new LlamaCompletion({ contextSequence: context.getSequence() });
      let tokens = 0;
      await completion.generateCompletion("The weather in Paris is", {
        maxTokens: 4,
        onToken: (chunk) => {
          tokens += chunk.length;
        },
      });
      return tokens;
    } finally {
      await context.dispose();
    }
  } finally {
    await model.dispose();
  }
}

const cases: { arch: "qwen3" | "qwen35" | "lfm2" | "llama" | "gemma3"; quant: string }[] = [
  { arch: "qwen3", quant: "f16" },
  { arch: "qwen3", quant: "q4_0" },
  { arch: "qwen35", quant: "f16" },
  { arch: "qwen35", quant: "q4_0" },
  { arch: "lfm2", quant: "f16" },
  { arch: "lfm2", quant: "q4_0" },
  { arch: "llama", quant: "f16" },
  { arch: "llama", quant: "q4_0" },
  { arch: "gemma3", quant: "f16" },
  { arch: "gemma3", quant: "q4_0" },
];

describe("synthesizeGguf", () => {
  for (const { arch, quant } of cases) {
    test(`tiny ${arch} at ${quant} loads in node-llama-cpp and generates`, async () => {
      const outputPath = join(directory, `tiny-${arch}-${quant}.gguf`);
      let lastProgress: [number, number] = [0, -1];
      const result = await synthesizeGguf({
        arch,
        preset: "tiny",
        quant,
        outputPath,
        onProgress: (done, total) => {
          lastProgress = [done, total];
        },
      });
      const expected = countParameters(resolvePreset("tiny", arch).shape);
      assert.equal(result.parameters, expected);
      assert.equal(result.bytes, statSync(outputPath).size);
      assert.equal(lastProgress[0], lastProgress[1], "progress reaches the total");
      assert.ok(!readdirSync(directory).some((name) => name.endsWith(".partial")), "no partial file is left");
      const tokens = await loadAndGenerate(outputPath, expected);
      assert.ok(tokens > 0, "generated at least one token");
    });
  }

  test("tiny qwen35 at q8_0 through tinyModelPath is cached and loads", async () => {
    const path = await tinyModelPath("qwen35");
    assert.equal(await tinyModelPath("qwen35", "q8_0"), path, "second call reuses the file");
    const tokens = await loadAndGenerate(
      path,
      countParameters(resolvePreset("tiny", "qwen35").shape),
      (model) => {
        // node-llama-cpp recognises the Qwen3.5 format in our template, as with the official one
        const wrapper = resolveChatWrapper(model);
        assert.ok(wrapper instanceof QwenChatWrapper);
        assert.equal(wrapper.variation, "3.5");
        assert.deepEqual(
          model.tokenize("<|im_start|>", true),
          [1536 - 26 + 1],
          "specials tokenise as one token",
        );
        assert.equal(model.tokens.eosString, "<|im_end|>");
      },
    );
    assert.ok(tokens > 0);
  });

  test("q4_k_m with real Q4_K/Q6_K blocks (a 256-wide shape) loads and generates", async () => {
    const outputPath = join(directory, "wide-q4_k_m.gguf");
    const shape = {
      ...resolvePreset("tiny", "qwen35").shape,
      embeddingLength: 256,
      feedForwardLength: 512,
      vocabSize: 1024,
    };
    const result = await synthesizeGguf({ shape, quant: "q4_k_m", outputPath });
    const info = await readGgufFileInfo(outputPath, { logWarnings: false });
    const types = new Set(info.fullTensorInfo!.map((tensor) => tensor.ggmlType as number));
    assert.ok(types.has(12) && types.has(14), "both Q4_K and Q6_K tensors are present");
    assert.ok((await loadAndGenerate(outputPath, result.parameters)) > 0);
  });

  test("metadata marks random weights, names the preset and holds the family's template", async () => {
    const outputPath = join(directory, "meta.gguf");
    await synthesizeGguf({ arch: "lfm2", preset: "tiny", quant: "q8_0", outputPath, chatTemplate: "qwen3" });
    const info = await readGgufFileInfo(outputPath, { logWarnings: false });
    const metadata = info.metadata as unknown as Record<string, Record<string, unknown>>;
    assert.equal(metadata.general?.name, "random-tiny-lfm2");
    assert.equal(metadata.general?.file_type, 7);
    assert.equal(metadata.edgecall?.random_weights, true);
    assert.equal(metadata.edgecall?.preset, "tiny-lfm2");
    assert.equal((metadata.tokenizer as { chat_template?: string }).chat_template, chatTemplate("qwen3"));
    const types = new Map(info.fullTensorInfo!.map((tensor) => [tensor.name, tensor.ggmlType as number]));
    assert.equal(types.get("token_embd.weight"), 8);
    assert.equal(types.get("blk.0.shortconv.conv.weight"), 0, "conv kernels stay F32");
    assert.equal(types.get("token_embd_norm.weight"), 0, "norms stay F32");
    assert.equal(types.get("blk.0.ffn_down.weight"), 8);
  });

  test("removes the partial file a killed writer of the same output left behind", async () => {
    const outputPath = join(directory, "killed-writer.gguf");
    const stale = `${outputPath}.${exitedPid()}-1.partial`;
    writeFileSync(stale, "half a file");
    await synthesizeGguf({ arch: "qwen3", preset: "tiny", quant: "q8_0", outputPath });
    assert.ok(!existsSync(stale), "the stale partial file is gone");
    assert.ok(statSync(outputPath).size > 0);
  });

  test("the same seed gives the same bytes; another seed does not", async () => {
    const digest = async (seed: number, name: string) => {
      const outputPath = join(directory, name);
      await synthesizeGguf({ arch: "qwen3", preset: "tiny", quant: "q4_0", outputPath, seed });
      return createHash("sha256").update(readFileSync(outputPath)).digest("hex");
    };
    const first = await digest(5, "seed-a.gguf");
    assert.equal(await digest(5, "seed-b.gguf"), first);
    assert.notEqual(await digest(6, "seed-c.gguf"), first);
  });

  test("bad names are usage errors listing the valid ones; nothing is left behind", async () => {
    const outputPath = join(directory, "bad.gguf");
    const usage = (pattern: RegExp) => (error: unknown) =>
      isEdgecallError(error, "usage") && pattern.test(error.message);
    await assert.rejects(
      synthesizeGguf({ preset: "nope", quant: "f16", outputPath }),
      usage(/valid presets: tiny/),
    );
    await assert.rejects(
      synthesizeGguf({ arch: "gpt2", preset: "tiny", quant: "f16", outputPath }),
      usage(/valid architectures/),
    );
    await assert.rejects(
      synthesizeGguf({ arch: "qwen3", preset: "tiny", quant: "q3_k", outputPath }),
      usage(/valid types: f32, f16, bf16, q8_0, q4_0, q4_k_m/),
    );
    await assert.rejects(
      synthesizeGguf({ arch: "qwen3", preset: "tiny", quant: "f16", chatTemplate: "chatml", outputPath }),
      usage(/valid templates/),
    );
    await assert.rejects(synthesizeGguf({ quant: "f16", outputPath }), usage(/--preset NAME/));
    const missingFolder = join(directory, "no-such-folder", "x.gguf");
    await assert.rejects(
      synthesizeGguf({ arch: "qwen3", preset: "tiny", quant: "f16", outputPath: missingFolder }),
      /^EdgecallError: could not write .*no-such-folder\/x\.gguf\.\d+-\d+\.partial: ENOENT/,
    );
    const folder = join(directory, "bad-folder");
    mkdirSync(folder);
    await assert.rejects(
      synthesizeGguf({ arch: "qwen3", preset: "tiny", quant: "f16", outputPath: folder }),
      (error: unknown) =>
        isEdgecallError(error, "invalid-argument") &&
        /^output .*bad-folder is a directory/.test(error.message),
    );
    rmSync(folder, { recursive: true });
    assert.ok(!readdirSync(directory).some((name) => name.startsWith("bad") || name.endsWith(".partial")));
  });

  test("a custom MiniCPM5-like shape (untied, key_length ≠ width/heads) loads with the minicpm5 tokenizer", async () => {
    const outputPath = join(directory, "custom.gguf");
    const { llama3Rope: _unused, ...tinyLlama } = resolvePreset("tiny", "llama").shape;
    const shape = {
      ...tinyLlama,
      tokenizer: "minicpm5",
      keyLength: 64,
      ropeDimensionCount: 64,
      tiedEmbeddings: false,
    };
    const result = await synthesizeGguf({ shape, quant: "q8_0", outputPath });
    assert.equal(result.preset, "custom");
    assert.equal(result.chatTemplate, "minicpm5");
    assert.equal(result.parameters, countParameters(parseShape(shape)));
    assert.ok((await loadAndGenerate(outputPath, result.parameters)) > 0);
    await assert.rejects(
      synthesizeGguf({ shape: { ...shape, headCount: 0 }, quant: "f32", outputPath }),
      /headCount/,
    );
    // A shape file without an arch takes --arch; one with another arch is refused.
    const { arch: _arch, ...withoutArch } = shape;
    const named = await synthesizeGguf({ shape: withoutArch, arch: "llama", quant: "f32", outputPath });
    assert.equal(named.arch, "llama");
    await assert.rejects(
      synthesizeGguf({ shape, arch: "qwen3", quant: "f32", outputPath }),
      /--arch qwen3 does not match the shape's arch llama/,
    );
  });
});
