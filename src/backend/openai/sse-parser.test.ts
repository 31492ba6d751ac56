import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  defaultSseMaxLength,
  parseSseStream,
  type SseEvent,
  SseLimitError,
  SseParser,
} from "./sse-parser.js";

async function* bytes(text: string, pieceBytes: number): AsyncGenerator<Uint8Array> {
  const encoded = new TextEncoder().encode(text);
  for (let start = 0; start < encoded.length; start += pieceBytes)
    yield encoded.subarray(start, start + pieceBytes);
}

async function parseAll(text: string, pieceBytes = 1): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  for await (const event of parseSseStream(bytes(text, pieceBytes))) events.push(event);
  return events;
}

describe("SSE parser", () => {
  it("dispatches data events at blank lines, in order", () => {
    const parser = new SseParser();
    assert.deepEqual(parser.push('data: {"a":1}\n\ndata: {"b":2}\n'), [
      { event: "message", data: '{"a":1}' },
    ]);
    assert.deepEqual(parser.push("\n"), [{ event: "message", data: '{"b":2}' }]);
    assert.deepEqual(parser.finish(), []);
  });

  it("joins multi-line data with newlines and strips one leading space only", async () => {
    const events = await parseAll("data: first\ndata:  second\ndata:third\n\n");
    assert.deepEqual(events, [{ event: "message", data: "first\n second\nthird" }]);
  });

  it("skips comments, keeps event names and ids, ignores retry and unknown fields", async () => {
    const text =
      ": keep-alive\nretry: 3000\nfoo: bar\nevent: error\nid: 7\ndata: boom\n\n: ping\n\ndata: next\n\n";
    assert.deepEqual(await parseAll(text, 3), [
      { event: "error", data: "boom", id: "7" },
      { event: "message", data: "next", id: "7" },
    ]);
  });

  it("reads CRLF and lone CR line ends, even when a CRLF pair is split between chunks", async () => {
    const text = "data: one\r\n\r\ndata: two\r\rdata: three\r\n\r\n";
    for (const pieceBytes of [1, 2, 5, 100]) {
      assert.deepEqual(
        (await parseAll(text, pieceBytes)).map((event) => event.data),
        ["one", "two", "three"],
        `pieces of ${pieceBytes}`,
      );
    }
  });

  it("decodes UTF-8 split inside characters", async () => {
    const text = 'data: {"content":"21 °C ☀️ 👋🏽"}\n\n';
    const events = await parseAll(text, 1);
    assert.equal(JSON.parse(events[0]!.data).content, "21 °C ☀️ 👋🏽");
  });

  it("dispatches an unterminated last event at the end of the body, drops an empty one", async () => {
    assert.deepEqual(await parseAll("data: [DONE]"), [{ event: "message", data: "[DONE]" }]);
    assert.deepEqual(await parseAll("event: ping\n\n: only a comment"), []);
  });

  it("a field without a colon is a field with an empty value", async () => {
    assert.deepEqual(await parseAll("data\ndata\n\n"), [{ event: "message", data: "\n" }]);
  });

  it("refuses a line, or an event's data, past the limit, as soon as it passes it", () => {
    const parser = new SseParser({ maxLength: 100 });
    assert.deepEqual(parser.push(`data: ${"a".repeat(60)}`), []);
    assert.throws(
      () => parser.push("b".repeat(60)),
      (error: unknown) =>
        error instanceof SseLimitError &&
        error.message === "a line of the event stream runs past 100 characters without ending",
    );
    const lines = new SseParser({ maxLength: 100 });
    assert.throws(
      () => lines.push("data: 0123456789\n".repeat(12)),
      /an event of the event stream has more than 100 characters of data/,
    );
    assert.equal(defaultSseMaxLength, 8 * 1024 * 1024);
  });

  it("takes a long line in many small pieces without rescanning what it holds", { timeout: 60_000 }, () => {
    // A million one-character pushes: rescanning the held text at each push (the old parser) is
    // 5 * 10^11 character visits, hours; scanning only the new text is a million.
    const parser = new SseParser();
    assert.deepEqual(parser.push("data: "), []);
    for (let index = 0; index < 1_000_000; index++) assert.equal(parser.push("x").length, 0);
    const [event] = parser.push("\n\n");
    assert.equal(event?.data.length, 1_000_000);
  });
});
