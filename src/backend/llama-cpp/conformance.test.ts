import { after } from "node:test";
import { getLlama, type Llama, LlamaLogLevel } from "node-llama-cpp";
import { tinyModelPath } from "../../gguf/synth/tiny-model.test-support.js";
import { runBackendConformance, unscriptable } from "../backend-conformance.test-support.js";
import { createLlamaCppBackend } from "./backend.js";

// One runtime for the whole file; each check gets a fresh backend (model + context) on it.
let shared: Promise<Llama> | undefined;
const runtime = () => {
  shared ??= getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
  return shared;
};

after(async () => {
  if (shared) await (await shared).dispose();
});

runBackendConformance(
  "llama-cpp (tiny random qwen3.5)",
  async () => ({
    backend: await createLlamaCppBackend({
      modelPath: await tinyModelPath("qwen35"),
      llama: await runtime(),
      threads: 1,
    }),
    request: { maxTokens: 16, sampling: { temperature: 0.7, seed: 11 } },
  }),
  {
    skip: unscriptable(
      "a random-weight model's output cannot be scripted; the replay, openai and serve harnesses script the same parsing and finish paths",
    ),
  },
);
