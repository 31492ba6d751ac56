import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { z } from "zod";
import { InvalidChatRequest, readChatCompletionRequest } from "./chat-completion-request.js";

const weather = {
  type: "function",
  function: {
    name: "get_weather",
    description: "Weather for a city.",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  },
};
const time = { type: "function", function: { name: "get_time", parameters: { type: "object" } } };

/** Asserts the body is refused with a message containing `text` and naming `param`. */
function refused(document: unknown, param: string | null, text: string): void {
  assert.throws(
    () => readChatCompletionRequest(document),
    (error: unknown) => {
      assert.ok(error instanceof InvalidChatRequest, String(error));
      assert.equal(error.param, param);
      assert.ok(error.message.includes(text), `"${error.message}" lacks "${text}"`);
      return true;
    },
  );
}

const user = { role: "user", content: "hi" };

describe("readChatCompletionRequest", () => {
  it("converts OpenAI messages: developer, text parts, calls with JSON arguments, tool results", () => {
    const plan = readChatCompletionRequest({
      model: "m",
      messages: [
        { role: "developer", content: "Be brief." },
        {
          role: "user",
          content: [
            { type: "text", text: "Weather in" },
            { type: "text", text: "Oslo?" },
          ],
        },
        {
          role: "assistant",
          content: null,
          reasoning_content: "Look it up.",
          tool_calls: [
            { id: "c1", type: "function", function: { name: "get_weather", arguments: '{"city": "Oslo"}' } },
          ],
        },
        { role: "tool", tool_call_id: "c1", content: "12°C" },
      ],
      tools: [weather],
    });
    assert.deepEqual(plan.request.messages, [
      { role: "system", content: "Be brief." },
      { role: "user", content: "Weather in\nOslo?" },
      {
        role: "assistant",
        content: "",
        toolCalls: [{ id: "c1", name: "get_weather", arguments: { city: "Oslo" } }],
        reasoning: "Look it up.",
      },
      { role: "tool", content: "12°C", toolCallId: "c1", name: "get_weather" },
    ]);
    assert.equal(plan.model, "m");
    assert.equal(plan.stream, false);
    assert.deepEqual(plan.request.tools, [
      {
        name: "get_weather",
        description: "Weather for a city.",
        parameters: weather.function.parameters,
      },
    ]);
    assert.equal(plan.request.decoding, "free");
  });

  it("maps sampling and length settings, preferring max_completion_tokens", () => {
    const plan = readChatCompletionRequest({
      messages: [user],
      temperature: 0.7,
      top_p: 0.9,
      top_k: 40,
      seed: 7,
      max_tokens: 10,
      max_completion_tokens: 20,
      stream: true,
      stream_options: { include_usage: true },
      parallel_tool_calls: false,
    });
    assert.deepEqual(plan.request.sampling, { temperature: 0.7, topP: 0.9, topK: 40, seed: 7 });
    assert.equal(plan.request.maxTokens, 20);
    assert.equal(plan.stream, true);
    assert.equal(plan.includeUsage, true);
    assert.equal(plan.singleCall, true);
    const bare = readChatCompletionRequest({ messages: [user], temperature: null });
    assert.equal(bare.request.sampling, undefined);
    assert.equal(bare.request.maxTokens, undefined);
    assert.equal(bare.includeUsage, false);
  });

  it("a named tool_choice offers only that tool and requires a call", () => {
    const plan = readChatCompletionRequest({
      messages: [user],
      tools: [weather, time],
      tool_choice: { type: "function", function: { name: "get_time" } },
    });
    assert.deepEqual(
      plan.request.tools?.map((tool) => tool.name),
      ["get_time"],
    );
    assert.equal(plan.request.toolChoice, "required");
  });

  it("constrains decoding only when asked, tools are offered and calls are allowed", () => {
    const constrained = { constrained: true };
    assert.equal(
      readChatCompletionRequest({ messages: [user], tools: [weather] }, constrained).request.decoding,
      "constrained",
    );
    assert.equal(readChatCompletionRequest({ messages: [user] }, constrained).request.decoding, "free");
    assert.equal(
      readChatCompletionRequest({ messages: [user], tools: [weather], tool_choice: "none" }, constrained)
        .request.decoding,
      "free",
    );
  });

  it("refuses what it cannot honour, naming the field", () => {
    refused({ messages: [user], n: 2 }, "n", "only one choice");
    refused({ messages: [user], stop: [""] }, "stop", "must not be empty");
    refused({ messages: [user], stop: Array.from({ length: 17 }, (_, i) => `s${i}`) }, "stop", "at most 16");
    refused(
      { messages: [user], response_format: { type: "json_schema" } },
      "response_format.json_schema",
      "",
    );
    refused({ messages: [user], response_format: { type: "grammar" } }, "response_format", "not supported");
    refused({ messages: [user], logprobs: true }, "logprobs", "not supported");
    refused({ messages: [user], top_logprobs: 2 }, "top_logprobs", "not supported");
    refused({ messages: [user], frequency_penalty: 0.5 }, "frequency_penalty", "penalties are not supported");
    refused({ messages: [user], presence_penalty: -1 }, "presence_penalty", "penalties are not supported");
    refused({ messages: [user], logit_bias: { "42": 5 } }, "logit_bias", "not supported");
    refused({ messages: [user], functions: [{ name: "f" }] }, "functions", "send tools");
    refused({ messages: [user], function_call: "auto" }, "function_call", "send tool_choice");
    readChatCompletionRequest({
      messages: [user],
      frequency_penalty: 0,
      presence_penalty: 0,
      logit_bias: {},
      top_logprobs: 0,
    });
    refused(
      { messages: [{ role: "user", content: [{ type: "image_url", image_url: { url: "x" } }] }] },
      "messages[0].content[0]",
      "only text content",
    );
    // Stop sequences and response formats are read into the request.
    const structured = readChatCompletionRequest({
      messages: [user],
      stop: "\n\n",
      response_format: {
        type: "json_schema",
        json_schema: { name: "answer", strict: true, schema: { type: "object" } },
      },
    }).request;
    assert.deepEqual(structured.stop, ["\n\n"]);
    assert.deepEqual(structured.responseFormat, {
      type: "json_schema",
      name: "answer",
      strict: true,
      schema: { type: "object" },
    });
    assert.deepEqual(
      readChatCompletionRequest({ messages: [user], response_format: { type: "json_object" } }).request
        .responseFormat,
      { type: "json_object" },
    );
    // Accepted: the defaults spelled out.
    readChatCompletionRequest({ messages: [user], n: 1, stop: null, response_format: { type: "text" } });
  });

  it("refuses malformed requests with the field named", () => {
    refused([], null, "must be a JSON object");
    refused({}, "messages", "messages");
    refused({ messages: [] }, "messages", "at least one message");
    refused({ messages: [{ role: "robot", content: "x" }] }, "messages[0].role", "");
    refused({ messages: [user], temperature: "hot" }, "temperature", "");
    refused({ messages: [user], max_tokens: 0 }, "max_tokens", "");
    refused(
      {
        messages: [
          user,
          { role: "assistant", tool_calls: [{ function: { name: "get_weather", arguments: "{city" } }] },
        ],
      },
      "messages[1].tool_calls[0].function.arguments",
      "not valid JSON",
    );
    refused(
      {
        messages: [user, { role: "assistant", tool_calls: [{ function: { name: "f", arguments: "[1]" } }] }],
      },
      "messages[1].tool_calls[0].function.arguments",
      "must be a JSON object",
    );
    refused({ messages: [user], tool_choice: "required" }, "tool_choice", "no tools are offered");
    refused(
      { messages: [user], tools: [weather], tool_choice: { type: "function", function: { name: "nope" } } },
      "tool_choice",
      "'nope'",
    );
    refused(
      {
        messages: [user],
        tools: [{ type: "function", function: { name: "f", parameters: { type: "array" } } }],
      },
      "tools[0].function.parameters",
      "tool 'f': tools[0].function.parameters must describe an object",
    );
    refused({ messages: [user], tools: [weather, weather] }, "tools", "duplicate tool name");
  });

  it("reads 2020-12 and 2019-09 tool and response schemas; one that cannot compile is refused by its field", () => {
    const zod = z.toJSONSchema(z.object({ city: z.string(), pair: z.tuple([z.string(), z.number()]) }));
    const later = {
      $schema: "https://json-schema.org/draft/2019-09/schema",
      type: "object",
      properties: { a: { type: "string" } },
      unevaluatedProperties: false,
    };
    const read = readChatCompletionRequest({
      messages: [user],
      tools: [
        { type: "function", function: { name: "zod_tool", parameters: zod } },
        { type: "function", function: { name: "later", parameters: later } },
      ],
      response_format: { type: "json_schema", json_schema: { name: "answer", schema: zod } },
    }).request;
    assert.deepEqual(
      read.tools?.map((tool) => tool.parameters),
      [zod, later],
    );
    const draft4 = { $schema: "http://json-schema.org/draft-04/schema#", type: "object" };
    refused(
      {
        messages: [user],
        tools: [weather, { type: "function", function: { name: "old", parameters: draft4 } }],
      },
      "tools[1].function.parameters",
      "tool 'old': tools[1].function.parameters: JSON Schema draft-04 is not supported",
    );
    const backtracking = { type: "object", properties: { s: { type: "string", pattern: "^(a)\\1$" } } };
    refused(
      {
        messages: [user],
        response_format: { type: "json_schema", json_schema: { name: "x", schema: backtracking } },
      },
      "response_format.json_schema.schema",
      'response_format.json_schema.schema: pattern "^(a)\\\\1$" is not supported',
    );
    refused(
      {
        messages: [user],
        response_format: { type: "json_schema", json_schema: { name: "x", schema: draft4 } },
      },
      "response_format.json_schema.schema",
      "draft-04 is not supported",
    );
  });
});
