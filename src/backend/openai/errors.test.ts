import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type EdgecallErrorCode, isEdgecallError } from "../../errors.js";
import type { GenerateRequest } from "../model-backend.js";
import { createOpenAICompatibleBackend, type OpenAICompatibleOptions } from "./backend.js";
import { BackendHttpError } from "./errors.js";
import {
  closedPortUrl,
  type FixtureServer,
  sseEvents,
  startFixtureServer,
} from "./fixture-server.test-support.js";
import {
  lengthLimited,
  llamaServerErrors,
  llamaServerTextStream,
  streamedError,
} from "./fixtures.test-support.js";

const request: GenerateRequest = { messages: [{ role: "user", content: "Weather in Paris?" }] };

let server: FixtureServer;
before(async () => {
  server = await startFixtureServer();
});
after(() => server.close());

function backend(options: Partial<OpenAICompatibleOptions> = {}) {
  return createOpenAICompatibleBackend({
    baseUrl: server.baseUrl,
    model: "m",
    retryBaseDelayMs: 5,
    ...options,
  });
}

function rejectsWith(code: EdgecallErrorCode, pattern?: RegExp) {
  return (error: unknown): boolean => {
    assert.ok(isEdgecallError(error, code), `expected ${code}, got ${String(error)}`);
    if (pattern !== undefined) assert.match(error.message, pattern);
    return true;
  };
}

/** {@link rejectsWith}, also checking that the error names the endpoint. */
function rejectsWithSubject(code: EdgecallErrorCode, pattern: RegExp) {
  return (error: unknown): boolean => {
    rejectsWith(code, pattern)(error);
    assert.equal((error as { subject?: string }).subject, `${server.baseUrl}/chat/completions`);
    return true;
  };
}

/** Requests the server received during `body`. */
async function counting(body: () => Promise<void>): Promise<number> {
  const before = server.requests.length;
  await body();
  return server.requests.length - before;
}

describe("openai-compatible: HTTP errors and retries", () => {
  it("a 400 is not retried and carries the status and the server's message", async () => {
    server.enqueue({ status: 400, body: llamaServerErrors.badRequest });
    const received = await counting(() =>
      assert.rejects(backend().generate(request), (error: unknown) => {
        assert.ok(error instanceof BackendHttpError);
        assert.equal(error.code, "backend-http");
        assert.equal(error.status, 400);
        assert.match(error.message, /HTTP 400: tools param requires --jinja flag/);
        assert.equal(error.subject, `${server.baseUrl}/chat/completions`);
        return true;
      }),
    );
    assert.equal(received, 1);
  });

  it("401 and 404 are not retried; Ollama's string errors and text bodies are quoted", async () => {
    server.enqueue(
      { status: 401, body: { error: "unauthorized" } },
      { status: 404, body: "404 page not found", headers: { "content-type": "text/plain" } },
    );
    const received = await counting(async () => {
      await assert.rejects(
        backend().generate(request),
        rejectsWith("backend-http", /HTTP 401: unauthorized$/),
      );
      await assert.rejects(
        backend().generate(request),
        rejectsWith("backend-http", /HTTP 404: 404 page not found$/),
      );
    });
    assert.equal(received, 2);
  });

  it("a 429 with Retry-After (seconds) waits that long, then succeeds", async () => {
    server.enqueue(
      { status: 429, headers: { "retry-after": "1" }, body: llamaServerErrors.rateLimited },
      { body: lengthLimited },
    );
    const first = server.requests.length;
    const result = await backend().generate(request);
    assert.equal(result.finishReason, "length");
    const gap = server.requests[first + 1]!.receivedAt - server.requests[first]!.receivedAt;
    assert.ok(gap >= 950, `retried after ${gap} ms, expected about 1000`);
  });

  // Uncapped, the wait would be an hour and the test's timeout (a hang detector) would end it.
  it("a Retry-After beyond the cap is cut to maxRetryDelayMs", { timeout: 60_000 }, async () => {
    server.enqueue({ status: 429, headers: { "retry-after": "3600" }, body: {} }, { body: lengthLimited });
    const first = server.requests.length;
    const result = await backend({ maxRetryDelayMs: 50 }).generate(request);
    assert.equal(result.finishReason, "length");
    assert.equal(server.requests.length - first, 2);
    const gap = server.requests[first + 1]!.receivedAt - server.requests[first]!.receivedAt;
    assert.ok(gap >= 45, `retried after ${gap} ms: it must still wait the capped 50 ms`);
  });

  it("a 503 twice then 200 succeeds after two retries", async () => {
    server.enqueue(
      { status: 503, body: llamaServerErrors.loading },
      { status: 503, body: llamaServerErrors.loading },
      { body: lengthLimited },
    );
    const received = await counting(async () => {
      const result = await backend().generate(request);
      assert.equal(result.rawText, "The weather in Par");
    });
    assert.equal(received, 3);
  });

  it("gives up after maxRetries with the last error", async () => {
    server.enqueue(
      { status: 502, body: "bad gateway" },
      { status: 504, body: "gateway timeout" },
      { status: 500, body: { error: { message: "boom" } } },
      { body: lengthLimited },
    );
    const received = await counting(() =>
      assert.rejects(
        backend({ maxRetries: 2 }).generate(request),
        rejectsWith("backend-http", /HTTP 500: boom/),
      ),
    );
    assert.equal(received, 3);
    assert.equal(server.pending, 1, "the 200 after the third failure was never asked for");
    await backend().generate(request);
    server.enqueue({ status: 503, body: {} });
    assert.equal(
      await counting(() =>
        assert.rejects(backend({ maxRetries: 0 }).generate(request), rejectsWith("backend-http")),
      ),
      1,
    );
    assert.equal(server.pending, 0);
  });

  it("a dropped connection is retried", async () => {
    server.enqueue({ destroy: true }, { body: lengthLimited });
    const result = await backend().generate(request);
    assert.equal(result.finishReason, "length");
  });
});

describe("openai-compatible: transport failures", () => {
  it("a closed port is backend-unreachable naming the URL, not retried", async () => {
    const baseUrl = await closedPortUrl();
    let tries = 0;
    const counted: typeof fetch = (input, init) => {
      tries++;
      return fetch(input, init);
    };
    await assert.rejects(
      createOpenAICompatibleBackend({ baseUrl, model: "m", retryBaseDelayMs: 5, fetch: counted }).generate(
        request,
      ),
      rejectsWith(
        "backend-unreachable",
        new RegExp(`cannot reach ${baseUrl}/chat/completions: .*ECONNREFUSED`),
      ),
    );
    assert.equal(tries, 1, "a refused connection is not retried");
  });

  it("a server that never answers is backend-timeout after timeoutMs", async () => {
    server.enqueue({ hang: true });
    const started = performance.now();
    await assert.rejects(
      backend({ timeoutMs: 150 }).generate(request),
      rejectsWith("backend-timeout", /150 ms/),
    );
    // Only a lower bound: a slow machine can make the timeout fire late, never early. The message
    // names 150 ms, so it was this timeout (not the 120 s default) that ended the call.
    const elapsed = performance.now() - started;
    assert.ok(elapsed >= 140, `timed out after ${elapsed} ms, before the 150 ms timeout`);
  });

  it("a stream that stalls after its first events times out too", async () => {
    const firstEvent = llamaServerTextStream.slice(0, llamaServerTextStream.indexOf("\n\n") + 2);
    server.enqueue({ sse: firstEvent, stall: true });
    const deltas: string[] = [];
    // A second, not 150 ms: the first event must beat the idle timeout even when this process is
    // kept waiting for the CPU, or it would time out with no delta.
    await assert.rejects(
      (async () => {
        for await (const event of backend({ timeoutMs: 1_000 }).stream!(request)) {
          if (event.type === "text-delta") deltas.push(event.text);
        }
      })(),
      rejectsWith("backend-timeout", /no further data within 1000 ms/),
    );
    assert.deepEqual(deltas, ["Il fait "]);
  });

  it("garbage bodies and missing choices are backend-protocol", async () => {
    server.enqueue(
      { body: "<html><body>It works!</body></html>", headers: { "content-type": "text/html" } },
      { body: { object: "list", data: [] } },
      { sse: "data: {not json\n\n" },
      { sse: ": nothing but comments\n\n" },
    );
    await assert.rejects(
      backend().generate(request),
      rejectsWith("backend-protocol", /not valid JSON: <html>/),
    );
    await assert.rejects(backend().generate(request), rejectsWith("backend-protocol", /no choices/));
    await assert.rejects(
      backend({ stream: true }).generate(request),
      rejectsWith("backend-protocol", /not JSON/),
    );
    await assert.rejects(
      backend({ stream: true }).generate(request),
      rejectsWith("backend-protocol", /without any/),
    );
  });

  it("an error event inside a 200 stream is backend-http with the server's message", async () => {
    server.enqueue({ sse: streamedError });
    await assert.rejects(
      backend({ stream: true }).generate(request),
      rejectsWith("backend-http", /exceeds the available context size/),
    );
  });
});

describe("openai-compatible: the caller's abort", () => {
  // The server never answers, and the retry wait is two minutes: only an abort that takes effect
  // while the call waits can settle either call before the test's timeout (a hang detector).
  it("aborts a response that never comes, and aborts during a retry wait", { timeout: 30_000 }, async () => {
    const controller = new AbortController();
    // Aborted by the server's side once the request has arrived: the call is in flight then.
    server.enqueue(() => {
      controller.abort();
      return { hang: true };
    });
    const slow = await counting(() =>
      assert.rejects(backend().generate(request, { signal: controller.signal }), rejectsWith("aborted")),
    );
    assert.equal(slow, 1);
    const waiting = new AbortController();
    // Aborted 100 ms after the 429 has come back, while the call waits to retry.
    const abortAfterAnswer: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      setTimeout(() => waiting.abort(), 100);
      return response;
    };
    server.enqueue({ status: 429, headers: { "retry-after": "120" }, body: {} });
    const retried = await counting(() =>
      assert.rejects(
        backend({ maxRetryDelayMs: 120_000, fetch: abortAfterAnswer }).generate(request, {
          signal: waiting.signal,
        }),
        rejectsWith("aborted"),
      ),
    );
    assert.equal(retried, 1, "aborted while waiting to retry: no second request");
  });

  it("rejects bad options as invalid-argument", () => {
    assert.throws(
      () => createOpenAICompatibleBackend({ baseUrl: "not a url", model: "m" }),
      rejectsWith("invalid-argument"),
    );
    assert.throws(
      () => createOpenAICompatibleBackend({ baseUrl: "ftp://x/v1", model: "m" }),
      rejectsWith("invalid-argument"),
    );
    assert.throws(() => backend({ timeoutMs: 0 }), rejectsWith("invalid-argument", /timeoutMs/));
    const info = backend().info;
    assert.deepEqual(info, { backend: "openai-compatible", model: "m", baseUrl: server.baseUrl });
  });
});

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
      rejectsWithSubject(
        "backend-protocol",
        /the response is over the limit of 65536 bytes on response bodies/,
      ),
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
      rejectsWithSubject("backend-protocol", /over the limit of 32768 bytes/),
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
