import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { assertWellFormedResult, collectStream } from "./backend-conformance.test-support.js";
import type { GenerateResult, StreamEvent } from "./model-backend.js";

const good: GenerateResult = {
  rawText: "hi",
  parts: [
    { type: "text", text: "hi" },
    { type: "tool-call", toolCall: { name: "f", arguments: { a: 1 } } },
  ],
  finishReason: "tool-calls",
  usage: { inputTokens: 3, outputTokens: 1 },
  timing: { firstTokenMs: 1.5, totalMs: 2 },
};

describe("conformance checks themselves", () => {
  it("accept a well-formed result", () => {
    assertWellFormedResult(good);
  });

  it("reject results that break the contract", () => {
    const broken: [string, Partial<GenerateResult>][] = [
      ["stop with a call", { finishReason: "stop" }],
      ["tool-calls without a call", { parts: [{ type: "text", text: "x" }] }],
      ["fractional usage", { usage: { inputTokens: 1.5, outputTokens: 0 } }],
      ["negative usage", { usage: { inputTokens: 0, outputTokens: -1 } }],
      ["first token after the end", { timing: { firstTokenMs: 5, totalMs: 2 } }],
      ["NaN timing", { timing: { firstTokenMs: Number.NaN, totalMs: 2 } }],
      [
        "array arguments",
        { parts: [{ type: "tool-call", toolCall: { name: "f", arguments: [] as never } }] },
      ],
      ["unnamed call", { parts: [{ type: "tool-call", toolCall: { name: "", arguments: {} } }] }],
      [
        "unknown error type",
        {
          finishReason: "stop",
          parts: [{ type: "tool-call-error", error: { type: "nope" as never, message: "", raw: "" } }],
        },
      ],
    ];
    for (const [why, change] of broken) {
      assert.throws(() => assertWellFormedResult({ ...good, ...change }), assert.AssertionError, why);
    }
  });

  it("collectStream insists on one final finish event", async () => {
    async function* events(list: StreamEvent[]): AsyncGenerator<StreamEvent> {
      yield* list;
    }
    const finish: StreamEvent = { type: "finish", result: good };
    assert.deepEqual(
      await collectStream(
        events([{ type: "text-delta", text: "h" }, { type: "text-delta", text: "i" }, finish]),
      ),
      {
        text: "hi",
        result: good,
      },
    );
    await assert.rejects(
      collectStream(events([{ type: "text-delta", text: "hi" }])),
      /must end with a finish event/,
    );
    await assert.rejects(
      collectStream(events([finish, { type: "text-delta", text: "late" }])),
      /no event may follow/,
    );
  });
});
