import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { summariseParts } from "../messages.js";
import { lfm2Format } from "./lfm2.js";

const parse = (text: string) => summariseParts(lfm2Format.parse(text));

describe("lfm2 format", () => {
  it("parses parallel pythonic calls with text before and after", () => {
    const summary = parse(
      'Checking both.<|tool_call_start|>[get_time(city="Tōkyō"), search(query="café \\"best\\"", limit=5, filters={"open": True, "price": None}, ratio=0.5)]<|tool_call_end|>One moment.',
    );
    assert.equal(summary.content, "Checking both.One moment.");
    assert.deepEqual(summary.toolCalls, [
      { name: "get_time", arguments: { city: "Tōkyō" } },
      {
        name: "search",
        arguments: { query: 'café "best"', limit: 5, filters: { open: true, price: null }, ratio: 0.5 },
      },
    ]);
  });

  it("strips a think block and accepts JSON literals and JSON call bodies", () => {
    const summary = parse(
      "<think>\nneed the time\n</think>\n<|tool_call_start|>[f(a=true, b=null)]<|tool_call_end|>",
    );
    assert.equal(summary.reasoning, "need the time");
    assert.deepEqual(summary.toolCalls, [{ name: "f", arguments: { a: true, b: null } }]);
    const json = parse('<|tool_call_start|>[{"name": "g", "arguments": {"x": [1]}}]<|tool_call_end|>');
    assert.deepEqual(json.toolCalls, [{ name: "g", arguments: { x: [1] } }]);
  });

  it("types malformed calls", () => {
    assert.equal(parse('<|tool_call_start|>[f(a="cut').errors[0]?.type, "truncated");
    assert.equal(parse("<|tool_call_start|>[f(a=1)]").errors[0]?.type, "missing-close-tag");
    assert.equal(parse("<|tool_call_start|>[f(a=1)<|tool_call_end|>").errors[0]?.type, "invalid-syntax");
    assert.equal(parse("<|tool_call_start|>[f(1)]<|tool_call_end|>").errors[0]?.type, "invalid-syntax");
    assert.equal(
      parse("<|tool_call_start|>[f(a=1)] extra<|tool_call_end|>").errors[0]?.type,
      "invalid-syntax",
    );
    assert.equal(parse("<|tool_call_start|>").errors[0]?.type, "truncated");
    const bad = parse("<|tool_call_start|>[f(a=undefined_name)]<|tool_call_end|>");
    assert.equal(bad.errors[0]?.raw, "<|tool_call_start|>[f(a=undefined_name)]<|tool_call_end|>");
  });

  it("renders 'List of tools' in the system turn, calls in assistant text and results in tool turns", () => {
    const prompt = lfm2Format.render(
      [
        { role: "system", content: "You are helpful." },
        { role: "user", content: "Time in Paris?" },
        {
          role: "assistant",
          content: "",
          toolCalls: [{ name: "get_time", arguments: { city: "Paris", utc: false } }],
        },
        { role: "tool", content: "10:00" },
      ],
      [{ name: "get_time", parameters: { type: "object" } }],
    );
    assert.ok(
      prompt.startsWith(
        '<|im_start|>system\nYou are helpful.\nList of tools: [{"type": "function", "function": {"name": "get_time", "parameters": {"type": "object"}}}]<|im_end|>\n',
      ),
    );
    assert.ok(
      prompt.includes(
        '<|im_start|>assistant\n<|tool_call_start|>[get_time(city="Paris", utc=False)]<|tool_call_end|><|im_end|>',
      ),
    );
    assert.ok(prompt.includes("<|im_start|>tool\n10:00<|im_end|>\n<|im_start|>assistant\n"));
  });
});
