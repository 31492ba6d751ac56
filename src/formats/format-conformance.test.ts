/**
 * Every format must read back what its own renderer writes: render → calls in the format's
 * syntax → parse gives the same calls. Also checks the prompt shape common to all renderers.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ChatMessage, ToolCall, ToolDefinition } from "../messages.js";
import { summariseParts } from "../messages.js";
import { formatNames, getFormat } from "./registry.js";

const tools: ToolDefinition[] = [
  {
    name: "get_weather",
    description: "Weather for a city",
    parameters: {
      type: "object",
      properties: { city: { type: "string" }, days: { type: "integer" } },
      required: ["city"],
    },
  },
  {
    name: "search_notes",
    description: "Full-text search",
    parameters: {
      type: "object",
      properties: {
        query: { type: "string" },
        filters: { type: "object" },
        ratio: { type: "number" },
        exact: { type: "boolean" },
        zip: { type: "string" },
      },
    },
  },
  { name: "list_files", parameters: { type: "object", properties: {} } },
];

const single: ToolCall[] = [{ name: "get_weather", arguments: { city: "São Paulo", days: 3 } }];
const parallel: ToolCall[] = [
  { name: "get_weather", arguments: { city: "東京" } },
  {
    name: "search_notes",
    arguments: {
      query: 'Line one\nline <two> & "three"',
      filters: { tags: ["a", "ü"], limit: 5, nested: { ok: true, none: null } },
      ratio: 0.25,
      exact: false,
      zip: "02134",
    },
  },
  { name: "list_files", arguments: {} },
];

function conversation(calls: ToolCall[]): ChatMessage[] {
  return [
    { role: "system", content: "You are a careful assistant." },
    { role: "user", content: "Please help." },
    { role: "assistant", content: "", toolCalls: calls },
    ...calls.map(
      (call): ChatMessage => ({ role: "tool", content: `result of ${call.name}`, name: call.name }),
    ),
  ];
}

describe("format conformance", () => {
  for (const name of formatNames) {
    const format = getFormat(name);
    it(`${name}: parses the calls its renderer writes (one call and parallel calls)`, () => {
      for (const calls of [single, parallel]) {
        const written = format.renderCalls?.(calls) ?? "";
        assert.ok(written.length > 0);
        if (format.callPrefix !== "")
          assert.ok(written.startsWith(format.callPrefix), `${name} call starts with its prefix`);
        const summary = summariseParts(format.parse(written, tools));
        assert.deepEqual(summary.errors, [], `${name}: ${written}`);
        assert.deepEqual(summary.toolCalls, calls, `${name}: ${written}`);
        assert.equal(summary.content, "");
      }
    });

    it(`${name}: renders the conversation with the tools, the calls and the results`, () => {
      const prompt = format.render(conversation(parallel), tools);
      assert.ok(
        prompt.includes(format.renderCalls?.(parallel) ?? "?"),
        `${name} prompt holds the rendered calls`,
      );
      assert.ok(prompt.includes("You are a careful assistant.") && prompt.includes("Please help."));
      // FunctionGemma declares each tool as `declaration:NAME{...}`; the others list JSON objects.
      for (const tool of tools)
        assert.ok(
          prompt.includes(`"name": "${tool.name}"`) || prompt.includes(`declaration:${tool.name}{`),
          `${name} lists ${tool.name}`,
        );
      for (const call of parallel) assert.ok(prompt.includes(`result of ${call.name}`));
      const withoutPrompt = format.render(conversation(parallel), tools, { addGenerationPrompt: false });
      assert.ok(prompt.startsWith(withoutPrompt));
      // Mistral has no assistant header; FunctionGemma's model continues its own turn after results.
      if (name !== "mistral" && name !== "functiongemma")
        assert.ok(prompt.length > withoutPrompt.length, `${name} appends a generation prompt`);
    });

    it(`${name}: keeps text and reasoning around its own calls`, () => {
      const written = format.renderCalls?.(single) ?? "";
      const summary = summariseParts(
        format.parse(`<think>\nI need the weather.\n</think>\n\n${written}`, tools),
      );
      assert.equal(summary.reasoning, "I need the weather.");
      assert.deepEqual(summary.toolCalls, single);
    });
  }

  it("mistral keeps call ids through a round trip", () => {
    const format = getFormat("mistral");
    const calls = parallel.map((call, index) => ({ ...call, id: `abcDEF12${index}` }));
    assert.deepEqual(summariseParts(format.parse(format.renderCalls?.(calls) ?? "", tools)).toolCalls, calls);
  });
});
