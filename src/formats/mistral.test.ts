import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { summariseParts } from "../messages.js";
import { mistralFormat } from "./mistral.js";

const parse = (text: string) => summariseParts(mistralFormat.parse(text));

describe("mistral format", () => {
  it("parses the v3 JSON list with ids", () => {
    const summary = parse(
      '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}, "id": "abcDEF123"}, {"name": "get_time", "arguments": {"tz": "Europe/Paris"}, "id": "xyzXYZ789"}]</s>',
    );
    assert.deepEqual(summary.toolCalls, [
      { id: "abcDEF123", name: "get_weather", arguments: { city: "Paris" } },
      { id: "xyzXYZ789", name: "get_time", arguments: { tz: "Europe/Paris" } },
    ]);
    assert.equal(summary.content, "");
  });

  it("parses repeated name[ARGS] calls, with and without [CALL_ID], after text and [THINK]", () => {
    const summary = parse(
      '[THINK]Two lookups.[/THINK]Sure.[TOOL_CALLS]get_weather[ARGS]{"city": "Lyon", "extra": {"units": ["C"]}}[TOOL_CALLS]get_time[CALL_ID]abcDEF123[ARGS]{"city": "Kyōto"}',
    );
    assert.equal(summary.reasoning, "Two lookups.");
    assert.equal(summary.content, "Sure.");
    assert.deepEqual(summary.toolCalls, [
      { name: "get_weather", arguments: { city: "Lyon", extra: { units: ["C"] } } },
      { id: "abcDEF123", name: "get_time", arguments: { city: "Kyōto" } },
    ]);
  });

  it("types malformed calls", () => {
    assert.equal(parse('[TOOL_CALLS]get_weather[ARGS]{"city": "Par').errors[0]?.type, "truncated");
    assert.equal(parse("[TOOL_CALLS]get_weather[AR").errors[0]?.type, "truncated");
    assert.equal(parse("[TOOL_CALLS]").errors[0]?.type, "truncated");
    assert.equal(parse('[TOOL_CALLS]get_weather{"city": "x"}[x]').errors[0]?.type, "invalid-syntax");
    assert.equal(parse('[TOOL_CALLS]get_weather[ARGS]{"city": x}').errors[0]?.type, "invalid-json");
    assert.equal(parse('[TOOL_CALLS][ARGS]{"city": "x"}').errors[0]?.type, "missing-name");
    assert.equal(parse('[TOOL_CALLS]f[ARGS]"text"').errors[0]?.type, "invalid-arguments");
    assert.equal(parse('[TOOL_CALLS][{"arguments": {}}]').errors[0]?.type, "missing-name");
    const recovered = parse('[TOOL_CALLS]a[ARGS]{bad}[TOOL_CALLS]b[ARGS]{"ok": 1}');
    assert.deepEqual(recovered.toolCalls, [{ name: "b", arguments: { ok: 1 } }]);
    assert.equal(recovered.errors.length, 1);
  });

  it("renders system prompt, available tools, calls and results in the newer style", () => {
    const prompt = mistralFormat.render(
      [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Weather?" },
        {
          role: "assistant",
          content: "",
          toolCalls: [{ id: "abcDEF123", name: "get_weather", arguments: { city: "Paris" } }],
        },
        { role: "tool", content: "sunny", toolCallId: "abcDEF123" },
      ],
      [{ name: "get_weather", parameters: { type: "object" } }],
    );
    assert.equal(
      prompt,
      '[SYSTEM_PROMPT]Be brief.[/SYSTEM_PROMPT][AVAILABLE_TOOLS][{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}][/AVAILABLE_TOOLS]' +
        '[INST]Weather?[/INST][TOOL_CALLS]get_weather[CALL_ID]abcDEF123[ARGS]{"city": "Paris"}</s>[TOOL_RESULTS]sunny[/TOOL_RESULTS]',
    );
  });
});
