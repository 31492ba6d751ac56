import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ToolDefinition } from "../messages.js";
import { finalTexts, OutputStream, promptOpensReasoning, type StreamDelta } from "./output-stream.js";
import { formatNames, getFormat } from "./registry.js";

const tools: ToolDefinition[] = [
  {
    name: "get_weather",
    description: "Weather.",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  },
];

/** Streams `raw` one character at a time; returns the deltas sent before the end and the final ones. */
function run(format: string, raw: string, reasoningOpen = false) {
  const parser = getFormat(format);
  const stream = new OutputStream(parser, { tools, reasoningOpen });
  const live: StreamDelta[] = [];
  for (const character of raw) live.push(...stream.push(character));
  const parts = parser.parse(raw, tools);
  const end = stream.finish(parts);
  const all = [...live, ...end.deltas];
  const joined = (kind: string) =>
    all
      .filter((delta) => delta.kind === kind)
      .map((delta) => delta.text)
      .join("");
  return { live, end, content: joined("content"), reasoning: joined("reasoning"), final: finalTexts(parts) };
}

describe("OutputStream: incremental reading per format", () => {
  for (const name of formatNames) {
    const format = getFormat(name);
    const call = format.renderCalls?.([{ name: "get_weather", arguments: { city: "Oslo" } }]);
    if (call === undefined) continue;
    it(`${name}: text streams as it comes, the call never reaches content, the end matches the parse`, () => {
      const raw = `Let me check that for you.\n${call}`;
      const result = run(name, raw);
      assert.deepEqual(result.end.diverged, []);
      assert.equal(result.content, result.final.content);
      const liveContent = result.live.filter((delta) => delta.kind === "content").map((delta) => delta.text);
      assert.ok(liveContent.length > 5, `${name}: content was sent in pieces before the end`);
      assert.equal(liveContent.join(""), "Let me check that for you.");
      assert.ok(!result.content.includes("get_weather"), result.content);
    });
  }

  it("reasoning is streamed apart and never leaks into content", () => {
    const result = run("qwen3", "<think>\nThe user wants Oslo.\n</think>\n\nSure, one moment.");
    assert.deepEqual(result.end.diverged, []);
    assert.equal(result.reasoning, "The user wants Oslo.");
    assert.equal(result.content, "Sure, one moment.");
    assert.ok(result.live.some((delta) => delta.kind === "reasoning"));
    assert.ok(!result.content.includes("think"));
  });

  it("a prompt that opened the block: text up to the close tag is reasoning", () => {
    assert.equal(promptOpensReasoning("<|im_start|>assistant\n<think>\n"), true);
    assert.equal(promptOpensReasoning("<|im_start|>assistant\n<think>\n\n</think>\n\n"), false);
    const result = run("qwen3.5", "Thinking about it.\n</think>\n\nHello there.", true);
    assert.deepEqual(result.end.diverged, []);
    assert.equal(result.reasoning, "Thinking about it.");
    assert.equal(result.content, "Hello there.");
  });

  it("a partial marker at the end is held back, then sent when it turns out to be text", () => {
    const stream = new OutputStream(getFormat("qwen3"), { tools });
    assert.deepEqual(stream.push("a <tool"), [{ kind: "content", text: "a" }]);
    assert.deepEqual(stream.push("box> b"), [{ kind: "content", text: " <toolbox> b" }]);
  });

  it("a malformed call stays out of the live text and arrives, raw, at the end (as a whole reply shows it)", () => {
    const raw = "Checking.\n<tool_call>\n{not json}\n</tool_call>";
    const result = run("qwen3", raw);
    assert.equal(result.live.map((delta) => delta.text).join(""), "Checking.");
    assert.equal(result.content, result.final.content);
    assert.ok(result.final.content.includes("{not json}"));
  });

  it("a JSON response format (markers []) streams the JSON itself", () => {
    const stream = new OutputStream(getFormat("json"), { markers: [] });
    const sent = ['{"a"', ": 1", "}"].flatMap((piece) => stream.push(piece));
    assert.equal(sent.map((delta) => delta.text).join(""), '{"a": 1}');
  });
});
