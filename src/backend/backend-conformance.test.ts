import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  assertWellFormedResult,
  caseNamesNeeding,
  checkExceptions,
  collectStream,
  conformanceCases,
  runBackendConformance,
  unscriptable,
  unstreamable,
} from "./backend-conformance.test-support.js";
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

describe("conformance exceptions", () => {
  const names = conformanceCases.map((item) => item.name);

  it("name every case once, close() last", () => {
    assert.equal(new Set(names).size, names.length);
    assert.equal(names.at(-1), "close() is idempotent");
  });

  it("unscriptable and unstreamable excuse exactly the cases with that need, for the reason given", () => {
    assert.deepEqual(unscriptable("fixed words"), {
      "a scripted text reply comes back as text with finish reason stop": "fixed words",
      "a scripted tool call comes back as a tool-call part": "fixed words",
      "scripted replies are served in order, several calls kept in order": "fixed words",
      "aborting a slow scripted call in flight rejects with aborted": "fixed words",
      "a scripted streamed reply gives the same parts as generate": "fixed words",
    });
    assert.deepEqual(Object.keys(unstreamable("no stream()")), caseNamesNeeding("stream"));
    assert.deepEqual(caseNamesNeeding("stream"), [
      "stream yields deltas that add up to rawText, then one finish",
      "a scripted streamed reply gives the same parts as generate",
      "stream with an already-aborted signal rejects with aborted",
    ]);
  });

  it("accept the names of cases with a reason each", () => {
    checkExceptions({ ...unscriptable("why"), [names[0]!]: "why" });
  });

  it("reject a name that is no case, and an empty reason", () => {
    assert.throws(
      () => checkExceptions({ "stream yields deltas": "renamed since" }),
      /skip names no case of the conformance suite: "stream yields deltas"/,
    );
    assert.throws(() => checkExceptions({ [names[1]!]: " " }), /skip gives no reason for/);
  });

  it("make the suite call throw before it registers anything", () => {
    assert.throws(
      () =>
        runBackendConformance("never", async () => assert.fail("no harness is made"), {
          skip: { "no such case": "stale" },
        }),
      /"no such case"/,
    );
  });
});
