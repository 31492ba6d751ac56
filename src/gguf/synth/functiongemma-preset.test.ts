import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { getLlama, type Llama, LlamaLogLevel } from "node-llama-cpp";
import { detectFormat } from "../../formats/detect-format.js";
import { readGguf } from "../reader.js";
import { chatTemplate } from "./chat-templates.js";
import { resolvePreset } from "./presets.js";
import { planSynthesis, synthesizeGguf } from "./synthesize.js";
import { countParameters } from "./tensor-plan.js";

const directory = mkdtempSync(join(tmpdir(), "edgecall-functiongemma-preset-"));
let llama: Llama;
before(async () => {
  llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
});
after(async () => {
  await llama?.dispose();
  rmSync(directory, { recursive: true, force: true });
});

describe("functiongemma-270m preset", () => {
  test("is Gemma 3 270M's shape with FunctionGemma's vocabulary and the functiongemma template", () => {
    const preset = resolvePreset("functiongemma-270m");
    const gemma = resolvePreset("gemma3-270m");
    assert.deepEqual({ ...preset.shape, tokenizer: undefined }, { ...gemma.shape, tokenizer: undefined });
    assert.equal(preset.shape.tokenizer, "functiongemma");
    assert.equal(countParameters(preset.shape), 268_098_176);
    const plan = planSynthesis({ preset: "functiongemma-270m", quant: "q4_k_m" });
    assert.equal(plan.templateName, "functiongemma");
    assert.equal(detectFormat(chatTemplate("functiongemma")), "functiongemma");
  });

  test("writes the function tokens at ids 46-52 as single control tokens, and the template", async () => {
    const shape = { ...resolvePreset("tiny", "gemma3").shape, tokenizer: "functiongemma" };
    const { path } = await synthesizeGguf({ shape, quant: "q8_0", outputPath: join(directory, "fg.gguf") });
    const file = await readGguf(path);
    assert.equal(file.metadata.get("tokenizer.chat_template"), chatTemplate("functiongemma"));
    const model = await llama.loadModel({ modelPath: path });
    try {
      const tokens = [
        "<start_function_declaration>",
        "<end_function_declaration>",
        "<start_function_call>",
        "<end_function_call>",
        "<start_function_response>",
        "<end_function_response>",
        "<escape>",
      ];
      tokens.forEach((text, index) => {
        assert.deepEqual(model.tokenize(text, true), [46 + index], text);
        assert.equal(model.detokenize([(46 + index) as never], true), text);
      });
      assert.deepEqual(model.tokenize("<start_of_turn>", true), [105]);
    } finally {
      await model.dispose();
    }
  });
});
