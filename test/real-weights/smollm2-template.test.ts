/**
 * SmolLM2's own chat template (ChatML), rendered by edgecall's backend for a multi-turn
 * conversation (system, user, assistant, user), is byte for byte what llama-server's
 * `/apply-template` renders from the same file. Skipped with a line without the real files or
 * llama-server.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createLlamaCppBackend } from "../../src/backend/llama-cpp/backend.js";
import type { RunningLlamaServer } from "../../src/backend/llama-server/launch.js";
import type { ChatMessage } from "../../src/messages.js";
import {
  applyTemplate,
  llamaServerOrSkip,
  startReferenceServer,
} from "./llama-server-reference.test-support.js";
import { realModelsOrSkip } from "./real-models.test-support.js";

const real = realModelsOrSkip();
const server = llamaServerOrSkip();

describe("SmolLM2's prompt renders as llama-server's /apply-template", {
  skip: real.skip || server.skip,
}, () => {
  let running: RunningLlamaServer | undefined;
  before(async () => {
    running = await startReferenceServer(server.binary ?? "", real.smollm2);
  });
  after(async () => {
    await running?.stop();
  });

  it("for system, user, assistant, user", { timeout: 120_000 }, async () => {
    const messages: ChatMessage[] = [
      { role: "system", content: "You are a concise geography tutor." },
      { role: "user", content: "What is the capital of France?" },
      { role: "assistant", content: "Paris." },
      { role: "user", content: "And of Italy? Answer in one word." },
    ];
    const backend = await createLlamaCppBackend({ modelPath: real.smollm2, gpu: "off", threads: 1 });
    let ours: string | undefined;
    try {
      const result = await backend.generate({ messages, sampling: { temperature: 0 }, maxTokens: 1 });
      ours = result.renderedPrompt;
    } finally {
      await backend.close();
    }
    const theirs = await applyTemplate(running?.root ?? "", messages);
    assert.ok(theirs.includes("<|im_start|>assistant\nParis.<|im_end|>"), theirs);
    assert.equal(ours, theirs);
  });
});
