import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type EdgecallErrorCode, isEdgecallError } from "../errors.js";
import type { GenerateRequest } from "./model-backend.js";
import { createOpenAICompatibleBackend, type OpenAICompatibleOptions } from "./openai-compatible-backend.js";
import {
  type FixtureServer,
  sseEvents,
  startFixtureServer,
} from "./openai-compatible-fixture-server.test-support.js";
import { lengthLimited } from "./openai-compatible-fixtures.test-support.js";

const request: GenerateRequest = { messages: [{ role: "user", content: "Weather in Paris?" }] };

let server: FixtureServer;
before(async () => {
  server = await startFixtureServer();
});
after(() => server.close());

function backend(options: Partial<OpenAICompatibleOptions> = {}) {
  return createOpenAICompatibleBackend({ baseUrl: server.baseUrl, model: "m", maxRetries: 0, ...options });
}

function rejectsWith(code: EdgecallErrorCode, pattern: RegExp) {
  return (error: unknown): boolean => {
    assert.ok(isEdgecallError(error, code), `expected ${code}, got ${String(error)}`);
    assert.match(error.message, pattern);
    assert.equal(error.subject, `${server.baseUrl}/chat/completions`);
    return true;
  };
}

function chunk(delta: Record<string, unknown>, finishReason: string | null = null) {
  return {
    id: "c1",
    object: "chat.completion.chunk",
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

const partialCall = [
  chunk({ role: "assistant", content: null }),
  chunk({
    tool_calls: [
      {
        index: 0,
        id: "call_1",
        type: "function",
        function: { name: "get_weather", arguments: '{"city": "Pa' },
      },
    ],
  }),
];

describe("openai-compatible: a stream cut off mid-reply", () => {
  it("is backend-protocol, not the model's output (no finish_reason, no [DONE])", async () => {
    server.enqueue({ sse: sseEvents(partialCall, { done: false }) });
    await assert.rejects(
      backend({ stream: true }).generate(request),
      rejectsWith(
        "backend-protocol",
        /the stream ended before the completion did \(no finish_reason and no \[DONE\]\)/,
      ),
    );
  });

  it("a finish_reason without [DONE], or [DONE] without a finish_reason, is a whole reply", async () => {
    const finished = [...partialCall.slice(0, 1), chunk({ content: "Sunny." }, "stop")];
    server.enqueue(
      { sse: sseEvents(finished, { done: false }) },
      { sse: sseEvents([chunk({ content: "Hi." })]) },
    );
    assert.equal((await backend({ stream: true }).generate(request)).rawText, "Sunny.");
    const done = await backend({ stream: true }).generate(request);
    assert.equal(done.rawText, "Hi.");
    assert.equal(done.finishReason, "stop");
  });
});

describe("openai-compatible: oversized replies", () => {
  it("refuses a whole body over maxResponseBytes as it arrives, naming the limit", async () => {
    const big = { ...lengthLimited, padding: "x".repeat(200 * 1024) };
    server.enqueue({ body: big, headers: { "transfer-encoding": "chunked" } });
    await assert.rejects(
      backend({ maxResponseBytes: 64 * 1024 }).generate(request),
      rejectsWith("backend-protocol", /the response is over the limit of 65536 bytes on response bodies/),
    );
  });

  it("refuses a body whose Content-Length is over the default 64 MiB before reading it", async () => {
    server.enqueue({ body: lengthLimited, headers: { "content-length": String(300 * 1024 * 1024) } });
    await assert.rejects(
      backend().generate(request),
      rejectsWith(
        "backend-protocol",
        /the response is 314572800 bytes \(Content-Length\), over the limit of 64 MiB on response bodies; raise it with maxResponseBytes \(--max-response-mib/,
      ),
    );
  });

  it("counts a streamed body against the limit too, and a raised limit lets it through", async () => {
    const pieces = Array.from({ length: 100 }, () => chunk({ content: "y".repeat(1000) }));
    const stream = sseEvents([...pieces, chunk({}, "stop")]);
    server.enqueue({ sse: stream, pieceBytes: 16 * 1024 }, { sse: stream, pieceBytes: 16 * 1024 });
    await assert.rejects(
      backend({ stream: true, maxResponseBytes: 32 * 1024 }).generate(request),
      rejectsWith("backend-protocol", /over the limit of 32768 bytes/),
    );
    const result = await backend({ stream: true, maxResponseBytes: 1024 * 1024 }).generate(request);
    assert.equal(result.rawText.length, 100_000);
  });

  it("refuses a stream line that never ends at the parser's line limit", async () => {
    // 16 MiB without a newline: the old parser rescanned its buffer at every piece (20 s of CPU)
    // and handed the lot on; now the line is refused once it passes 8 Mi characters.
    server.enqueue({ sse: `data: ${"z".repeat(16 * 1024 * 1024)}`, pieceBytes: 256 * 1024 });
    await assert.rejects(
      backend({ stream: true }).generate(request),
      rejectsWith(
        "backend-protocol",
        /a line of the event stream runs past 8388608 characters without ending/,
      ),
    );
  });

  it("rejects a maxResponseBytes that is not a positive number", () => {
    assert.throws(() => backend({ maxResponseBytes: 0 }), /maxResponseBytes must be a positive number/);
  });
});
