import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { summariseParts } from "../messages.js";
import { qwen3Format } from "./qwen3.js";

const parse = (text: string) => summariseParts(qwen3Format.parse(text));

describe("qwen3 format", () => {
  it("parses parallel calls after text and a think block, in order", () => {
    const output =
      "<think>\nThe user wants weather in two cities.\n</think>\n\nI'll check both.\n" +
      '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Zürich", "units": {"temp": "C"}}}\n</tool_call>\n' +
      '<tool_call>\n{"name": "get_weather", "arguments": {"city": "東京"}}\n</tool_call>';
    const parts = qwen3Format.parse(output);
    assert.deepEqual(
      parts.map((part) => part.type),
      ["reasoning", "text", "tool-call", "tool-call"],
    );
    const summary = parse(output);
    assert.equal(summary.reasoning, "The user wants weather in two cities.");
    assert.equal(summary.content, "I'll check both.");
    assert.deepEqual(summary.toolCalls, [
      { name: "get_weather", arguments: { city: "Zürich", units: { temp: "C" } } },
      { name: "get_weather", arguments: { city: "東京" } },
    ]);
  });

  it("decodes double-encoded arguments and accepts 'parameters'", () => {
    const summary = parse(
      '<tool_call>\n{"name": "a", "arguments": "{\\"x\\": 1}"}\n</tool_call>\n<tool_call>\n{"name": "b", "parameters": {"y": 2}}\n</tool_call>',
    );
    assert.deepEqual(summary.toolCalls, [
      { name: "a", arguments: { x: 1 } },
      { name: "b", arguments: { y: 2 } },
    ]);
  });

  it("ends an unclosed leading think block at the first call", () => {
    const summary = parse('<think>\nplanning\n<tool_call>\n{"name": "f", "arguments": {}}\n</tool_call>');
    assert.equal(summary.reasoning, "planning");
    assert.deepEqual(summary.toolCalls, [{ name: "f", arguments: {} }]);
  });

  it("types malformed calls and keeps the raw text", () => {
    const truncated = parse('<tool_call>\n{"name": "f", "arguments": {"q": "unfinished');
    assert.equal(truncated.errors[0]?.type, "truncated");
    assert.equal(truncated.errors[0]?.raw, '<tool_call>\n{"name": "f", "arguments": {"q": "unfinished');
    assert.equal(parse('<tool_call>\n{"name": "f", "arguments": {}}\n').errors[0]?.type, "missing-close-tag");
    assert.equal(parse("<tool_call>\n{'name': 'f'}\n</tool_call>").errors[0]?.type, "invalid-json");
    assert.equal(
      parse('<tool_call>\n{"name": "f", "arguments": {\n</tool_call>').errors[0]?.type,
      "invalid-json",
    );
    assert.equal(parse('<tool_call>\n{"arguments": {"a": 1}}\n</tool_call>').errors[0]?.type, "missing-name");
    const notObject = parse('<tool_call>\n{"name": "f", "arguments": [1, 2]}\n</tool_call>');
    assert.equal(notObject.errors[0]?.type, "invalid-arguments");
    assert.match(notObject.errors[0]?.message ?? "", /must be an object/);
  });

  it("keeps a good call after a broken one", () => {
    const summary = parse(
      '<tool_call>\n{"name": "f", "arguments": {\n<tool_call>\n{"name": "g", "arguments": {"ok": true}}\n</tool_call>',
    );
    assert.deepEqual(
      summary.errors.map((error) => error.type),
      ["truncated"],
    );
    assert.deepEqual(summary.toolCalls, [{ name: "g", arguments: { ok: true } }]);
  });

  it("renders tools in a system turn, calls in Hermes JSON and grouped tool responses", () => {
    const prompt = qwen3Format.render(
      [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Weather?" },
        {
          role: "assistant",
          content: "",
          toolCalls: [
            { name: "get_weather", arguments: { city: "Paris" } },
            { name: "get_weather", arguments: { city: "Rome" } },
          ],
        },
        { role: "tool", content: "sunny" },
        { role: "tool", content: "rain" },
      ],
      [{ name: "get_weather", description: "Weather", parameters: { type: "object" } }],
    );
    assert.ok(prompt.startsWith("<|im_start|>system\nBe brief.\n\n# Tools"));
    assert.ok(prompt.includes('<tools>\n{"type": "function", "function": {"name": "get_weather"'));
    assert.ok(
      prompt.includes(
        '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Rome"}}\n</tool_call><|im_end|>',
      ),
    );
    assert.ok(
      prompt.includes(
        "<|im_start|>user\n<tool_response>\nsunny\n</tool_response>\n<tool_response>\nrain\n</tool_response><|im_end|>\n",
      ),
    );
    assert.ok(prompt.endsWith("<|im_start|>assistant\n"));
    assert.ok(
      qwen3Format
        .render([{ role: "user", content: "hi" }], [], { enableThinking: false })
        .endsWith("<think>\n\n</think>\n\n"),
    );
  });
});
