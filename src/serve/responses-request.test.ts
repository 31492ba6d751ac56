import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { z } from "zod";
import { InvalidChatRequest } from "./invalid-request.js";
import { ItemStore } from "./item-store.js";
import { readResponsesRequest } from "./responses-request.js";

function refused(body: unknown, param: string | null, message: RegExp, store = new ItemStore()) {
  assert.throws(
    () => readResponsesRequest(body, store),
    (error: unknown) =>
      error instanceof InvalidChatRequest && error.param === param && message.test(error.message),
  );
}

describe("readResponsesRequest", () => {
  it("reads items: messages, calls joined to their assistant turn, outputs named by their call", () => {
    const plan = readResponsesRequest(
      {
        instructions: "Be brief.",
        input: [
          { role: "user", content: [{ type: "input_text", text: "Weather?" }] },
          { type: "message", role: "assistant", content: [{ type: "output_text", text: "Checking." }] },
          { type: "function_call", call_id: "c1", name: "get_weather", arguments: '{"city":"Oslo"}' },
          { type: "function_call_output", call_id: "c1", output: "sunny" },
        ],
        tools: [{ type: "function", name: "get_weather", parameters: { type: "object", properties: {} } }],
        text: { format: { type: "json_object" } },
        max_output_tokens: 50,
      },
      new ItemStore(),
    );
    assert.deepEqual(plan.request.messages, [
      { role: "system", content: "Be brief." },
      { role: "user", content: "Weather?" },
      {
        role: "assistant",
        content: "Checking.",
        toolCalls: [{ id: "c1", name: "get_weather", arguments: { city: "Oslo" } }],
      },
      { role: "tool", content: "sunny", toolCallId: "c1", name: "get_weather" },
    ]);
    assert.equal(plan.request.maxTokens, 50);
    assert.deepEqual(plan.request.responseFormat, { type: "json_object" });
    assert.equal(plan.request.tools?.[0]?.name, "get_weather");
  });

  it("resolves item references from the store and refuses unknown ones", () => {
    const store = new ItemStore({ capacity: 1 });
    const item = { type: "function_call", id: "fc_1", call_id: "c1", name: "f", arguments: "{}" };
    store.remember("resp_1", [{ type: "message", role: "user", content: "hi" }], [item]);
    const plan = readResponsesRequest({ input: [{ type: "item_reference", id: "fc_1" }] }, store);
    const [referenced] = plan.request.messages;
    assert.ok(referenced?.role === "assistant");
    assert.equal(referenced.toolCalls?.[0]?.name, "f");
    assert.equal(
      readResponsesRequest({ input: "more", previous_response_id: "resp_1" }, store).request.messages.length,
      3,
    );
    store.remember("resp_2", [], []);
    refused({ input: [{ type: "item_reference", id: "fc_1" }] }, "input[0]", /no item 'fc_1'/, store);
    refused(
      { input: "x", previous_response_id: "resp_1" },
      "previous_response_id",
      /at most 1 and 16 MiB; one larger than that is not kept/,
      store,
    );
  });

  it("refuses what it cannot honour, naming the field", () => {
    refused({ input: "x", tools: [{ type: "web_search" }] }, "tools[0].type", /only 'function'/);
    refused(
      { input: [{ role: "user", content: [{ type: "input_image", image_url: "x" }] }] },
      "input[0].content[0]",
      /only text/,
    );
    refused({ input: "x", text: { format: { type: "grammar" } } }, "text.format", /not supported/);
    refused({ input: "x", tool_choice: "required" }, "tool_choice", /no tools/);
    refused({ input: 3 }, "input", /string or a list/);
    refused({ input: [{ type: "computer_call" }] }, "input[0].type", /not supported/);
  });

  it("reads 2020-12 schemas; one that cannot compile is refused by its field", () => {
    const zod = z.toJSONSchema(z.object({ city: z.string(), note: z.string().nullable() }));
    const read = readResponsesRequest(
      {
        input: "x",
        tools: [{ type: "function", name: "zod_tool", parameters: zod }],
        text: { format: { type: "json_schema", name: "answer", schema: zod } },
      },
      new ItemStore(),
    ).request;
    assert.deepEqual(read.tools?.[0]?.parameters, zod);
    const draft4 = { $schema: "http://json-schema.org/draft-04/schema#", type: "object" };
    refused(
      { input: "x", tools: [{ type: "function", name: "old", parameters: draft4 }] },
      "tools[0].parameters",
      /^tool 'old': tools\[0\]\.parameters: JSON Schema draft-04 is not supported/,
    );
    refused(
      { input: "x", text: { format: { type: "json_schema", name: "a", schema: { pattern: "(?=a)" } } } },
      "text.format.schema",
      /^text\.format\.schema: pattern "\(\?=a\)" is not supported/,
    );
  });
});
