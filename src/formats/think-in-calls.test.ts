/**
 * Reasoning tags inside a call are the call's text (issue 33, item 5): a `<think>` or `</think>` in
 * a string argument never opens or closes a reasoning block, in every format, whole or streamed.
 * Reasoning is recognised only where a model can open it: a block at the start of the output, or
 * one the generation prompt opened (its close tag comes first, outside any call).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { summariseParts, type ToolCall, type ToolDefinition } from "../messages.js";
import { OutputStream, type StreamDelta } from "./output-stream.js";
import { formatNames, getFormat } from "./registry.js";
import { parseStructuredReply } from "./structured-reply.js";
import { defaultThinkTags } from "./think-blocks.js";
import type { ToolCallFormat } from "./tool-call-format.js";

const tools: ToolDefinition[] = [
  {
    name: "write_note",
    parameters: { type: "object", properties: { content: { type: "string" } }, required: ["content"] },
  },
];

/** The outputs to read: where the reasoning is, and whether the prompt opened it. */
function shapes(format: ToolCallFormat, open: string, close: string, written: string) {
  const list = [
    { name: "a bare call", text: written, reasoning: "", content: "", reasoningOpen: false },
    {
      name: "a call after a leading block",
      text: `${open}\nplan\n${close}\n\n${written}`,
      reasoning: "plan",
      content: "",
      reasoningOpen: false,
    },
    {
      name: "a call after a block the prompt opened",
      text: `plan\n${close}\n\n${written}`,
      reasoning: "plan",
      content: "",
      reasoningOpen: true,
    },
    {
      name: "a call after text",
      text: `Sure.\n${written}`,
      reasoning: "",
      content: "Sure.",
      reasoningOpen: false,
    },
  ];
  // A model that opened a block and started a call without closing it (the call grammar takes
  // over at the call prefix, so constrained decoding writes exactly this), and one whose prompt
  // opened the block and that calls at once (Qwen3.5 with thinking on, under a lazy grammar).
  if (format.callPrefix !== "")
    list.push(
      {
        name: "a call that ends an unclosed leading block",
        text: `${open}\nplan\n${written}`,
        reasoning: "plan",
        content: "",
        reasoningOpen: false,
      },
      {
        name: "a call at once in a block the prompt opened",
        text: written,
        reasoning: "",
        content: "",
        reasoningOpen: true,
      },
    );
  return list;
}

function stream(format: ToolCallFormat, raw: string, reasoningOpen: boolean) {
  const reader = new OutputStream(format, { tools, reasoningOpen });
  const live: StreamDelta[] = [];
  for (const character of raw) live.push(...reader.push(character));
  const parts = format.parse(raw, tools);
  const end = reader.finish(parts);
  const joined = (kind: string) =>
    [...live, ...end.deltas]
      .filter((delta) => delta.kind === kind)
      .map((delta) => delta.text)
      .join("");
  return { live, diverged: end.diverged, content: joined("content"), reasoning: joined("reasoning") };
}

describe("reasoning tags inside a call's arguments", () => {
  for (const name of formatNames) {
    const format = getFormat(name);
    for (const { open, close } of format.thinkTags ?? defaultThinkTags) {
      for (const value of [`a ${close} b`, `${open} a`, `x ${open}y${close} z`]) {
        const call: ToolCall = { name: "write_note", arguments: { content: value } };
        const written = format.renderCalls?.([call]) ?? "";
        for (const shape of shapes(format, open, close, written)) {
          it(`${name}: ${JSON.stringify(value)} in ${shape.name}`, () => {
            const parsed = summariseParts(format.parse(shape.text, tools));
            assert.deepEqual(parsed.errors, [], JSON.stringify(shape.text));
            assert.deepEqual(parsed.toolCalls, [call], JSON.stringify(shape.text));
            assert.equal(parsed.reasoning, shape.reasoning);
            assert.equal(parsed.content, shape.content);
          });
          it(`${name}: ${JSON.stringify(value)} in ${shape.name}, streamed`, () => {
            const result = stream(format, shape.text, shape.reasoningOpen);
            assert.deepEqual(result.diverged, [], JSON.stringify(shape.text));
            assert.equal(result.reasoning, shape.reasoning);
            assert.equal(result.content, shape.content);
            for (const delta of result.live)
              assert.ok(!delta.text.includes("write_note"), `call markup sent as ${delta.kind}`);
          });
        }
      }
    }
  }

  it("a tag in visible text after the start is text, not a reasoning block", () => {
    const parsed = summariseParts(getFormat("qwen3").parse("Wrap it in <think>…</think> tags.", tools));
    assert.equal(parsed.reasoning, "");
    assert.equal(parsed.content, "Wrap it in <think>…</think> tags.");
    const streamed = stream(getFormat("qwen3"), "Wrap it in <think>…</think> tags.", false);
    assert.deepEqual(streamed.diverged, []);
    assert.equal(streamed.content, "Wrap it in <think>…</think> tags.");
  });

  it("a reasoning block that drafts a call stays reasoning", () => {
    const format = getFormat("qwen3");
    const draft = '<tool_call>\n{"name": "write_note", "arguments": {"content": "x"}}\n</tool_call>';
    const parsed = summariseParts(
      format.parse(`<think>\nmaybe ${draft}\n</think>\n\nNo call needed.`, tools),
    );
    assert.deepEqual(parsed.toolCalls, []);
    assert.equal(parsed.reasoning, `maybe ${draft}`);
    assert.equal(parsed.content, "No call needed.");
  });

  it("a malformed call holding a close tag is a typed failure, not reasoning", () => {
    const parsed = summariseParts(
      getFormat("qwen3").parse(
        '<tool_call>\n{"name": "write_note", "arguments": {"content": "a </think> b"',
        tools,
      ),
    );
    assert.equal(parsed.reasoning, "");
    assert.deepEqual(
      parsed.errors.map((error) => error.type),
      ["truncated"],
    );
  });

  it("a prompt-opened block left open for a call: the parser cannot tell, and the stream says so", () => {
    // The parser does not see the prompt, so text before a call with no close tag is content; the
    // reader, told the prompt opened a block, sent it as reasoning and reports the divergence.
    const format = getFormat("qwen3.5");
    const call = format.renderCalls?.([{ name: "write_note", arguments: { content: "a </think> b" } }]) ?? "";
    const result = stream(format, `plan\n${call}`, true);
    assert.equal(result.reasoning, "plan");
    assert.deepEqual(result.diverged, ["reasoning"]);
    for (const delta of result.live) assert.ok(!delta.text.includes("write_note"));
  });

  it("a response-format reply keeps a tag inside its JSON", () => {
    for (const text of ['{"note": "a </think> b"}', '{"note": "<think> b"}']) {
      const parts = parseStructuredReply(getFormat("qwen3.5"), text);
      assert.deepEqual(parts, [{ type: "text", text }]);
    }
    assert.deepEqual(parseStructuredReply(getFormat("qwen3.5"), 'plan\n</think>\n{"note": "x"}'), [
      { type: "reasoning", text: "plan" },
      { type: "text", text: '\n{"note": "x"}' },
    ]);
  });
});
