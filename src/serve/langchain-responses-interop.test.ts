/**
 * `serve` driven by LangChain JS over the Responses API (`ChatOpenAI` with `useResponsesApi`):
 * bindTools with a zod 4 tool and the whole history sent back as items (reasoning, message,
 * function_call, function_call_output), streaming with tool-call chunks and usage, and
 * withStructuredOutput both ways. A replay backend with the real qwen3 format; loopback only.
 */
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { type AIMessageChunk, HumanMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { ChatOpenAI } from "@langchain/openai";
import { z } from "zod";
import { isolateClients, qwenCall, replayServers } from "./replay-server.test-support.js";

isolateClients();
const servers = replayServers();
after(() => servers.close());

const forecast = { city: "Oslo", days: 2 };
const forecastSchema = z.object({ city: z.string(), days: z.number().int() });
const getForecast = tool(async ({ city }) => JSON.stringify({ city, sky: "sunny" }), {
  name: "get_forecast",
  description: "Weather forecast for a city",
  schema: forecastSchema,
});

const chat = (url: string) =>
  new ChatOpenAI({
    model: "tiny",
    apiKey: "dummy",
    configuration: { baseURL: url },
    maxRetries: 0,
    useResponsesApi: true,
  });

describe("serve with LangChain JS over the Responses API", () => {
  it("bindTools: the call, then the history sent back as items, reasoning and call id kept", async () => {
    const { url, backend } = await servers.serve(
      `<think>\nNeed the forecast.\n</think>\n\nLet me check.\n${qwenCall("get_forecast", forecast)}`,
      "Sunny in Oslo.",
    );
    const model = chat(url).bindTools([getForecast]);
    const question = new HumanMessage("Forecast for Oslo?");
    const reply = await model.invoke([question]);
    assert.equal(reply.text, "Let me check.");
    const [toolCall] = reply.tool_calls ?? [];
    assert.equal(toolCall?.name, "get_forecast");
    assert.deepEqual(toolCall?.args, forecast);
    assert.ok((reply.usage_metadata?.input_tokens ?? 0) > 0);
    const result = await getForecast.invoke(toolCall as NonNullable<typeof toolCall>);
    const final = await model.invoke([question, reply, result]);
    assert.equal(final.text, "Sunny in Oslo.");
    assert.deepEqual(final.tool_calls, []);
    const messages = backend.requests[1]?.messages ?? [];
    assert.deepEqual(
      messages.map((message) => message.role),
      ["user", "assistant", "tool"],
    );
    const [, assistant, answer] = messages;
    assert.ok(assistant?.role === "assistant" && answer?.role === "tool");
    assert.equal(assistant.reasoning, "Need the forecast.");
    assert.equal(assistant.content, "Let me check.");
    assert.equal(assistant.toolCalls?.[0]?.id, toolCall?.id);
    assert.equal(answer.name, "get_forecast");
    assert.match(answer.content, /sunny/);
  });

  it("stream: text in pieces, tool-call chunks add up to the call, usage at the end", async () => {
    const { url } = await servers.serve(
      `Checking now for you, one moment.\n${qwenCall("get_forecast", forecast)}`,
    );
    let whole: AIMessageChunk | undefined;
    let texts = 0;
    for await (const chunk of await chat(url).bindTools([getForecast]).stream("Forecast?")) {
      if (chunk.text !== "") texts += 1;
      whole = whole === undefined ? chunk : whole.concat(chunk);
    }
    assert.equal(whole?.text, "Checking now for you, one moment.");
    assert.ok(texts >= 2, `text in ${texts} pieces`);
    assert.equal(whole?.tool_calls?.length, 1);
    assert.deepEqual(whole?.tool_calls?.[0]?.args, forecast);
    assert.ok((whole?.usage_metadata?.output_tokens ?? 0) > 0);
  });

  it("withStructuredOutput by functionCalling and by jsonSchema", async () => {
    const { url, backend } = await servers.serve(qwenCall("forecast", forecast), JSON.stringify(forecast));
    const model = chat(url);
    const called = model.withStructuredOutput(forecastSchema, {
      method: "functionCalling",
      name: "forecast",
    });
    assert.deepEqual(await called.invoke("Forecast for Oslo"), forecast);
    assert.equal(backend.requests[0]?.toolChoice, "required");
    const formatted = model.withStructuredOutput(forecastSchema, { method: "jsonSchema", name: "forecast" });
    assert.deepEqual(await formatted.invoke("Forecast for Oslo"), forecast);
    assert.equal(backend.requests[1]?.responseFormat?.type, "json_schema");
  });
});
