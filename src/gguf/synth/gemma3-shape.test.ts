import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { getLlama, type Llama, LlamaLogLevel } from "node-llama-cpp";
import { realModelsOrSkip } from "../../../test/real-weights/real-models.test-support.js";
import { readGguf } from "../reader.js";
import { isGgufArray } from "../reader-types.js";
import { resolvePreset } from "./presets.js";
import { planSynthesis } from "./synthesize.js";
import { planTensors } from "./tensor-plan.js";
import { tinyModelPath } from "./tiny-model.test-support.js";

let llama: Llama;
before(async () => {
  llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
});
after(async () => {
  await llama?.dispose();
});

describe("gemma3 synthesis", () => {
  test("tiny gemma3 has Gemma's turn tokens at their real ids, no template and a sliding window", async () => {
    const path = await tinyModelPath("gemma3");
    const file = await readGguf(path);
    assert.equal(file.metadata.get("tokenizer.chat_template"), undefined, "no template, like the base file");
    assert.equal(file.metadata.get("gemma3.attention.sliding_window"), 32);
    assert.equal(file.metadata.get("gemma3.attention.sliding_window_pattern"), 3);
    const model = await llama.loadModel({ modelPath: path });
    try {
      assert.deepEqual(model.tokenize("<start_of_turn>", true), [105]);
      assert.deepEqual(model.tokenize("<end_of_turn>", true), [106]);
      assert.equal(model.tokens.bos, 2);
      assert.equal(model.tokens.eos, 1);
      assert.equal(model.tokens.shouldPrependBosToken, true);
    } finally {
      await model.dispose();
    }
  });

  test("without a window the pattern and SWA rope base are refused", () => {
    const shape = { ...resolvePreset("tiny", "gemma3").shape, slidingWindow: undefined };
    assert.throws(() => planSynthesis({ shape, quant: "f16" }), /slidingWindowPattern: needs slidingWindow/);
    assert.throws(
      () =>
        planSynthesis({ shape: { ...resolvePreset("tiny", "qwen3").shape, slidingWindow: 8 }, quant: "f16" }),
      /slidingWindow: only for arch gemma3/,
    );
  });

  const real = realModelsOrSkip();
  test("gemma3-270m has the real file's tensors and gemma3.* metadata", { skip: real.skip }, async () => {
    const file = await readGguf(real.gemma3);
    const shapes = (tensors: { name: string; dimensions: number[] }[]) =>
      tensors.map((tensor) => `${tensor.name} ${tensor.dimensions.join("x")}`).sort();
    const preset = resolvePreset("gemma3-270m");
    assert.deepEqual(shapes(planTensors(preset.shape)), shapes(file.tensors));
    const plan = planSynthesis({ preset: "gemma3-270m", quant: "q4_k_m" });
    const ours = new Map(plan.metadata.map((entry) => [entry.key, entry.value]));
    for (const [key, value] of file.metadata) {
      if (!key.startsWith("gemma3.")) continue;
      const mine = ours.get(key);
      assert.ok(mine !== undefined, `${key} is written`);
      assert.ok(!isGgufArray(value) && "value" in mine, key);
      // f32 values are compared at f32 precision (the file holds 1e-6 as 9.99999997e-7).
      assert.equal(Math.fround(Number(value)), Math.fround(Number(mine.value)), key);
    }
  });
});
