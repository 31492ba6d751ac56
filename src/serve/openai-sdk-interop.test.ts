/**
 * `serve` driven by the OpenAI Node SDK's helpers, beyond client-interop.test.ts: `runTools` and
 * `parse` with zod tools, the `stream` helper's tool events and usage, tools whose parameters are
 * zod 4's own JSON Schema (`$schema` 2020-12), and the Responses API's `parse`, `stream` and
 * stateless function-call items. A replay backend with the real qwen3 format; loopback only.
 */
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import OpenAI from "openai";
import { zodFunction, zodResponsesFunction, zodTextFormat } from "openai/helpers/zod";
import { z } from "zod";
import { isolateClients, qwenCall, replayServers } from "./replay-server.test-support.js";

isolateClients();
const servers = replayServers();
after(() => servers.close());

const forecast = { city: "Oslo", days: 2 };
const forecastSchema = z.object({ city: z.string(), days: z.number().int() });
const client = (url: string) => new OpenAI({ baseURL: url, apiKey: "dummy", maxRetries: 0 });
const user = (content: string) => [{ role: "user" as const, content }];

describe("serve with the OpenAI Node SDK: chat completion helpers", () => {
  it("runTools runs a zod tool and sends its result back under the call's id", async () => {
    const { url, backend } = await servers.serve(
      qwenCall("get_forecast", forecast),
      "Sunny in Oslo for two days.",
    );
    const executed: unknown[] = [];
    const runner = client(url).chat.completions.runTools({
      model: "tiny",
      messages: user("Forecast for Oslo?"),
      tools: [
        zodFunction({
          name: "get_forecast",
          parameters: forecastSchema,
          function: (input) => {
            executed.push(input);
            return { sky: "sunny" };
          },
        }),
      ],
    });
    assert.equal(await runner.finalContent(), "Sunny in Oslo for two days.");
    assert.deepEqual(executed, [forecast]);
    const messages = runner.messages;
    const assistant = messages.find((message) => message.role === "assistant");
    const answer = messages.find((message) => message.role === "tool");
    assert.ok(assistant?.role === "assistant" && answer?.role === "tool");
    const id = assistant.tool_calls?.[0]?.id;
    assert.match(id ?? "", /^call_\w+$/);
    assert.equal(answer.tool_call_id, id);
    const sent = backend.requests[1]?.messages ?? [];
    assert.deepEqual(
      sent.map((message) => message.role),
      ["user", "assistant", "tool"],
    );
    const [, sentCall] = sent;
    assert.ok(sentCall?.role === "assistant");
    assert.equal(sentCall.toolCalls?.[0]?.id, id);
    assert.ok((await runner.totalUsage()).prompt_tokens > 0);
  });

  it("parse with strict zod tools gives parsed_arguments and finish_reason tool_calls", async () => {
    const { url, backend } = await servers.serve(`Checking.\n${qwenCall("get_forecast", forecast)}`);
    const completion = await client(url).chat.completions.parse({
      model: "tiny",
      messages: user("Forecast for Oslo?"),
      tools: [zodFunction({ name: "get_forecast", parameters: forecastSchema })],
    });
    const [choice] = completion.choices;
    assert.equal(choice?.finish_reason, "tool_calls");
    assert.equal(choice?.message.content, "Checking.");
    const call = choice?.message.tool_calls?.[0];
    assert.ok(call?.type === "function");
    assert.deepEqual(call.function.parsed_arguments, forecast);
    assert.deepEqual(JSON.parse(call.function.arguments), forecast);
    const usage = completion.usage;
    assert.equal(usage?.total_tokens, (usage?.prompt_tokens ?? 0) + (usage?.completion_tokens ?? 0));
    assert.deepEqual(backend.requests[0]?.tools?.[0]?.parameters.required, ["city", "days"]);
  });

  it("tools whose parameters are zod 4's own JSON Schema ($schema 2020-12) are accepted", async () => {
    const { url, backend } = await servers.serve(qwenCall("get_forecast", forecast));
    const parameters = z.toJSONSchema(forecastSchema) as Record<string, unknown>;
    assert.equal(parameters.$schema, "https://json-schema.org/draft/2020-12/schema");
    const completion = await client(url).chat.completions.create({
      model: "tiny",
      messages: user("Forecast for Oslo?"),
      tools: [{ type: "function", function: { name: "get_forecast", parameters } }],
    });
    const call = completion.choices[0]?.message.tool_calls?.[0];
    assert.ok(call?.type === "function");
    assert.deepEqual(JSON.parse(call.function.arguments), forecast);
    assert.equal(backend.requests[0]?.tools?.[0]?.name, "get_forecast");
  });

  it("the stream helper: two calls by index with their ids, argument events, then usage", async () => {
    const { url } = await servers.serve(
      `Two cities.\n${qwenCall("get_forecast", forecast)}\n${qwenCall("get_forecast", { city: "Bergen", days: 1 })}`,
    );
    const stream = client(url).chat.completions.stream({
      model: "tiny",
      messages: user("Oslo and Bergen?"),
      stream_options: { include_usage: true },
      tools: [zodFunction({ name: "get_forecast", parameters: forecastSchema })],
    });
    const done: { index: number; parsed: unknown }[] = [];
    stream.on("tool_calls.function.arguments.done", (event) =>
      done.push({ index: event.index, parsed: event.parsed_arguments }),
    );
    const completion = await stream.finalChatCompletion();
    assert.deepEqual(done, [
      { index: 0, parsed: forecast },
      { index: 1, parsed: { city: "Bergen", days: 1 } },
    ]);
    const [choice] = completion.choices;
    assert.equal(choice?.finish_reason, "tool_calls");
    assert.equal(choice?.message.content, "Two cities.");
    const ids = choice?.message.tool_calls?.map((call) => call.id) ?? [];
    assert.equal(ids.length, 2);
    assert.equal(new Set(ids).size, 2);
    assert.ok((completion.usage?.completion_tokens ?? 0) > 0);
  });
});

describe("serve with the OpenAI Node SDK: Responses API helpers", () => {
  it("responses.parse with zodTextFormat gives output_parsed", async () => {
    const { url, backend } = await servers.serve(JSON.stringify(forecast));
    const response = await client(url).responses.parse({
      model: "tiny",
      input: "Forecast for Oslo as JSON",
      text: { format: zodTextFormat(forecastSchema, "forecast") },
    });
    assert.deepEqual(response.output_parsed, forecast);
    const format = backend.requests[0]?.responseFormat;
    assert.ok(format?.type === "json_schema");
    assert.equal(format.name, "forecast");
  });

  it("responses.parse with a zod function tool gives parsed_arguments", async () => {
    const { url } = await servers.serve(qwenCall("get_forecast", forecast));
    const response = await client(url).responses.parse({
      model: "tiny",
      input: "Forecast for Oslo?",
      tools: [zodResponsesFunction({ name: "get_forecast", parameters: forecastSchema })],
    });
    const call = response.output.find((item) => item.type === "function_call");
    assert.ok(call?.type === "function_call");
    // openai 6.30's parseResponse nests the parsed call inside parsed_arguments; take either shape.
    const parsed = call.parsed_arguments as { parsed_arguments?: unknown } | null;
    assert.deepEqual(parsed?.parsed_arguments ?? parsed, forecast);
    assert.ok(call.call_id !== "");
    assert.equal(response.status, "completed");
    const usage = response.usage;
    assert.equal(usage?.total_tokens, (usage?.input_tokens ?? 0) + (usage?.output_tokens ?? 0));
  });

  it("the stream helper with a 2020-12 tool schema, then a stateless turn that sends the items back", async () => {
    const { url, backend } = await servers.serve(
      `Checking now.\n${qwenCall("get_forecast", forecast)}`,
      "Sunny in Oslo.",
    );
    const openai = client(url);
    const tools = [
      {
        type: "function" as const,
        name: "get_forecast",
        strict: false,
        parameters: z.toJSONSchema(forecastSchema) as Record<string, unknown>,
      },
    ];
    const stream = openai.responses.stream({
      model: "tiny",
      input: "Forecast for Oslo?",
      tools,
      store: false,
    });
    const argumentsDone: string[] = [];
    stream.on("response.function_call_arguments.done", (event) => argumentsDone.push(event.arguments));
    const first = await stream.finalResponse();
    // The stream helper sets output_text only for auto-parsed requests: read the message item.
    const message = first.output.find((item) => item.type === "message");
    assert.ok(message?.type === "message");
    assert.deepEqual(
      message.content.map((part) => (part.type === "output_text" ? part.text : part.type)),
      ["Checking now."],
    );
    assert.deepEqual(
      argumentsDone.map((text) => JSON.parse(text)),
      [forecast],
    );
    const call = first.output.find((item) => item.type === "function_call");
    assert.ok(call?.type === "function_call");
    const second = await openai.responses.create({
      model: "tiny",
      store: false,
      tools,
      input: [
        { role: "user", content: "Forecast for Oslo?" },
        { type: "function_call", call_id: call.call_id, name: call.name, arguments: call.arguments },
        { type: "function_call_output", call_id: call.call_id, output: '{"sky": "sunny"}' },
      ],
    });
    assert.equal(second.output_text, "Sunny in Oslo.");
    const messages = backend.requests[1]?.messages ?? [];
    assert.deepEqual(
      messages.map((message) => message.role),
      ["user", "assistant", "tool"],
    );
    const [, assistant, answer] = messages;
    assert.ok(assistant?.role === "assistant" && answer?.role === "tool");
    assert.deepEqual(assistant.toolCalls?.[0]?.arguments, forecast);
    assert.equal(answer.name, "get_forecast");
    assert.match(answer.content, /sunny/);
  });
});
