/**
 * LangChain JS against `serve --constrained` on a tiny synthesised GGUF (random weights, so only
 * the grammar can make a reply fit): withStructuredOutput by JSON schema and by function calling,
 * and bindTools with a forced call, streamed. Each reply must parse and match its schema.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { AIMessageChunk } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { ChatOpenAI } from "@langchain/openai";
import { getLlama, type Llama, LlamaLogLevel } from "node-llama-cpp";
import { z } from "zod";
import { createLlamaCppBackend } from "../backend/llama-cpp/backend.js";
import type { ModelBackend } from "../backend/model-backend.js";
import { tinyModelPath } from "../gguf/synth/tiny-model.test-support.js";
import { createOpenAIServerApp, type RunningServer, startOpenAIServer } from "./openai-server.js";
import { isolateClients } from "./replay-server.test-support.js";

isolateClients();
let llama: Llama;
let backend: ModelBackend;
let server: RunningServer;

before(async () => {
  llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
  backend = await createLlamaCppBackend({ modelPath: await tinyModelPath("qwen3"), llama, threads: 1 });
  server = await startOpenAIServer(
    createOpenAIServerApp({ backend, modelName: "tiny", constrained: true }),
    "127.0.0.1",
    0,
  );
});
after(async () => {
  await server.close(100);
  await backend.close();
  await llama.dispose();
});

const forecast = z.object({
  unit: z.enum(["celsius", "fahrenheit"]),
  sunny: z.boolean(),
  rain: z.enum(["none", "some", "lots"]),
});

const chat = () =>
  new ChatOpenAI({
    model: "tiny",
    apiKey: "dummy",
    configuration: { baseURL: `${server.url}/v1` },
    maxRetries: 0,
    temperature: 1,
    maxTokens: 64,
    modelKwargs: { seed: 3 },
  });

describe("LangChain JS on a GGUF: structured output and calls by grammar", () => {
  it("withStructuredOutput by jsonSchema gets an object the zod schema accepts", async () => {
    const structured = chat().withStructuredOutput(forecast, { method: "jsonSchema", name: "forecast" });
    const object = await structured.invoke("Forecast for Oslo");
    assert.deepEqual(forecast.parse(object), object);
  });

  it("withStructuredOutput by functionCalling gets a constrained call the zod schema accepts", async () => {
    const structured = chat().withStructuredOutput(forecast, { method: "functionCalling", name: "forecast" });
    const object = await structured.invoke("Forecast for Oslo");
    assert.deepEqual(forecast.parse(object), object);
  });

  it("bindTools with a forced call, streamed: the chunks add up to a valid call", async () => {
    const getForecast = tool(async () => "sunny", {
      name: "get_forecast",
      description: "Weather forecast",
      schema: forecast,
    });
    let whole: AIMessageChunk | undefined;
    for await (const chunk of await chat()
      .bindTools([getForecast], { tool_choice: "any" })
      .stream("Forecast?"))
      whole = whole === undefined ? chunk : whole.concat(chunk);
    assert.equal(whole?.tool_calls?.length, 1);
    const [call] = whole?.tool_calls ?? [];
    assert.equal(call?.name, "get_forecast");
    assert.deepEqual(forecast.parse(call?.args), call?.args);
    assert.match(call?.id ?? "", /^call_\w+$/);
    assert.equal(whole?.response_metadata.finish_reason, "tool_calls");
  });
});
