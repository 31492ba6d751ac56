import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { tinyModelPath } from "../../gguf/synth/tiny-model.test-support.js";
import type { ModelBackend } from "../model-backend.js";
import { createLlamaCppBackend } from "./backend.js";

const backends: ModelBackend[] = [];
after(async () => {
  for (const backend of backends) await backend.close();
});

async function promptOf(raw: boolean): Promise<{ prompt: string; backend: ModelBackend }> {
  // Tiny gemma3 has no chat template, like the base Gemma 3 file.
  const backend = await createLlamaCppBackend({
    modelPath: await tinyModelPath("gemma3"),
    threads: 1,
    ...(raw ? { rawCompletion: true } : {}),
  });
  backends.push(backend);
  let prompt = "";
  await backend.generate(
    {
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Hi" },
      ],
      tools: [],
      maxTokens: 2,
      sampling: { temperature: 0 },
    },
    { onPrompt: (text) => (prompt = text) },
  );
  return { prompt, backend };
}

describe("a GGUF without a chat template", () => {
  test("gemma3 is prompted in Gemma's turns, and says so", async () => {
    const { prompt, backend } = await promptOf(false);
    assert.equal(prompt, "<bos><start_of_turn>user\nBe brief.\n\nHi<end_of_turn>\n<start_of_turn>model\n");
    assert.equal(backend.info.chatTemplateFallback, "gemma-turns");
    assert.equal(backend.info.format, "json");
  });

  test("raw completion is the text alone (BOS added by tokenisation), no fallback", async () => {
    const { prompt, backend } = await promptOf(true);
    assert.equal(prompt, "Be brief.\n\nHi");
    assert.equal(backend.info.rawCompletion, true);
    assert.equal(backend.info.chatTemplateFallback, undefined);
  });
});

describe("a GGUF whose chat template does not show tools (SmolLM2's kind)", () => {
  const tool = {
    name: "get_weather",
    description: "Weather for a city.",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  };

  async function promptWith(tools: (typeof tool)[]): Promise<{ prompt: string; backend: ModelBackend }> {
    const backend = await createLlamaCppBackend({
      modelPath: await tinyModelPath("llama", "q8_0", "chatml-plain"),
      threads: 1,
    });
    backends.push(backend);
    let prompt = "";
    await backend.generate(
      {
        messages: [{ role: "user", content: "Weather in Oslo?" }],
        tools,
        maxTokens: 2,
        sampling: { temperature: 0 },
      },
      { onPrompt: (text) => (prompt = text) },
    );
    return { prompt, backend };
  }

  test("with tools, the format's own prompt shows them; the backend says so", async () => {
    const { prompt, backend } = await promptWith([tool]);
    assert.match(prompt, /get_weather/);
    assert.match(prompt, /Weather for a city\./);
    assert.equal(backend.info.templateIgnoresTools, true);
  });

  test("without tools, the file's own template renders as before", async () => {
    const { prompt } = await promptWith([]);
    assert.equal(prompt, "<|im_start|>user\nWeather in Oslo?<|im_end|>\n<|im_start|>assistant\n");
  });
});
