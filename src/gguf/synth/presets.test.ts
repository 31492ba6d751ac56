import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { isEdgecallError } from "../../errors.js";
import { listPresets, resolvePreset } from "./presets.js";
import { parseShape } from "./shape.js";
import { countParameters, isRecurrentLayer, planTensors } from "./tensor-plan.js";

/** Parameter totals from shared/reference/model-facts.md §1. */
const realTotals: Record<string, number> = {
  "qwen3-0.6b": 596_049_920,
  "qwen3.5-0.8b": 752_393_024,
  "qwen3.5-2b": 1_881_825_088,
  "lfm2.5-1.2b": 1_170_340_608,
  "minicpm5-1b": 1_080_632_832,
  "llama3.2-1b": 1_235_814_400,
  // llama.cpp's count for gemma-3-270m-q4_k_m.gguf (`edgecall inspect`).
  "gemma3-270m": 268_098_176,
  // FunctionGemma 270M is a fine-tune of Gemma 3 270M: the same tensors.
  "functiongemma-270m": 268_098_176,
};

describe("presets", () => {
  test("parameter counts of the named presets are within 1% of the real models'", () => {
    for (const [name, total] of Object.entries(realTotals)) {
      const parameters = countParameters(resolvePreset(name).shape);
      assert.ok(Math.abs(parameters - total) / total < 0.01, `${name}: ${parameters} vs ${total}`);
    }
    // The verified ones match exactly (llama3.2-1b adds the 32 rope_freqs factors).
    assert.equal(countParameters(resolvePreset("qwen3-0.6b").shape), 596_049_920);
    assert.equal(countParameters(resolvePreset("qwen3.5-0.8b").shape), 752_393_024);
    assert.equal(countParameters(resolvePreset("minicpm5-1b").shape), 1_080_632_832);
    assert.equal(countParameters(resolvePreset("llama3.2-1b").shape), 1_235_814_400 + 32);
    assert.equal(countParameters(resolvePreset("gemma3-270m").shape), 268_098_176);
  });

  test("listPresets gives name, arch, computed parameters, verified and notes", () => {
    const presets = listPresets();
    const twoB = presets.find((preset) => preset.name === "qwen3.5-2b");
    assert.deepEqual(
      { arch: twoB?.arch, verified: twoB?.verified, parameters: twoB?.parameters },
      { arch: "qwen35", verified: false, parameters: 1_881_825_088 },
    );
    assert.match(twoB!.notes, /UNVERIFIED/);
    const tiny = presets.filter((preset) => preset.name === "tiny").map((preset) => preset.arch);
    assert.deepEqual(tiny.sort(), ["gemma3", "lfm2", "llama", "qwen3", "qwen35"]);
    for (const preset of presets.filter((entry) => entry.name === "tiny")) {
      assert.ok(preset.parameters < 2_000_000, `tiny ${preset.arch} stays small`);
    }
  });

  test("tiny qwen35 has full-attention and recurrent layers; tiny lfm2 has attention and conv layers", () => {
    const qwen35 = resolvePreset("tiny", "qwen35").shape;
    const kinds = Array.from({ length: qwen35.blockCount }, (_, layer) => isRecurrentLayer(qwen35, layer));
    assert.ok(kinds.includes(true) && kinds.includes(false));
    const lfm2 = planTensors(resolvePreset("tiny", "lfm2").shape).map((tensor) => tensor.name);
    assert.ok(lfm2.some((name) => name.endsWith("shortconv.conv.weight")));
    assert.ok(lfm2.some((name) => name.endsWith("attn_q.weight")));
  });

  test("minicpm5-1b is a llama with untied output and key_length 128 ≠ width/heads", () => {
    const { shape } = resolvePreset("minicpm5-1b");
    assert.equal(shape.arch, "llama");
    assert.equal(shape.keyLength, 128);
    assert.notEqual(shape.embeddingLength / shape.headCount, 128);
    const names = planTensors(shape).map((tensor) => tensor.name);
    assert.ok(names.includes("output.weight"));
    const query = planTensors(shape).find((tensor) => tensor.name === "blk.0.attn_q.weight");
    assert.deepEqual(query?.dimensions, [1536, 2048]);
  });

  test("unknown names and mismatched archs are usage errors listing the valid names", () => {
    assert.throws(
      () => resolvePreset("qwen9"),
      (error: unknown) => isEdgecallError(error, "usage") && /qwen3\.5-0\.8b/.test(error.message),
    );
    assert.throws(() => resolvePreset("tiny"), /give --arch/);
    assert.throws(() => resolvePreset("tiny", "gpt2"), /valid architectures: llama, qwen3, qwen35, lfm2/);
    assert.throws(() => resolvePreset("qwen3-0.6b", "lfm2"), /has arch qwen3/);
  });
});

describe("custom shapes", () => {
  const valid = {
    arch: "qwen3",
    vocabSize: 2048,
    embeddingLength: 256,
    blockCount: 2,
    feedForwardLength: 512,
    headCount: 4,
    headCountKv: 2,
    ropeFreqBase: 1e6,
    rmsEpsilon: 1e-6,
    contextLength: 2048,
    tiedEmbeddings: true,
  };

  test("a valid shape parses", () => {
    assert.equal(countParameters(parseShape(valid)) > 0, true);
  });

  test("errors name the field at fault", () => {
    assert.throws(() => parseShape({ ...valid, embeddingLength: -1 }), /embeddingLength/);
    assert.throws(() => parseShape({ ...valid, arch: "gpt2" }), /arch/);
    assert.throws(() => parseShape({ ...valid, headCountKv: 3 }), /headCountKv: must divide headCount/);
    assert.throws(() => parseShape({ ...valid, colour: "red" }), /colour/);
    assert.throws(() => parseShape({ ...valid, arch: "qwen35" }), /ssm: required for arch qwen35/);
    assert.throws(() => parseShape({ ...valid, arch: "lfm2" }), /attentionLayers/);
    assert.throws(
      () => parseShape({ ...valid, arch: "llama", ropeDimensionCount: 32 }),
      /ropeDimensionCount: must equal keyLength \(64\)/,
    );
    assert.throws(
      () =>
        parseShape(
          {
            ...valid,
            arch: "qwen35",
            ssm: { convKernel: 4, stateSize: 32, groupCount: 2, timeStepRank: 4, innerSize: 100 },
          },
          "my.json",
        ),
      (error: unknown) =>
        isEdgecallError(error, "invalid-argument") && /^my\.json: .*ssm\.innerSize/.test(error.message),
    );
  });
});
