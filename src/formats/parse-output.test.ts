import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { parseModelOutput } from "./parse-output.js";
import { qwen35Format } from "./qwen3-5.js";

describe("parseModelOutput", () => {
  it("returns the parse JSON shape with reasoning", () => {
    const result = parseModelOutput(
      '<think>\nweather\n</think>\nChecking.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>\n<tool_call>\n{"name": "x"',
      "qwen3",
    );
    assert.deepEqual(result, {
      content: "Checking.",
      toolCalls: [{ name: "get_weather", arguments: { city: "Oslo" } }],
      errors: [
        {
          type: "truncated",
          message: "the output ends inside a JSON value",
          raw: '<tool_call>\n{"name": "x"',
        },
      ],
      reasoning: "weather",
    });
  });

  it("uses the tools to type values and accepts a format object", () => {
    const tools = [{ name: "f", parameters: { type: "object", properties: { n: { type: "string" } } } }];
    const text = "<tool_call>\n<function=f>\n<parameter=n>\n42\n</parameter>\n</function>\n</tool_call>";
    assert.deepEqual(parseModelOutput(text, qwen35Format, tools).toolCalls, [
      { name: "f", arguments: { n: "42" } },
    ]);
    assert.deepEqual(parseModelOutput(text, "qwen3.5").toolCalls, [{ name: "f", arguments: { n: 42 } }]);
  });

  it("keeps Mistral call ids and rejects unknown format names", () => {
    const result = parseModelOutput('[TOOL_CALLS]f[CALL_ID]abcDEF123[ARGS]{"a": 1}', "mistral");
    assert.deepEqual(result.toolCalls, [{ id: "abcDEF123", name: "f", arguments: { a: 1 } }]);
    assert.throws(
      () => parseModelOutput("x", "nope"),
      (error: unknown) => isEdgecallError(error, "usage"),
    );
  });
});
