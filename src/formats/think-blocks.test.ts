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
    assert.deepEqual(splitReasoning("<think>plan <tool_call>{}</tool_call>", { callPrefix: "<tool_call>" }), [
      { kind: "reasoning", text: "plan" },
      { kind: "text", text: "<tool_call>{}</tool_call>" },
    ]);
    assert.deepEqual(splitReasoning("<think>still thinking when cut off"), [
      { kind: "reasoning", text: "still thinking when cut off" },
    ]);
  });

  it("drops an empty block; a block is recognised only at the start, later tags are text", () => {
    assert.deepEqual(splitReasoning("<think>\n\n</think>\n\nA<think>b</think>C"), [
      { kind: "text", text: "\n\nA<think>b</think>C" },
    ]);
    assert.deepEqual(splitReasoning("A<think>b</think>C"), [{ kind: "text", text: "A<think>b</think>C" }]);
    assert.deepEqual(splitReasoning("\n<think>b</think>C"), [
      { kind: "text", text: "\n" },
      { kind: "reasoning", text: "b" },
      { kind: "text", text: "C" },
    ]);
  });

  it("asks callAround whether a tag is a call's text", () => {
    // A stand-in for a format's parser: a tag after an unclosed "CALL(" is inside that call.
    const callAround = (text: string) => {
      const open = text.lastIndexOf("CALL(");
      return open >= 0 && !text.includes(")", open) ? open : undefined;
    };
    const options = { callPrefix: "CALL(", callAround };
    assert.deepEqual(splitReasoning("CALL(a </think> b)", options), [
      { kind: "text", text: "CALL(a </think> b)" },
    ]);
    assert.deepEqual(splitReasoning("plan </think> CALL(a </think> b)", options), [
      { kind: "reasoning", text: "plan" },
      { kind: "text", text: " CALL(a </think> b)" },
    ]);
    assert.deepEqual(splitReasoning("<think>plan CALL(a </think> b)", options), [
      { kind: "reasoning", text: "plan" },
      { kind: "text", text: "CALL(a </think> b)" },
    ]);
    // Without a call prefix the block ends where callAround says the call begins.
    assert.deepEqual(splitReasoning("<think>plan CALL(a </think> b)", { callAround }), [
      { kind: "reasoning", text: "plan" },
      { kind: "text", text: "CALL(a </think> b)" },
    ]);
    // A complete call drafted in the block leaves the close tag outside any call: still reasoning.
    assert.deepEqual(splitReasoning("<think>maybe CALL(x) </think> no", options), [
      { kind: "reasoning", text: "maybe CALL(x)" },
      { kind: "text", text: " no" },
    ]);
  });

  it("supports other tag pairs such as Mistral's [THINK]", () => {
    const tags = [{ open: "[THINK]", close: "[/THINK]" }];
    assert.deepEqual(splitReasoning("[THINK]hmm[/THINK]ok", { tags }), [
      { kind: "reasoning", text: "hmm" },
      { kind: "text", text: "ok" },
    ]);
  });

  it("leaves text without tags alone", () => {
    assert.deepEqual(splitReasoning("plain"), [{ kind: "text", text: "plain" }]);
    assert.deepEqual(splitReasoning(""), []);
  });
});
