/**
 * The grammar side of structured output through `serve`, end to end: a synthesised GGUF (random
 * weights, so only the grammar can make its reply fit) answers the OpenAI SDK's
 * `chat.completions.parse` with `zodResponseFormat` and the AI SDK's `generateObject`.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateObject } from "ai";
import { getLlama, type Llama, LlamaLogLevel } from "node-llama-cpp";
import OpenAI from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import { z } from "zod";
import { createLlamaCppBackend } from "../backend/llama-cpp/backend.js";
import type { ModelBackend } from "../backend/model-backend.js";
import { tinyModelPath } from "../gguf/synth/tiny-model.test-support.js";
import { createOpenAIServerApp, type RunningServer, startOpenAIServer } from "./openai-server.js";

const forecast = z.object({
  unit: z.enum(["celsius", "fahrenheit"]),
  sunny: z.boolean(),
  rain: z.enum(["none", "some", "lots"]),
});

let llama: Llama;
let backend: ModelBackend;
let server: RunningServer;

before(async () => {
  llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
  backend = await createLlamaCppBackend({ modelPath: await tinyModelPath("qwen3"), llama, threads: 1 });
  server = await startOpenAIServer(createOpenAIServerApp({ backend, modelName: "tiny" }), "127.0.0.1", 0);
});
after(async () => {
  await server.close(100);
  await backend.close();
  await llama.dispose();
});

describe("serve on a GGUF: streamed text is the whole reply's text", () => {
  it("token by token, content and reasoning add up to the non-streamed reply (greedy)", async () => {
    const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: "unused", maxRetries: 0 });
    const request = {
      model: "tiny",
      messages: [{ role: "user" as const, content: "Say something." }],
      temperature: 0,
      seed: 1,
      max_tokens: 40,
    };
    const whole = await client.chat.completions.create(request);
    const message = whole.choices[0]?.message as { content: string | null; reasoning_content?: string };
    const stream = await client.chat.completions.create({ ...request, stream: true });
    let content = "";
    let reasoning = "";
    let pieces = 0;
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta as { content?: string; reasoning_content?: string } | undefined;
      if (delta?.content) {
        content += delta.content;
        pieces += 1;
      }
      if (delta?.reasoning_content) reasoning += delta.reasoning_content;
    }
    assert.equal(content, message.content ?? "");
    assert.equal(reasoning, message.reasoning_content ?? "");
    if (content.length > 20) assert.ok(pieces > 1, "content came in pieces");
  });
});

describe("serve on a GGUF: structured output by grammar", () => {
  it("the OpenAI SDK's chat.completions.parse with zodResponseFormat gets a valid object", async () => {
    const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: "unused", maxRetries: 0 });
    const completion = await client.chat.completions.parse({
      model: "tiny",
      messages: [{ role: "user", content: "Forecast for Oslo" }],
      response_format: zodResponseFormat(forecast, "forecast"),
      temperature: 1,
      seed: 3,
      max_tokens: 64,
    });
    const parsed = completion.choices[0]?.message.parsed;
    assert.ok(parsed !== null && parsed !== undefined);
    assert.deepEqual(forecast.parse(parsed), parsed);
  });

  it("the AI SDK's generateObject gets a valid object", async () => {
    const provider = createOpenAICompatible({
      name: "edgecall",
      baseURL: `${server.url}/v1`,
      supportsStructuredOutputs: true,
    });
    const { object } = await generateObject({
      model: provider.chatModel("tiny"),
      schema: forecast,
      prompt: "Forecast for Oslo",
      maxOutputTokens: 64,
    });
    assert.deepEqual(forecast.parse(object), object);
  });
});
