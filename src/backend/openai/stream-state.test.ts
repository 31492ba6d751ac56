import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { StreamState } from "./stream-state.js";

/** A chunk carrying one delta for choice 0. */
function chunk(delta: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { object: "chat.completion.chunk", choices: [{ index: 0, delta, finish_reason: null }], ...extra };
}

function callDelta(piece: Record<string, unknown>): Record<string, unknown> {
  return chunk({ tool_calls: [piece] });
}

function gather(chunks: readonly unknown[]): StreamState {
  const state = new StreamState();
  for (const item of chunks) state.apply(item);
  return state;
}

describe("stream state: tool-call deltas", () => {
  it("joins arguments split across deltas of one index", () => {
    const state = gather([
      callDelta({ index: 0, id: "a", type: "function", function: { name: "f", arguments: "" } }),
      callDelta({ index: 0, function: { arguments: '{"x":' } }),
      callDelta({ index: 0, function: { arguments: " 1}" } }),
    ]);
    assert.deepEqual(state.toolCalls(), [{ id: "a", name: "f", arguments: '{"x": 1}' }]);
  });

  it("keeps interleaved indexes apart", () => {
    const state = gather([
      callDelta({ index: 0, id: "a", function: { name: "f", arguments: '{"x"' } }),
      callDelta({ index: 1, id: "b", function: { name: "g", arguments: '{"y"' } }),
      callDelta({ index: 0, function: { arguments: ":1}" } }),
      callDelta({ index: 1, function: { arguments: ":2}" } }),
    ]);
    assert.deepEqual(
      state.toolCalls().map((call) => [call.name, call.arguments]),
      [
        ["f", '{"x":1}'],
        ["g", '{"y":2}'],
      ],
    );
  });

  it("a repeated index with a new id starts a new call; later deltas continue the new one", () => {
    const state = gather([
      callDelta({ index: 0, id: "a", function: { name: "f", arguments: '{"x":1}' } }),
      callDelta({ index: 0, id: "b", function: { name: "g", arguments: '{"y":' } }),
      callDelta({ index: 0, function: { arguments: "2}" } }),
    ]);
    assert.deepEqual(state.toolCalls(), [
      { id: "a", name: "f", arguments: '{"x":1}' },
      { id: "b", name: "g", arguments: '{"y":2}' },
    ]);
  });

  it("without index: an id tells calls apart; a known id continues its call", () => {
    const state = gather([
      callDelta({ id: "a", function: { name: "f", arguments: '{"x":' } }),
      callDelta({ id: "b", function: { name: "f", arguments: '{"x":2}' } }),
      callDelta({ id: "a", function: { arguments: "1}" } }),
    ]);
    assert.deepEqual(state.toolCalls(), [
      { id: "a", name: "f", arguments: '{"x":1}' },
      { id: "b", name: "f", arguments: '{"x":2}' },
    ]);
  });

  it("without index or id: continue the last call, unless a name starts another", () => {
    const state = gather([
      callDelta({ function: { name: "f", arguments: '{"x":' } }),
      callDelta({ function: { arguments: "1}" } }),
      callDelta({ function: { name: "f", arguments: '{"x":2}' } }),
      callDelta({ function: { name: "g" } }),
      callDelta({ function: { arguments: "{}" } }),
    ]);
    assert.deepEqual(
      state.toolCalls().map((call) => [call.name, call.arguments]),
      [
        ["f", '{"x":1}'],
        ["f", '{"x":2}'],
        ["g", "{}"],
      ],
    );
  });

  it("keeps arguments sent as an object", () => {
    const state = gather([callDelta({ index: 0, id: "a", function: { name: "f", arguments: { x: 1 } } })]);
    assert.deepEqual(state.toolCalls(), [{ id: "a", name: "f", arguments: { x: 1 } }]);
  });
});

describe("stream state: content, reasoning, finish and usage", () => {
  it("reports what each chunk added and gathers the rest", () => {
    const state = new StreamState();
    assert.deepEqual(state.apply(chunk({ role: "assistant", content: null })), {
      text: "",
      generated: false,
    });
    assert.deepEqual(state.apply(chunk({ reasoning_content: "hm" })), { text: "", generated: true });
    assert.deepEqual(state.apply(chunk({ content: "Hi" })), { text: "Hi", generated: true });
    state.apply({ choices: [{ index: 0, delta: {}, finish_reason: "stop" }], id: "chatcmpl-1", model: "m" });
    state.apply({ choices: [], usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 } });
    assert.equal(state.content, "Hi");
    assert.equal(state.reasoning, "hm");
    assert.equal(state.finishReason, "stop");
    assert.deepEqual(state.usage, { inputTokens: 5, outputTokens: 2 });
    assert.deepEqual(state.extras, { responseId: "chatcmpl-1", serverModel: "m" });
    assert.equal(state.chunkCount, 5);
  });

  it("ignores `usage: null` on every chunk (vLLM) and shapes it does not know", () => {
    const state = gather([
      chunk({ content: "a" }, { usage: null }),
      42,
      null,
      { choices: "x" },
      chunk({ content: "b" }),
    ]);
    assert.equal(state.content, "ab");
    assert.equal(state.usage, undefined);
  });
});
