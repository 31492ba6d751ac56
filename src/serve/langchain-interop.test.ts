/**
 * `serve` driven by LangChain JS (`@langchain/openai`'s ChatOpenAI over chat completions) against a
 * replay backend parsed with the real qwen3 format: bindTools with zod 4 tools (whose JSON Schema
 * declares `$schema` 2020-12) and plain JSON-schema tools, streaming with tool-call chunks, and
 * withStructuredOutput by function calling and by JSON schema. Loopback only; tracing off.
 */
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { type AIMessageChunk, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { ChatOpenAI } from "@langchain/openai";
import { z } from "zod";
import { isolateClients, qwenCall, replayServers } from "./replay-server.test-support.js";

isolateClients();
const servers = replayServers();
after(() => servers.close());

const forecast = { city: "Oslo", days: 2 };
const forecastSchema = z.object({
  city: z.string().describe("City name"),
  days: z.number().int().min(1).max(7),
});
const getForecast = tool(async ({ city }) => JSON.stringify({ city, sky: "sunny" }), {
  name: "get_forecast",
  description: "Weather forecast for a city",
  schema: forecastSchema,
});
/** The same tool in OpenAI's wire shape, a plain JSON Schema without `$schema`. */
const getForecastJson = {
  type: "function" as const,
  function: {
    name: "get_forecast",
    description: "Weather forecast for a city",
    parameters: {
      type: "object",
      properties: { city: { type: "string" }, days: { type: "integer" } },
      required: ["city", "days"],
    },
  },
};

const chat = (url: string) =>
  new ChatOpenAI({ model: "tiny", apiKey: "dummy", configuration: { baseURL: url }, maxRetries: 0 });

describe("serve with LangChain JS: ChatOpenAI.bindTools", () => {
  it("a zod 4 tool: the call comes back with an id, parsed args, finish reason and usage; the result goes back", async () => {
    const { url, backend } = await servers.serve(
      `Let me check.\n${qwenCall("get_forecast", forecast)}`,
      "Sunny in Oslo for two days.",
    );
    const model = chat(url).bindTools([getForecast]);
    const question = new HumanMessage("Forecast for Oslo?");
    const reply = await model.invoke([question]);
    assert.equal(reply.content, "Let me check.");
    assert.equal(reply.tool_calls?.length, 1);
    const [toolCall] = reply.tool_calls ?? [];
    assert.equal(toolCall?.name, "get_forecast");
    assert.deepEqual(toolCall?.args, forecast);
    assert.match(toolCall?.id ?? "", /^call_\w+$/);
    assert.equal(reply.response_metadata.finish_reason, "tool_calls");
    assert.ok((reply.usage_metadata?.input_tokens ?? 0) > 0);
    assert.equal(
      reply.usage_metadata?.total_tokens,
      (reply.usage_metadata?.input_tokens ?? 0) + (reply.usage_metadata?.output_tokens ?? 0),
    );
    // What the server received: the zod schema as JSON Schema, nothing lost.
    const offered = backend.requests[0]?.tools?.[0];
    assert.equal(offered?.name, "get_forecast");
    assert.deepEqual(offered?.parameters.required, ["city", "days"]);

    const result = await getForecast.invoke(toolCall as NonNullable<typeof toolCall>);
    assert.ok(result instanceof ToolMessage);
    const final = await model.invoke([question, reply, result]);
    assert.equal(final.content, "Sunny in Oslo for two days.");
    assert.equal(final.response_metadata.finish_reason, "stop");
    assert.deepEqual(final.tool_calls, []);
    // The second request carries the call (same id) and its result back.
    const messages = backend.requests[1]?.messages ?? [];
    assert.deepEqual(
      messages.map((message) => message.role),
      ["user", "assistant", "tool"],
    );
    const [, assistant, answer] = messages;
    assert.ok(assistant?.role === "assistant" && answer?.role === "tool");
    assert.equal(assistant.toolCalls?.[0]?.id, toolCall?.id);
    assert.deepEqual(assistant.toolCalls?.[0]?.arguments, forecast);
    assert.match(answer.content, /sunny/);
  });

  it("plain JSON-schema tools, tool_choice by name and two calls in one reply with distinct ids", async () => {
    const { url, backend } = await servers.serve(
      `${qwenCall("get_forecast", forecast)}\n${qwenCall("get_forecast", { city: "Bergen", days: 1 })}`,
    );
    const reply = await chat(url)
      .bindTools([getForecastJson], { tool_choice: "get_forecast" })
      .invoke("Forecast for Oslo and Bergen?");
    assert.deepEqual(
      reply.tool_calls?.map((call) => call.args),
      [forecast, { city: "Bergen", days: 1 }],
    );
    const ids = reply.tool_calls?.map((call) => call.id) ?? [];
    assert.equal(new Set(ids).size, 2);
    assert.equal(backend.requests[0]?.toolChoice, "required");
    assert.deepEqual(
      backend.requests[0]?.tools?.map((offered) => offered.name),
      ["get_forecast"],
    );
  });

  it("tool_choice 'any' asks for a call; 'none' lets the model answer in text", async () => {
    const { url, backend } = await servers.serve(qwenCall("get_forecast", forecast), "No tools needed.");
    const model = chat(url);
    const forced = await model.bindTools([getForecast], { tool_choice: "any" }).invoke("Forecast?");
    assert.equal(forced.tool_calls?.[0]?.name, "get_forecast");
    assert.equal(backend.requests[0]?.toolChoice, "required");
    const free = await model.bindTools([getForecast], { tool_choice: "none" }).invoke("Hello");
    assert.equal(free.content, "No tools needed.");
    assert.equal(backend.requests[1]?.toolChoice, "none");
  });
});

describe("serve with LangChain JS: ChatOpenAI.stream", () => {
  it("tool-call chunks add up to the call; finish reason, then usage (stream_options)", async () => {
    const { url } = await servers.serve(
      `I will look that up for you right now, one moment please.\n${qwenCall("get_forecast", forecast)}`,
    );
    const stream = await chat(url).bindTools([getForecast]).stream("Forecast for Oslo?");
    let whole: AIMessageChunk | undefined;
    const texts: string[] = [];
    const chunkIds = new Set<string>();
    for await (const chunk of stream) {
      if (typeof chunk.content === "string" && chunk.content !== "") texts.push(chunk.content);
      for (const piece of chunk.tool_call_chunks ?? []) if (piece.id) chunkIds.add(piece.id);
      whole = whole === undefined ? chunk : whole.concat(chunk);
    }
    assert.ok(whole !== undefined);
    assert.equal(whole.content, "I will look that up for you right now, one moment please.");
    assert.ok(texts.length >= 2, `content in ${texts.length} pieces`);
    assert.equal(whole.tool_calls?.length, 1);
    assert.equal(whole.tool_calls?.[0]?.name, "get_forecast");
    assert.deepEqual(whole.tool_calls?.[0]?.args, forecast);
    assert.equal(chunkIds.size, 1);
    assert.match(whole.tool_calls?.[0]?.id ?? "", /^call_\w+$/);
    assert.equal(whole.response_metadata.finish_reason, "tool_calls");
    assert.ok((whole.usage_metadata?.input_tokens ?? 0) > 0);
    assert.ok((whole.usage_metadata?.output_tokens ?? 0) > 0);
  });

  it("text only: pieces add up, finish reason stop, no calls", async () => {
    const answer = "It will be sunny in Oslo for the next two days, with a light breeze.";
    const { url } = await servers.serve(`<think>\nEasy.\n</think>\n\n${answer}`);
    let whole: AIMessageChunk | undefined;
    let pieces = 0;
    for await (const chunk of await chat(url).stream("Forecast?")) {
      if (chunk.content !== "") pieces += 1;
      whole = whole === undefined ? chunk : whole.concat(chunk);
    }
    assert.equal(whole?.content, answer);
    assert.ok(pieces >= 2);
    assert.deepEqual(whole?.tool_calls, []);
    assert.equal(whole?.response_metadata.finish_reason, "stop");
  });
});

describe("serve with LangChain JS: withStructuredOutput", () => {
  it("method functionCalling: a forced call to the schema's tool, parsed by zod", async () => {
    const { url, backend } = await servers.serve(qwenCall("forecast", forecast));
    const structured = chat(url).withStructuredOutput(forecastSchema, {
      method: "functionCalling",
      name: "forecast",
    });
    assert.deepEqual(await structured.invoke("Forecast for Oslo"), forecast);
    const request = backend.requests[0];
    assert.equal(request?.toolChoice, "required");
    assert.deepEqual(
      request?.tools?.map((offered) => offered.name),
      ["forecast"],
    );
  });

  it("method jsonSchema: a strict json_schema response format, parsed by zod", async () => {
    const { url, backend } = await servers.serve(JSON.stringify(forecast));
    const structured = chat(url).withStructuredOutput(forecastSchema, {
      method: "jsonSchema",
      name: "forecast",
      includeRaw: true,
    });
    const { parsed, raw } = await structured.invoke("Forecast for Oslo");
    assert.deepEqual(parsed, forecast);
    assert.equal((raw.response_metadata as { finish_reason?: string }).finish_reason, "stop");
    const format = backend.requests[0]?.responseFormat;
    assert.ok(format?.type === "json_schema");
    assert.equal(format.name, "forecast");
    assert.equal(format.strict, true);
    assert.deepEqual(format.schema.required, ["city", "days"]);
  });

  it("a plain JSON Schema (no zod) by function calling gives the object as is", async () => {
    const { url } = await servers.serve(qwenCall("forecast", forecast));
    const structured = chat(url).withStructuredOutput(
      {
        title: "forecast",
        type: "object",
        properties: { city: { type: "string" }, days: { type: "integer" } },
        required: ["city", "days"],
      },
      { method: "functionCalling" },
    );
    assert.deepEqual(await structured.invoke("Forecast for Oslo"), forecast);
  });
});
