import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ItemStore, type StoredItem } from "./item-store.js";

const mebibyte = 1024 * 1024;

function userMessage(text: string, extra: Record<string, unknown> = {}): StoredItem {
  return { type: "message", role: "user", content: [{ type: "input_text", text }], ...extra };
}

function reply(id: string, text: string): StoredItem {
  return {
    type: "message",
    id,
    role: "assistant",
    status: "completed",
    content: [{ type: "output_text", text, annotations: [], logprobs: [] }],
  };
}

describe("ItemStore", () => {
  it("keeps only the fields the Responses API defines", () => {
    const store = new ItemStore({ maxBytes: mebibyte });
    const junk = "j".repeat(1000);
    store.remember(
      "resp_1",
      [
        userMessage("hi", { junk, nested: { deeper: [junk] } }),
        { type: "function_call", call_id: "c1", name: "f", arguments: { city: "Oslo" }, junk },
        { type: "function_call_output", call_id: "c1", output: "sunny", junk },
        { type: "reasoning", summary: [{ type: "summary_text", text: "t", junk }], encrypted_content: junk },
      ],
      [reply("msg_1", "hello")],
    );
    assert.deepEqual(store.conversation("resp_1"), [
      { type: "message", role: "user", content: [{ type: "input_text", text: "hi" }] },
      { type: "function_call", call_id: "c1", name: "f", arguments: '{"city":"Oslo"}' },
      { type: "function_call_output", call_id: "c1", output: "sunny" },
      { type: "reasoning", summary: [{ type: "summary_text", text: "t" }] },
      {
        type: "message",
        id: "msg_1",
        role: "assistant",
        status: "completed",
        content: [{ type: "output_text", text: "hello" }],
      },
    ]);
    assert.ok(store.bytes < 1000, `${store.bytes} bytes accounted for a few short items`);
  });

  it("stays under its bound in bytes, forgetting the oldest responses first", () => {
    const store = new ItemStore({ maxBytes: 4 * mebibyte });
    const big = "x".repeat(mebibyte);
    for (let index = 0; index < 20; index++) {
      assert.equal(store.remember(`resp_${index}`, [userMessage(big)], [reply(`msg_${index}`, "ok")]), true);
      assert.ok(store.bytes <= store.maxBytes, `${store.bytes} bytes held after ${index + 1} responses`);
    }
    assert.ok(store.bytes > 3 * mebibyte, "the store fills up to its bound");
    assert.equal(store.conversation("resp_0"), undefined);
    assert.equal(store.item("msg_0"), undefined);
    assert.ok(store.conversation("resp_19") !== undefined);
    assert.ok(store.item("msg_19") !== undefined);
  });

  it("does not keep a response larger than its bound, and keeps the others", () => {
    const store = new ItemStore({ maxBytes: mebibyte });
    store.remember("resp_small", [userMessage("hi")], [reply("msg_small", "ok")]);
    const kept = store.remember(
      "resp_big",
      [userMessage("x".repeat(2 * mebibyte))],
      [reply("msg_big", "ok")],
    );
    assert.equal(kept, false);
    assert.equal(store.conversation("resp_big"), undefined);
    assert.equal(store.item("msg_big"), undefined);
    assert.ok(store.conversation("resp_small") !== undefined);
    assert.ok(store.bytes <= store.maxBytes);
  });

  it("counts items a continued conversation shares once", () => {
    const store = new ItemStore({ maxBytes: 8 * mebibyte });
    store.remember("resp_1", [userMessage("x".repeat(mebibyte))], [reply("msg_1", "ok")]);
    const afterOne = store.bytes;
    const previous = store.conversation("resp_1") ?? [];
    store.remember("resp_2", [...previous, userMessage("more")], [reply("msg_2", "ok")]);
    assert.ok(store.bytes < afterOne + 1024, `${store.bytes - afterOne} bytes more for a short turn`);
  });

  it("holds nothing with a bound of 0, and still at most `capacity` responses", () => {
    const off = new ItemStore({ maxBytes: 0 });
    assert.equal(off.remember("resp_1", [userMessage("hi")], []), false);
    assert.equal(off.bytes, 0);
    const counted = new ItemStore({ capacity: 2 });
    for (const id of ["a", "b", "c"]) counted.remember(id, [userMessage(id)], []);
    assert.equal(counted.conversation("a"), undefined);
    assert.ok(counted.conversation("c") !== undefined);
  });
});
