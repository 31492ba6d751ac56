import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { toOpenAIMessages, toOpenAIRequestBody } from "./request.js";

describe("toOpenAIMessages", () => {
  it("gives id-less calls ids and ties id-less tool results to them in order", () => {
    const messages = toOpenAIMessages([
      { role: "user", content: "Paris and Lyon?" },
      {
        role: "assistant",
        content: "",
        toolCalls: [
          { name: "get_weather", arguments: { city: "Paris" } },
          { name: "get_weather", arguments: { city: "Lyon" } },
        ],
      },
      { role: "tool", content: "21" },
      { role: "tool", content: "19" },
    ]);
    assert.deepEqual(messages.slice(1), [
      {
        role: "assistant",
        content: "",
        tool_calls: [
          {
            id: "call_1_0",
            type: "function",
            function: { name: "get_weather", arguments: '{"city":"Paris"}' },
          },
          {
            id: "call_1_1",
            type: "function",
            function: { name: "get_weather", arguments: '{"city":"Lyon"}' },
          },
        ],
      },
      { role: "tool", content: "21", tool_call_id: "call_1_0" },
      { role: "tool", content: "19", tool_call_id: "call_1_1" },
    ]);
  });

  it("keeps given ids and leaves empty reasoning out", () => {
    const messages = toOpenAIMessages([
      { role: "assistant", content: "ok", reasoning: "", toolCalls: [{ id: "x", name: "f", arguments: {} }] },
      { role: "tool", content: "done", toolCallId: "x" },
    ]);
    assert.deepEqual(messages, [
      {
        role: "assistant",
        content: "ok",
        tool_calls: [{ id: "x", type: "function", function: { name: "f", arguments: "{}" } }],
      },
      { role: "tool", content: "done", tool_call_id: "x" },
    ]);
  });
});

describe("toOpenAIRequestBody", () => {
  it("sends tool_choice only with tools, and tools without a description as such", () => {
    const body = toOpenAIRequestBody(
      {
        messages: [{ role: "user", content: "hi" }],
        toolChoice: "required",
        tools: [{ name: "f", parameters: { type: "object" } }],
      },
      "m",
      false,
    );
    assert.deepEqual(body.tools, [
      { type: "function", function: { name: "f", parameters: { type: "object" } } },
    ]);
    assert.equal(body.tool_choice, "required");
    const noTools = toOpenAIRequestBody({ messages: [], toolChoice: "required", tools: [] }, "m", false);
    assert.equal("tool_choice" in noTools, false);
    assert.equal("tools" in noTools, false);
  });
});
