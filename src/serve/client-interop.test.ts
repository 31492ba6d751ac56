/**
 * `serve` driven by clients nobody here wrote: the Vercel AI SDK (openai-compatible chat
 * completions and @ai-sdk/openai's Responses model) and the OpenAI Node SDK, against a replay
 * backend parsed with the real qwen3 format. docs/serve.md's compatibility table lists these.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateObject, generateText, jsonSchema, stepCountIs, streamText, tool } from "ai";
import OpenAI from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import { z } from "zod";
import { createReplayBackend, type ReplayBackend } from "../backend/replay-backend.js";
import { getFormat } from "../formats/registry.js";
import { createOpenAIServerApp, type RunningServer, startOpenAIServer } from "./openai-server.js";

const directory = mkdtempSync(join(tmpdir(), "edgecall-interop-"));
const servers: RunningServer[] = [];
after(async () => {
  for (const server of servers) await server.close(100);
  rmSync(directory, { recursive: true, force: true });
});
let scripts = 0;

/** A server on a free port whose replay model answers `outputs` in order. */
async function serve(...outputs: string[]): Promise<{ url: string; backend: ReplayBackend }> {
  const path = join(directory, `script-${++scripts}.jsonl`);
  writeFileSync(path, `${outputs.map((output) => JSON.stringify({ output })).join("\n")}\n`);
  const backend = createReplayBackend({ path, format: getFormat("qwen3") });
  const server = await startOpenAIServer(
    createOpenAIServerApp({ backend, modelName: "tiny" }),
    "127.0.0.1",
    0,
  );
  servers.push(server);
  return { url: `${server.url}/v1`, backend };
}

const call = (name: string, args: unknown) =>
  `<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;
const forecast = { city: "Oslo", days: 2 };

describe("serve with the Vercel AI SDK (chat completions, @ai-sdk/openai-compatible)", () => {
  it("generateObject with structured outputs sends a json_schema and gets the object", async () => {
    const { url, backend } = await serve(JSON.stringify(forecast));
    const provider = createOpenAICompatible({
      name: "edgecall",
      baseURL: url,
      supportsStructuredOutputs: true,
    });
    const { object } = await generateObject({
      model: provider.chatModel("tiny"),
      schema: z.object({ city: z.string(), days: z.number().int() }),
      prompt: "Forecast for Oslo",
    });
    assert.deepEqual(object, forecast);
    const format = backend.requests[0]?.responseFormat;
    assert.equal(format?.type, "json_schema");
    assert.deepEqual(format?.type === "json_schema" ? format.schema.required : undefined, ["city", "days"]);
  });

  it("generateObject without structured outputs sends json_object", async () => {
    const { url, backend } = await serve(`<think>\nJSON it is.\n</think>\n\n${JSON.stringify(forecast)}`);
    const provider = createOpenAICompatible({ name: "edgecall", baseURL: url });
    const { object } = await generateObject({
      model: provider.chatModel("tiny"),
      schema: z.object({ city: z.string(), days: z.number().int() }),
      prompt: "Forecast for Oslo",
    });
    assert.deepEqual(object, forecast);
    assert.deepEqual(backend.requests[0]?.responseFormat, { type: "json_object" });
  });

  it("streamText with tools: text streams in pieces, the call runs, the second step answers", async () => {
    const { url, backend } = await serve(
      `I will look that up for you right now.\n${call("get_forecast", forecast)}`,
      "It will be sunny in Oslo for the next two days.",
    );
    const provider = createOpenAICompatible({ name: "edgecall", baseURL: url, includeUsage: true });
    const executed: unknown[] = [];
    const result = streamText({
      model: provider.chatModel("tiny"),
      prompt: "Forecast for Oslo?",
      tools: {
        get_forecast: tool({
          description: "Weather forecast",
          inputSchema: jsonSchema<{ city: string; days: number }>({
            type: "object",
            properties: { city: { type: "string" }, days: { type: "integer" } },
            required: ["city", "days"],
          }),
          execute: async (input) => {
            executed.push(input);
            return { sky: "sunny" };
          },
        }),
      },
      stopWhen: stepCountIs(3),
    });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    assert.deepEqual(executed, [forecast]);
    const text = deltas.join("");
    assert.ok(!text.includes("tool_call"), text);
    assert.ok(text.includes("I will look that up for you right now."));
    assert.ok(text.endsWith("It will be sunny in Oslo for the next two days."));
    assert.ok(deltas.length >= 4, `streamed in ${deltas.length} pieces`);
    assert.equal((await result.steps).length, 2);
    assert.ok(((await result.totalUsage).inputTokens ?? 0) > 0);
    // The second request carries the call and its result back.
    const second = backend.requests[1]?.messages ?? [];
    assert.equal(second.at(-1)?.role, "tool");
    assert.match(second.at(-1)?.content ?? "", /sunny/);
  });

  it("stop sequences end the text before them", async () => {
    const { url } = await serve("one, two, three. STOP four");
    const provider = createOpenAICompatible({ name: "edgecall", baseURL: url });
    const { text } = await generateText({
      model: provider.chatModel("tiny"),
      prompt: "Count",
      stopSequences: [" STOP"],
    });
    assert.equal(text, "one, two, three.");
  });
});

describe("serve with the OpenAI Node SDK", () => {
  const client = (url: string) => new OpenAI({ baseURL: url, apiKey: "unused", maxRetries: 0 });

  it("chat.completions.parse with zodResponseFormat", async () => {
    const { url, backend } = await serve(JSON.stringify(forecast));
    const completion = await client(url).chat.completions.parse({
      model: "tiny",
      messages: [{ role: "user", content: "Forecast for Oslo" }],
      response_format: zodResponseFormat(z.object({ city: z.string(), days: z.number() }), "forecast"),
    });
    assert.deepEqual(completion.choices[0]?.message.parsed, forecast);
    const format = backend.requests[0]?.responseFormat;
    assert.equal(format?.type === "json_schema" ? format.name : undefined, "forecast");
    assert.equal(format?.type === "json_schema" ? format.strict : undefined, true);
  });

  it("a reply that breaks the schema is data: reported, not refused", async () => {
    const { url } = await serve('{"city": 3}');
    const completion = await client(url).chat.completions.create({
      model: "tiny",
      messages: [{ role: "user", content: "Forecast" }],
      response_format: {
        type: "json_schema",
        json_schema: {
          name: "f",
          schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
        },
      },
    });
    const extension = (completion as unknown as { edgecall: { responseFormatProblems: string[] } }).edgecall;
    assert.equal(extension.responseFormatProblems.length, 1);
    assert.match(extension.responseFormatProblems[0] ?? "", /does not match the schema/);
  });

  it("chat.completions streaming: content token by token, reasoning apart, the call in its own chunk", async () => {
    const { url } = await serve(
      `<think>\nOslo, two days.\n</think>\n\nChecking the forecast for you now.\n${call("get_forecast", forecast)}`,
    );
    const stream = await client(url).chat.completions.create({
      model: "tiny",
      stream: true,
      messages: [{ role: "user", content: "Forecast for Oslo" }],
      tools: [
        {
          type: "function",
          function: { name: "get_forecast", parameters: { type: "object", properties: {} } },
        },
      ],
    });
    const content: string[] = [];
    let reasoning = "";
    const calls: string[] = [];
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta as
        | { content?: string; reasoning_content?: string; tool_calls?: { function?: { name?: string } }[] }
        | undefined;
      if (delta?.content) content.push(delta.content);
      if (delta?.reasoning_content) reasoning += delta.reasoning_content;
      for (const entry of delta?.tool_calls ?? []) if (entry.function?.name) calls.push(entry.function.name);
    }
    assert.equal(content.join(""), "Checking the forecast for you now.");
    assert.ok(content.length >= 2, "content arrived in pieces");
    assert.equal(reasoning, "Oslo, two days.");
    assert.deepEqual(calls, ["get_forecast"]);
  });

  it("responses.create: text, tools, and a follow-up by previous_response_id", async () => {
    const { url, backend } = await serve(
      `Let me check.\n${call("get_forecast", forecast)}`,
      "Sunny in Oslo.",
    );
    const openai = client(url);
    const first = await openai.responses.create({
      model: "tiny",
      instructions: "You are a weather assistant.",
      input: "Forecast for Oslo?",
      tools: [
        {
          type: "function",
          name: "get_forecast",
          strict: false,
          parameters: { type: "object", properties: { city: { type: "string" } } },
        },
      ],
    });
    assert.equal(first.status, "completed");
    assert.equal(first.output_text, "Let me check.");
    const functionCall = first.output.find((item) => item.type === "function_call");
    assert.ok(functionCall?.type === "function_call");
    assert.equal(functionCall.name, "get_forecast");
    assert.deepEqual(JSON.parse(functionCall.arguments), forecast);
    const second = await openai.responses.create({
      model: "tiny",
      previous_response_id: first.id,
      input: [{ type: "function_call_output", call_id: functionCall.call_id, output: '{"sky": "sunny"}' }],
    });
    assert.equal(second.output_text, "Sunny in Oslo.");
    assert.equal(second.previous_response_id, first.id);
    assert.ok((second.usage?.input_tokens ?? 0) > 0);
    const messages = backend.requests[1]?.messages ?? [];
    // As on OpenAI, instructions are not carried over from the previous response.
    assert.deepEqual(
      messages.map((message) => message.role),
      ["user", "assistant", "tool"],
    );
    const [, assistant, answer] = messages;
    assert.ok(assistant?.role === "assistant" && answer?.role === "tool");
    assert.equal(assistant.toolCalls?.[0]?.name, "get_forecast");
    assert.equal(answer.name, "get_forecast");
  });

  it("responses.create streaming: events in order, text deltas as generated, the call", async () => {
    const { url } = await serve(
      `<think>\nNeed the forecast.\n</think>\n\nOne moment while I check that.\n${call("get_forecast", forecast)}`,
    );
    const stream = await client(url).responses.create({
      model: "tiny",
      input: "Forecast for Oslo?",
      stream: true,
      tools: [
        {
          type: "function",
          name: "get_forecast",
          strict: false,
          parameters: { type: "object", properties: {} },
        },
      ],
    });
    const types: string[] = [];
    const text: string[] = [];
    let reasoning = "";
    let completed: OpenAI.Responses.Response | undefined;
    const numbers: number[] = [];
    for await (const event of stream) {
      types.push(event.type);
      numbers.push(event.sequence_number);
      if (event.type === "response.output_text.delta") text.push(event.delta);
      if (event.type === "response.reasoning_summary_text.delta") reasoning += event.delta;
      if (event.type === "response.completed") completed = event.response;
    }
    assert.equal(types[0], "response.created");
    assert.equal(types.at(-1), "response.completed");
    assert.deepEqual(
      numbers,
      numbers.map((_, index) => index),
    );
    assert.equal(text.join(""), "One moment while I check that.");
    assert.ok(text.length >= 2);
    assert.equal(reasoning, "Need the forecast.");
    assert.ok(types.includes("response.function_call_arguments.done"));
    assert.deepEqual(
      completed?.output.map((item) => item.type),
      ["reasoning", "message", "function_call"],
    );
  });

  it("responses.create with text.format json_schema", async () => {
    const { url, backend } = await serve(JSON.stringify(forecast));
    const response = await client(url).responses.create({
      model: "tiny",
      input: "Forecast as JSON",
      text: {
        format: {
          type: "json_schema",
          name: "forecast",
          strict: true,
          schema: {
            type: "object",
            properties: { city: { type: "string" }, days: { type: "integer" } },
            required: ["city", "days"],
            additionalProperties: false,
          },
        },
      },
    });
    assert.deepEqual(JSON.parse(response.output_text), forecast);
    assert.equal(backend.requests[0]?.responseFormat?.type, "json_schema");
  });
});

describe("serve with the Vercel AI SDK (Responses API, @ai-sdk/openai)", () => {
  it("streamText with tools over /v1/responses, item references resolved", async () => {
    const { url } = await serve(
      `<think>\nCheck first.\n</think>\n\nLooking it up now.\n${call("get_forecast", forecast)}`,
      "Sunny for two days.",
    );
    const provider = createOpenAI({ baseURL: url, apiKey: "unused" });
    const executed: unknown[] = [];
    const result = streamText({
      model: provider.responses("tiny"),
      prompt: "Forecast for Oslo?",
      tools: {
        get_forecast: tool({
          inputSchema: jsonSchema<{ city: string; days: number }>({
            type: "object",
            properties: { city: { type: "string" }, days: { type: "integer" } },
            required: ["city", "days"],
          }),
          execute: async (input) => {
            executed.push(input);
            return { sky: "sunny" };
          },
        }),
      },
      stopWhen: stepCountIs(3),
    });
    let text = "";
    for await (const delta of result.textStream) text += delta;
    assert.deepEqual(executed, [forecast]);
    assert.equal(text, "Looking it up now.Sunny for two days.");
    const steps = await result.steps;
    assert.equal(steps[0]?.reasoningText, "Check first.");
  });

  it("generateObject over /v1/responses", async () => {
    const { url } = await serve(JSON.stringify(forecast));
    const provider = createOpenAI({ baseURL: url, apiKey: "unused" });
    const { object } = await generateObject({
      model: provider.responses("tiny"),
      schema: z.object({ city: z.string(), days: z.number().int() }),
      prompt: "Forecast for Oslo",
    });
    assert.deepEqual(object, forecast);
  });
});
