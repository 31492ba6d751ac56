import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { summariseParts } from "../messages.js";
import { jsonFormat } from "./json-format.js";

const parse = (text: string) => summariseParts(jsonFormat.parse(text));

describe("json format", () => {
  it("parses one object, an array, 'parameters' and a code fence", () => {
    assert.deepEqual(parse('{"name": "f", "arguments": {"a": [1, {"b": "ß"}]}}').toolCalls, [
      { name: "f", arguments: { a: [1, { b: "ß" }] } },
    ]);
    assert.deepEqual(
      parse('[{"name": "f", "arguments": {}}, {"name": "g", "parameters": {"x": 1}}]').toolCalls,
      [
        { name: "f", arguments: {} },
        { name: "g", arguments: { x: 1 } },
      ],
    );
    const fenced = parse('Calling now:\n```json\n{"name": "f", "arguments": {"q": "x"}}\n```');
    assert.equal(fenced.content, "Calling now:");
    assert.deepEqual(fenced.toolCalls, [{ name: "f", arguments: { q: "x" } }]);
  });

  it("parses OpenAI shapes with string arguments and tool_calls wrappers", () => {
    const summary = parse(
      '{"tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{\\"a\\": 1}"}}, {"function": {"name": "g", "arguments": {}}}]}',
    );
    assert.deepEqual(summary.toolCalls, [
      { id: "call_1", name: "f", arguments: { a: 1 } },
      { name: "g", arguments: {} },
    ]);
  });

  it("keeps plain answers and think blocks apart from calls", () => {
    const summary = parse("<think>no tool needed</think>The capital of France is Paris.");
    assert.equal(summary.reasoning, "no tool needed");
    assert.equal(summary.content, "The capital of France is Paris.");
    assert.equal(summary.toolCalls.length, 0);
    assert.equal(parse('{"answer": 42}').content, '{"answer": 42}');
  });

  it("types malformed calls", () => {
    assert.equal(parse('{"name": "f", "arguments": {"a": 1').errors[0]?.type, "truncated");
    assert.equal(parse('{"name": "f", "arguments": {"a": 1,}}').errors[0]?.type, "invalid-json");
    assert.equal(parse('{"arguments": {"a": 1}}').errors[0]?.type, "missing-name");
    assert.equal(parse('{"name": "f", "arguments": "not json"}').errors[0]?.type, "invalid-arguments");
    assert.equal(parse('[{"name": "f"}, 3]').errors[0]?.type, "missing-name");
  });

  it("renders a JSON instruction with the tools and calls as JSON", () => {
    const prompt = jsonFormat.render(
      [
        { role: "user", content: "hi" },
        { role: "assistant", content: "", toolCalls: [{ name: "f", arguments: { a: 1 } }] },
        { role: "tool", content: "done" },
      ],
      [{ name: "f", parameters: { type: "object" } }],
    );
    assert.ok(prompt.includes('{"name": "<function name>", "arguments": {<argument name>: <value>, ...}}'));
    assert.ok(prompt.includes('<|im_start|>assistant\n{"name": "f", "arguments": {"a": 1}}<|im_end|>'));
    assert.ok(prompt.includes("<|im_start|>tool\ndone<|im_end|>"));
  });
});
