import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { summariseParts, type ToolDefinition } from "../messages.js";
import { callArgumentsText, losesNumberKind, parameterArgumentsText } from "./arguments-text.js";
import { jsonFormat } from "./json-format.js";
import { minicpmFormat } from "./minicpm.js";
import { mistralFormat } from "./mistral.js";
import { qwen3Format } from "./qwen3.js";

const calls = (parts: ReturnType<typeof qwen3Format.parse>) => summariseParts(parts).toolCalls;

describe("argumentsText", () => {
  it("tells which number literals JSON.parse reads differently from json.loads", () => {
    assert.equal(losesNumberKind('{"a": [1, 2.5, -3e-1], "b": "1.0"}'), false);
    assert.equal(losesNumberKind('{"a": 1.0}'), true);
    assert.equal(losesNumberKind('{"a": 2E3}'), true);
    assert.equal(losesNumberKind('{"a": 12345678901234567890}'), true);
    assert.equal(losesNumberKind('{"a\\"1.0": "x\\\\", "b": 0}'), false);
  });

  it("cuts the arguments out of a call object, inside `function` or JSON-encoded", () => {
    assert.equal(
      callArgumentsText('{"name": "f", "arguments": {"x": 1.0}, "arguments": {"x": 2.0, "y": [1]}}'),
      '{"x": 2.0, "y": [1]}',
    );
    assert.equal(callArgumentsText('{"name": "f", "parameters": {"x": 1}}'), undefined);
    assert.equal(
      callArgumentsText('{"id": "c1", "function": {"name": "f", "arguments": "{\\"x\\": 1.0}"}}'),
      '{"x": 1.0}',
    );
  });

  it("is kept by the JSON formats only where JSON.parse loses a float", () => {
    const qwen = calls(
      qwen3Format.parse('<tool_call>\n{"name": "f", "arguments": {"x": [1.0, 3]}}\n</tool_call>'),
    );
    assert.deepEqual(qwen, [{ name: "f", arguments: { x: [1, 3] }, argumentsText: '{"x": [1.0, 3]}' }]);
    const plain = calls(
      qwen3Format.parse('<tool_call>\n{"name": "f", "arguments": {"x": [1.5, 3]}}\n</tool_call>'),
    );
    assert.deepEqual(plain, [{ name: "f", arguments: { x: [1.5, 3] } }]);
    const list = calls(
      jsonFormat.parse('[{"name": "f", "arguments": {"x": 1}}, {"name": "g", "arguments": {"y": 2.0}}]'),
    );
    assert.deepEqual(list, [
      { name: "f", arguments: { x: 1 } },
      { name: "g", arguments: { y: 2 }, argumentsText: '{"y": 2.0}' },
    ]);
    const wrapped = calls(jsonFormat.parse('{"tool_calls": [{"name": "g", "parameters": {"y": 1e2}}]}'));
    assert.equal(wrapped[0]?.argumentsText, '{"y": 1e2}');
    const mistral = calls(mistralFormat.parse('[TOOL_CALLS]g[ARGS]{"y": 4.0}'));
    assert.deepEqual(mistral, [{ name: "g", arguments: { y: 4 }, argumentsText: '{"y": 4.0}' }]);
  });

  it("keeps the number kinds XML parameter text shows (MiniCPM)", () => {
    const tools: ToolDefinition[] = [
      {
        name: "f",
        description: "",
        parameters: {
          type: "object",
          properties: { n: { type: "integer" }, r: { type: "number" }, v: { type: "array" } },
        },
      },
    ];
    const text =
      '<function name="f"><param name="n">3.0</param><param name="r">2.0</param><param name="v">[1.0, 2]</param></function>';
    const [call] = calls(minicpmFormat.parse(text, tools));
    assert.deepEqual(call?.arguments, { n: "3.0", r: 2, v: [1, 2] });
    assert.equal(call?.argumentsText, '{"n":"3.0","r":2.0,"v":[1.0, 2]}');
    assert.equal(parameterArgumentsText([["r", 2.5, "2.5"]]), undefined);
  });
});
