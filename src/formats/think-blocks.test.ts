import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { splitReasoning } from "./think-blocks.js";

describe("splitReasoning", () => {
  it("splits a closed think block from the answer", () => {
    assert.deepEqual(splitReasoning("<think>\nThe user wants weather.\n</think>\n\nSure."), [
      { kind: "reasoning", text: "The user wants weather." },
      { kind: "text", text: "\n\nSure." },
    ]);
  });

  it("treats text before an unopened </think> as reasoning (the prompt opened the block)", () => {
    assert.deepEqual(splitReasoning("Let me think.\n</think>\nAnswer"), [
      { kind: "reasoning", text: "Let me think." },
      { kind: "text", text: "\nAnswer" },
    ]);
  });

  it("ends an unclosed think block at the call prefix, or runs it to the end", () => {
    assert.deepEqual(splitReasoning("<think>plan <tool_call>{}</tool_call>", undefined, "<tool_call>"), [
      { kind: "reasoning", text: "plan" },
      { kind: "text", text: "<tool_call>{}</tool_call>" },
    ]);
    assert.deepEqual(splitReasoning("<think>still thinking when cut off"), [
      { kind: "reasoning", text: "still thinking when cut off" },
    ]);
  });

  it("drops empty blocks and keeps several blocks in order", () => {
    assert.deepEqual(splitReasoning("<think>\n\n</think>\n\nA<think>b</think>C"), [
      { kind: "text", text: "\n\nA" },
      { kind: "reasoning", text: "b" },
      { kind: "text", text: "C" },
    ]);
  });

  it("supports other tag pairs such as Mistral's [THINK]", () => {
    const tags = [{ open: "[THINK]", close: "[/THINK]" }];
    assert.deepEqual(splitReasoning("[THINK]hmm[/THINK]ok", tags), [
      { kind: "reasoning", text: "hmm" },
      { kind: "text", text: "ok" },
    ]);
  });

  it("leaves text without tags alone", () => {
    assert.deepEqual(splitReasoning("plain"), [{ kind: "text", text: "plain" }]);
    assert.deepEqual(splitReasoning(""), []);
  });
});
