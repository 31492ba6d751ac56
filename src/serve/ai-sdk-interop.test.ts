/**
 * `serve` driven by the Vercel AI SDK (`ai` 6), beyond client-interop.test.ts: zod 4 tools in
 * generateText over chat completions (@ai-sdk/openai-compatible and @ai-sdk/openai's chat model)
 * and the Responses API (stateless, `store: false`), a tool schema with `$schema` 2020-12 through
 * `jsonSchema()`, forced tool choice, the full stream's tool-input events, and streamObject.
 * A replay backend with the real qwen3 format; loopback only.
 */
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, jsonSchema, stepCountIs, streamObject, streamText, tool } from "ai";
import { z } from "zod";
import { isolateClients, qwenCall, replayServers } from "./replay-server.test-support.js";

isolateClients();
const servers = replayServers();
after(() => servers.close());

const forecast = { city: "Oslo", days: 2 };
const forecastSchema = z.object({ city: z.string(), days: z.number().int() });
const compatible = (url: string) =>
  createOpenAICompatible({ name: "edgecall", baseURL: url, includeUsage: true });

/** A zod 4 tool that records what it was called with. */
function forecastTool(executed: unknown[]) {
  return tool({
    description: "Weather forecast for a city",
    inputSchema: forecastSchema,
    execute: async (input) => {
      executed.push(input);
      return { sky: "sunny" };
    },
  });
}

describe("serve with the AI SDK over chat completions", () => {
  it("generateText with a zod tool: two steps, the call's id on its result, finish reasons, usage", async () => {
    const { url, backend } = await servers.serve(
      `Let me check.\n${qwenCall("get_forecast", forecast)}`,
      "Sunny in Oslo for two days.",
    );
    const executed: unknown[] = [];
    const result = await generateText({
      maxRetries: 0,
      model: compatible(url).chatModel("tiny"),
      prompt: "Forecast for Oslo?",
      tools: { get_forecast: forecastTool(executed) },
      stopWhen: stepCountIs(3),
    });
    assert.equal(result.text, "Sunny in Oslo for two days.");
    assert.deepEqual(executed, [forecast]);
    const [first, second] = result.steps;
    assert.equal(first?.finishReason, "tool-calls");
    assert.equal(first?.text, "Let me check.");
    const call = first?.toolCalls[0];
    assert.equal(call?.toolName, "get_forecast");
    assert.deepEqual(call?.input, forecast);
    assert.match(call?.toolCallId ?? "", /^call_\w+$/);
    assert.equal(first?.toolResults[0]?.toolCallId, call?.toolCallId);
    assert.equal(second?.finishReason, "stop");
    assert.ok((result.totalUsage.inputTokens ?? 0) > 0);
    assert.ok((result.totalUsage.outputTokens ?? 0) > 0);
    const sent = backend.requests[1]?.messages ?? [];
    const assistant = sent.find((message) => message.role === "assistant");
    assert.ok(assistant?.role === "assistant");
    assert.equal(assistant.toolCalls?.[0]?.id, call?.toolCallId);
  });

  it("jsonSchema() of zod 4's own JSON Schema ($schema 2020-12) is accepted", async () => {
    const { url, backend } = await servers.serve(qwenCall("get_forecast", forecast));
    const schema = z.toJSONSchema(forecastSchema);
    assert.equal(schema.$schema, "https://json-schema.org/draft/2020-12/schema");
    const result = await generateText({
      maxRetries: 0,
      model: compatible(url).chatModel("tiny"),
      prompt: "Forecast for Oslo?",
      tools: { get_forecast: tool({ inputSchema: jsonSchema<{ city: string; days: number }>(schema) }) },
    });
    assert.deepEqual(result.toolCalls[0]?.input, forecast);
    assert.equal(backend.requests[0]?.tools?.[0]?.name, "get_forecast");
  });

  it("streamText's full stream: forced tool choice, tool-input events, the call, the finish", async () => {
    const { url, backend } = await servers.serve(qwenCall("get_forecast", forecast));
    const result = streamText({
      maxRetries: 0,
      model: compatible(url).chatModel("tiny"),
      prompt: "Forecast for Oslo?",
      tools: {
        get_forecast: tool({ inputSchema: forecastSchema }),
        get_time: tool({ inputSchema: z.object({ zone: z.string() }) }),
      },
      toolChoice: { type: "tool", toolName: "get_forecast" },
    });
    const types: string[] = [];
    let input = "";
    let finishReason: string | undefined;
    for await (const part of result.fullStream) {
      types.push(part.type);
      if (part.type === "tool-input-delta") input += part.delta;
      if (part.type === "finish") finishReason = part.finishReason;
    }
    assert.deepEqual(JSON.parse(input), forecast);
    const start = types.indexOf("tool-input-start");
    assert.ok(start >= 0, types.join(", "));
    assert.ok(types.indexOf("tool-input-end") > start);
    assert.ok(types.indexOf("tool-call") > start);
    assert.equal(finishReason, "tool-calls");
    assert.equal(backend.requests[0]?.toolChoice, "required");
    assert.deepEqual(
      backend.requests[0]?.tools?.map((offered) => offered.name),
      ["get_forecast"],
    );
  });

  it("@ai-sdk/openai's chat model: generateText with a zod tool", async () => {
    const { url } = await servers.serve(qwenCall("get_forecast", forecast), "Sunny.");
    const executed: unknown[] = [];
    const result = await generateText({
      maxRetries: 0,
      model: createOpenAI({ baseURL: url, apiKey: "dummy" }).chat("tiny"),
      prompt: "Forecast for Oslo?",
      tools: { get_forecast: forecastTool(executed) },
      stopWhen: stepCountIs(3),
    });
    assert.equal(result.text, "Sunny.");
    assert.deepEqual(executed, [forecast]);
  });

  it("streamObject: partial objects grow to the whole", async () => {
    const { url } = await servers.serve(
      JSON.stringify({ city: "Oslo", summary: "Sunny with a light breeze" }),
    );
    const provider = createOpenAICompatible({
      name: "edgecall",
      baseURL: url,
      supportsStructuredOutputs: true,
    });
    const result = streamObject({
      maxRetries: 0,
      model: provider.chatModel("tiny"),
      schema: z.object({ city: z.string(), summary: z.string() }),
      prompt: "Forecast for Oslo",
    });
    const partials: unknown[] = [];
    for await (const partial of result.partialObjectStream) partials.push(partial);
    assert.ok(partials.length >= 2, `${partials.length} partial objects`);
    assert.deepEqual(await result.object, { city: "Oslo", summary: "Sunny with a light breeze" });
  });
});

describe("serve with the AI SDK over the Responses API (@ai-sdk/openai)", () => {
  it("generateText with a zod tool and store: false sends the whole history back", async () => {
    const { url, backend } = await servers.serve(
      `<think>\nCheck first.\n</think>\n\nLooking it up.\n${qwenCall("get_forecast", forecast)}`,
      "Sunny for two days.",
    );
    const executed: unknown[] = [];
    const result = await generateText({
      maxRetries: 0,
      model: createOpenAI({ baseURL: url, apiKey: "dummy" }).responses("tiny"),
      prompt: "Forecast for Oslo?",
      tools: { get_forecast: forecastTool(executed) },
      stopWhen: stepCountIs(3),
      providerOptions: { openai: { store: false } },
    });
    assert.equal(result.text, "Sunny for two days.");
    assert.deepEqual(executed, [forecast]);
    const [first, second] = result.steps;
    assert.equal(first?.finishReason, "tool-calls");
    assert.equal(first?.reasoningText, "Check first.");
    assert.equal(first?.toolResults[0]?.toolCallId, first?.toolCalls[0]?.toolCallId);
    assert.equal(second?.finishReason, "stop");
    assert.ok((result.totalUsage.inputTokens ?? 0) > 0);
    const sent = backend.requests[1]?.messages ?? [];
    assert.deepEqual(
      sent.map((message) => message.role),
      ["user", "assistant", "tool"],
    );
    const [, assistant] = sent;
    assert.ok(assistant?.role === "assistant");
    assert.deepEqual(assistant.toolCalls?.[0]?.arguments, forecast);
  });
});
