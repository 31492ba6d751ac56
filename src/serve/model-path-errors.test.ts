/**
 * Error bodies of `serve` name the model by the id clients see, never by the server's model file:
 * the path tells a client (or a page that got through) the user's name and folders.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ModelBackend } from "../backend/model-backend.js";
import { EdgecallError } from "../errors.js";
import { createOpenAIServerApp } from "./openai-server.js";

const modelPath = "/home/alice/models/private/Qwen3-0.6B-Q4_0.gguf";

/** A backend that fails as llama-cpp does when the prompt is longer than the context. */
function tooLong(): ModelBackend {
  const error = () =>
    new EdgecallError(
      "invalid-argument",
      `the prompt has 9000 tokens but the context of ${modelPath} holds 4096; raise the context size`,
      { subject: modelPath },
    );
  return {
    info: { backend: "llama-cpp", model: modelPath },
    generate: async () => {
      throw error();
    },
    async *stream() {
      yield* [];
      throw error();
    },
    close: async () => {},
  };
}

function post(body: unknown): RequestInit {
  return { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
}

describe("edgecall serve: errors name the model id, not its file", () => {
  it("a 400 from the backend, whole or streamed, on both APIs", async () => {
    const app = createOpenAIServerApp({ backend: tooLong(), modelName: "qwen3-small" });
    const messages = [{ role: "user", content: "hi" }];
    for (const [path, body] of [
      ["/v1/chat/completions", { messages }],
      ["/v1/responses", { input: "hi" }],
    ] as const) {
      const whole = await app.request(path, post(body));
      const text = await whole.text();
      assert.equal(whole.status, 400, text);
      assert.doesNotMatch(text, /alice|private|\.gguf/, path);
      assert.match(text, /the context of qwen3-small holds 4096/, path);
      const streamed = await (await app.request(path, post({ ...body, stream: true }))).text();
      assert.match(streamed, /the context of qwen3-small holds 4096/, `${path} streamed`);
      assert.doesNotMatch(streamed, /alice|private|\.gguf/, `${path} streamed`);
    }
  });
});
