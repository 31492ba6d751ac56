import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { summariseParts } from "../messages.js";
import { llama3Format } from "./llama3.js";

const parse = (text: string) => summariseParts(llama3Format.parse(text));

describe("llama3 format", () => {
  it("parses a bare JSON call with 'parameters' (and 'arguments')", () => {
    assert.deepEqual(
      parse('{"name": "get_weather", "parameters": {"city": "São Paulo", "opts": {"days": [1, 2]}}}')
        .toolCalls,
      [{ name: "get_weather", arguments: { city: "São Paulo", opts: { days: [1, 2] } } }],
    );
    assert.deepEqual(parse('{"name": "f", "arguments": {"a": 1}}<|eot_id|>').toolCalls, [
      { name: "f", arguments: { a: 1 } },
    ]);
  });

  it("parses <|python_tag|> calls, several separated by ';' or newlines", () => {
    const summary = parse(
      '<|python_tag|>{"name": "a", "parameters": {"x": 1}}; {"name": "b", "parameters": {}}\n{"name": "c", "parameters": "{\\"y\\": true}"}<|eom_id|>',
    );
    assert.deepEqual(summary.toolCalls, [
      { name: "a", arguments: { x: 1 } },
      { name: "b", arguments: {} },
      { name: "c", arguments: { y: true } },
    ]);
    assert.equal(summary.content, "");
  });

  it("parses built-in tool calls written in Python after <|python_tag|>", () => {
    assert.deepEqual(parse('<|python_tag|>brave_search.call(query="weather in Paris")').toolCalls, [
      { name: "brave_search", arguments: { query: "weather in Paris" } },
    ]);
  });

  it("keeps prose before a call and plain answers as text", () => {
    const summary = parse('Let me look that up.\n{"name": "search", "parameters": {"q": "llamas"}}');
    assert.equal(summary.content, "Let me look that up.");
    assert.equal(summary.toolCalls.length, 1);
    const answer = parse('The answer is {"x": 1} in JSON.');
    assert.equal(answer.content, 'The answer is {"x": 1} in JSON.');
    assert.equal(answer.toolCalls.length + answer.errors.length, 0);
  });

  it("types malformed calls", () => {
    assert.equal(parse('{"name": "f", "parameters": {"a": ').errors[0]?.type, "truncated");
    assert.equal(parse('{"name": "f", "parameters": {a: 1}}').errors[0]?.type, "invalid-json");
    assert.equal(parse('{"parameters": {"a": 1}}').errors[0]?.type, "missing-name");
    assert.equal(parse('{"name": "f", "parameters": 5}').errors[0]?.type, "invalid-arguments");
    assert.equal(parse("<|python_tag|>").errors[0]?.type, "truncated");
    assert.equal(parse('<|python_tag|>brave_search.call(query="x"').errors[0]?.type, "truncated");
  });

  it("renders tools in the first user message, the call as JSON and results in ipython turns", () => {
    const prompt = llama3Format.render(
      [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Weather?" },
        {
          role: "assistant",
          content: "",
          toolCalls: [{ name: "get_weather", arguments: { city: "Paris" } }],
        },
        { role: "tool", content: '{"temp": 20}' },
      ],
      [{ name: "get_weather", parameters: { type: "object" } }],
    );
    assert.ok(
      prompt.startsWith(
        "<|start_header_id|>system<|end_header_id|>\n\nEnvironment: ipython\nCutting Knowledge Date:",
      ),
    );
    assert.ok(prompt.includes("Be brief.<|eot_id|><|start_header_id|>user<|end_header_id|>\n\n"));
    assert.ok(
      prompt.includes('{\n    "type": "function",\n    "function": {\n        "name": "get_weather"'),
    );
    assert.ok(prompt.includes("\n\nWeather?<|eot_id|>"));
    assert.ok(
      prompt.includes(
        '<|start_header_id|>assistant<|end_header_id|>\n\n{"name": "get_weather", "parameters": {"city": "Paris"}}<|eot_id|>',
      ),
    );
    assert.ok(
      prompt.endsWith(
        'ipython<|end_header_id|>\n\n{"temp": 20}<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n',
      ),
    );
  });
});
