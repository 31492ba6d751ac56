import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { summariseParts } from "../../messages.js";
import type { GenerateRequest } from "../model-backend.js";
import { stubToolCallFormat } from "../replay-stub-format.test-support.js";
import { createOpenAICompatibleBackend } from "./backend.js";
import { type FixtureServer, startFixtureServer } from "./fixture-server.test-support.js";
import {
  brokenArguments,
  lengthLimited,
  llamaServerTextStream,
  llamaServerToolCall,
  llamaServerToolCallStream,
  lmStudioProxiedStream,
  lmStudioToolCall,
  ollamaMissingIndexStream,
  ollamaToolCall,
  rawMarkupContent,
  vllmParallelToolCalls,
  vllmRepeatedIndexStream,
} from "./fixtures.test-support.js";

const weatherTool = {
  name: "get_weather",
  description: "Current weather for a city.",
  parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
};

const request: GenerateRequest = {
  messages: [
    { role: "system", content: "You are terse." },
    { role: "user", content: "Weather in Paris?" },
    {
      role: "assistant",
      content: "",
      reasoning: "Call the tool.",
      toolCalls: [{ id: "call_1", name: "get_weather", arguments: { city: "Paris" } }],
    },
    { role: "tool", content: '{"temperature": 21}', toolCallId: "call_1", name: "get_weather" },
    { role: "user", content: "And in Lyon?" },
  ],
  tools: [weatherTool],
  toolChoice: "auto",
  sampling: { temperature: 0, topP: 0.9, topK: 40, seed: 7 },
  maxTokens: 256,
};

let server: FixtureServer;
before(async () => {
  server = await startFixtureServer();
});
after(() => server.close());

function backend(stream = false) {
  return createOpenAICompatibleBackend({
    baseUrl: server.baseUrl,
    model: "qwen3",
    apiKey: "sk-test",
    stream,
    format: stubToolCallFormat,
  });
}

describe("openai-compatible: what is sent", () => {
  it("POSTs the OpenAI request body to {baseUrl}/chat/completions", async () => {
    server.enqueue({ body: llamaServerToolCall });
    await backend().generate(request);
    const received = server.requests.at(-1)!;
    assert.equal(received.method, "POST");
    assert.equal(received.url, "/v1/chat/completions");
    assert.equal(received.headers.authorization, "Bearer sk-test");
    assert.match(String(received.headers["content-type"]), /application\/json/);
    assert.deepEqual(received.body, {
      model: "qwen3",
      messages: [
        { role: "system", content: "You are terse." },
        { role: "user", content: "Weather in Paris?" },
        {
          role: "assistant",
          content: "",
          tool_calls: [
            {
              id: "call_1",
              type: "function",
              function: { name: "get_weather", arguments: '{"city":"Paris"}' },
            },
          ],
          reasoning_content: "Call the tool.",
        },
        { role: "tool", content: '{"temperature": 21}', tool_call_id: "call_1", name: "get_weather" },
        { role: "user", content: "And in Lyon?" },
      ],
      tools: [{ type: "function", function: weatherTool }],
      tool_choice: "auto",
      temperature: 0,
      top_p: 0.9,
      top_k: 40,
      seed: 7,
      max_tokens: 256,
      stream: false,
    });
  });

  it("asks for usage when streaming, sends temperature 0 and leaves other unset settings out", async () => {
    server.enqueue({ sse: llamaServerTextStream });
    await backend(true).generate({ messages: [{ role: "user", content: "hi" }] });
    assert.deepEqual(server.requests.at(-1)!.body, {
      model: "qwen3",
      messages: [{ role: "user", content: "hi" }],
      temperature: 0,
      stream: true,
      stream_options: { include_usage: true },
    });
  });
});

describe("openai-compatible: non-streaming responses", () => {
  it("llama-server: reasoning_content, a call with string arguments, usage, server timings", async () => {
    server.enqueue({ body: llamaServerToolCall });
    const result = await backend().generate(request);
    assert.deepEqual(result.parts, [
      { type: "reasoning", text: "The user wants the weather in Paris. I should call get_weather." },
      {
        type: "tool-call",
        toolCall: {
          id: "Nh4ZQdXuYI2OsuS8b7dEkSmgXjbyUbyP",
          name: "get_weather",
          arguments: { city: "Paris", unit: "celsius" },
        },
      },
    ]);
    assert.equal(result.finishReason, "tool-calls");
    assert.equal(result.rawText, "");
    assert.deepEqual(result.usage, { inputTokens: 183, outputTokens: 41 });
    assert.equal(result.details?.usageKnown, true);
    assert.deepEqual(result.details?.serverTimings, llamaServerToolCall.timings);
    assert.ok(result.timing.firstTokenMs <= result.timing.totalMs);
  });

  it("vLLM: two parallel calls in order, null content and reasoning", async () => {
    server.enqueue({ body: vllmParallelToolCalls });
    const result = await backend().generate(request);
    assert.deepEqual(summariseParts(result.parts).toolCalls, [
      { id: "chatcmpl-tool-4e1f6a1c9b2d4c0f", name: "get_weather", arguments: { city: "Paris" } },
      {
        id: "chatcmpl-tool-7a0b3c2d1e4f5a6b",
        name: "get_weather",
        arguments: { city: "Lyon", unit: "fahrenheit" },
      },
    ]);
    assert.equal(result.parts.length, 2);
    assert.equal(result.finishReason, "tool-calls");
  });

  it("Ollama: `reasoning` field and call; LM Studio: no content key", async () => {
    server.enqueue({ body: ollamaToolCall }, { body: lmStudioToolCall });
    const ollama = await backend().generate(request);
    assert.deepEqual(ollama.parts[0], { type: "reasoning", text: "Need the weather tool." });
    assert.deepEqual(summariseParts(ollama.parts).toolCalls[0]?.arguments, { city: "Paris" });
    const lmStudio = await backend().generate(request);
    assert.deepEqual(summariseParts(lmStudio.parts).toolCalls, [
      { id: "365174485", name: "get_weather", arguments: { city: "Paris", unit: "celsius" } },
    ]);
    assert.deepEqual(lmStudio.usage, { inputTokens: 312, outputTokens: 24 });
  });

  it("parses raw call markup in content with the configured format", async () => {
    server.enqueue({ body: rawMarkupContent }, { body: rawMarkupContent });
    const result = await backend().generate(request);
    assert.deepEqual(result.parts, [
      { type: "tool-call", toolCall: { name: "get_weather", arguments: { city: "Paris" } } },
    ]);
    assert.equal(result.finishReason, "tool-calls");
    assert.equal(result.rawText, rawMarkupContent.choices[0]!.message.content);
    const unformatted = createOpenAICompatibleBackend({ baseUrl: server.baseUrl, model: "qwen3" });
    const plain = await unformatted.generate(request);
    assert.deepEqual(plain.parts, [{ type: "text", text: rawMarkupContent.choices[0]!.message.content }]);
    assert.equal(plain.finishReason, "stop");
  });

  it("keeps broken arguments as typed errors with the raw text, never throwing", async () => {
    server.enqueue({ body: brokenArguments });
    const result = await backend().generate(request);
    const { errors, toolCalls } = summariseParts(result.parts);
    assert.deepEqual(toolCalls, []);
    assert.deepEqual(
      errors.map((error) => [error.type, error.raw]),
      [
        ["invalid-json", '{"city": "Par'],
        ["invalid-arguments", '["Paris"]'],
        ["missing-name", "{}"],
      ],
    );
    assert.match(errors[0]!.message, /get_weather/);
    assert.equal(result.finishReason, "stop");
    assert.deepEqual(result.usage, { inputTokens: 0, outputTokens: 0 });
    assert.equal(result.details?.usageKnown, false);
  });

  it("maps finish_reason length", async () => {
    server.enqueue({ body: lengthLimited });
    const result = await backend().generate(request);
    assert.equal(result.finishReason, "length");
    assert.equal(summariseParts(result.parts).content, "The weather in Par");
  });
});

describe("openai-compatible: streaming responses", () => {
  it("llama-server: reasoning and argument pieces joined, usage from the last chunk", async () => {
    server.enqueue({ sse: llamaServerToolCallStream });
    const result = await backend(true).generate(request);
    assert.deepEqual(result.parts, [
      { type: "reasoning", text: "The user wants Paris weather." },
      {
        type: "tool-call",
        toolCall: { id: "rWq3bZ0sVm2xkCkP9ThNn1t4", name: "get_weather", arguments: { city: "Paris" } },
      },
    ]);
    assert.deepEqual(result.usage, { inputTokens: 183, outputTokens: 19 });
    assert.equal(result.details?.streamed, true);
    assert.ok(result.timing.firstTokenMs > 0 && result.timing.firstTokenMs <= result.timing.totalMs);
  });

  it("text deltas split inside UTF-8 sequences add up to rawText", async () => {
    server.enqueue({ sse: llamaServerTextStream, pieceBytes: 7 });
    const deltas: string[] = [];
    let finalText = "";
    for await (const event of backend().stream!(request)) {
      if (event.type === "text-delta") deltas.push(event.text);
      else finalText = event.result.rawText;
    }
    assert.deepEqual(deltas, ["Il fait ", "beau à Paris : ", "21 °C ☀️", "."]);
    assert.equal(finalText, "Il fait beau à Paris : 21 °C ☀️.");
  });

  it("vLLM: a repeated index with a new id starts a new call; finish 'stop' still gives tool-calls", async () => {
    server.enqueue({ sse: vllmRepeatedIndexStream });
    const result = await backend(true).generate(request);
    assert.deepEqual(summariseParts(result.parts).toolCalls, [
      { id: "chatcmpl-tool-aaa", name: "get_weather", arguments: { city: "Paris" } },
      { id: "chatcmpl-tool-bbb", name: "get_weather", arguments: { city: "Lyon" } },
    ]);
    assert.equal(summariseParts(result.parts).reasoning, "Two cities, two calls.");
    assert.equal(result.finishReason, "tool-calls");
    assert.equal(result.details?.serverFinishReason, "stop");
  });

  it("Ollama: calls without index told apart by id, arguments as an object, no usage", async () => {
    server.enqueue({ sse: ollamaMissingIndexStream });
    const result = await backend(true).generate(request);
    assert.deepEqual(summariseParts(result.parts).toolCalls, [
      { id: "call_a1", name: "get_weather", arguments: { city: "Paris" } },
      { id: "call_b2", name: "get_weather", arguments: { city: "Rome" } },
    ]);
    assert.deepEqual(result.usage, { inputTokens: 0, outputTokens: 0 });
    assert.equal(result.details?.usageKnown, false);
  });

  it("LM Studio through a CRLF proxy: comments, a two-line data event, id-less continuation deltas", async () => {
    server.enqueue({ sse: lmStudioProxiedStream, pieceBytes: 13 });
    const result = await backend(true).generate(request);
    assert.deepEqual(result.parts, [
      { type: "text", text: "Checking the forecast." },
      { type: "tool-call", toolCall: { id: "901", name: "get_weather", arguments: { city: "Oslo" } } },
    ]);
    assert.deepEqual(result.usage, { inputTokens: 90, outputTokens: 17 });
  });
});
