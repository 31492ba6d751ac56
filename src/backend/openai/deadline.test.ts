import assert from "node:assert/strict";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { type EdgecallErrorCode, isEdgecallError } from "../../errors.js";
import type { GenerateRequest } from "../model-backend.js";
import { createOpenAICompatibleBackend, type OpenAICompatibleOptions } from "./backend.js";

const request: GenerateRequest = { messages: [{ role: "user", content: "Weather in Paris?" }] };

/** What the loopback server sends, every 20 ms, until the client goes away. */
type Drip = "comments" | "empty-events" | "whitespace";

let server: Server;
let baseUrl: string;
let drip: Drip = "comments";
const open = new Set<ServerResponse>();

/** Writes `piece` every 20 ms until the response closes. */
function dripForever(response: ServerResponse, piece: string): void {
  open.add(response);
  const timer = setInterval(() => response.write(piece), 20);
  response.on("close", () => {
    clearInterval(timer);
    open.delete(response);
  });
}

before(async () => {
  server = createServer((incoming, response) => {
    incoming.resume();
    incoming.on("end", () => {
      if (drip === "whitespace") {
        response.writeHead(200, { "content-type": "application/json" });
        response.write("{");
        dripForever(response, " ");
        return;
      }
      response.writeHead(200, { "content-type": "text/event-stream" });
      const opening = { choices: [{ index: 0, delta: { role: "assistant" }, finish_reason: null }] };
      response.write(`data: ${JSON.stringify(opening)}\n\n`);
      if (drip === "comments") dripForever(response, ": keep-alive\n\n");
      else dripForever(response, `data: ${JSON.stringify({ choices: [{ index: 0, delta: {} }] })}\n\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
after(async () => {
  for (const response of open) response.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function backend(options: Partial<OpenAICompatibleOptions>) {
  return createOpenAICompatibleBackend({ baseUrl, model: "m", maxRetries: 0, ...options });
}

function rejectsWith(code: EdgecallErrorCode, pattern: RegExp) {
  return (error: unknown): boolean => {
    assert.ok(isEdgecallError(error, code), `expected ${code}, got ${String(error)}`);
    assert.match(error.message, pattern);
    return true;
  };
}

/** Streams to the end, as `run` and `chat` do. */
async function drain(events: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of events) {
    // Reading is all.
  }
}

// The test timeouts only detect hangs (the calls below used to run forever); nothing here
// measures how long a call took.
describe("openai-compatible: no server holds a call forever", () => {
  it("keep-alive comments are not progress: the idle timeout still ends the stream", {
    timeout: 30_000,
  }, async () => {
    drip = "comments";
    const stream = backend({ timeoutMs: 1_000 }).stream?.(request);
    assert.ok(stream !== undefined);
    await assert.rejects(drain(stream), rejectsWith("backend-timeout", /no further data within 1000 ms/));
  });

  it("a non-streamed call answered with keep-alive comments ends at the idle timeout", {
    timeout: 30_000,
  }, async () => {
    drip = "comments";
    await assert.rejects(
      backend({ timeoutMs: 1_000 }).generate(request),
      rejectsWith("backend-timeout", /no further data within 1000 ms/),
    );
  });

  it("a stream of events that never finishes ends at the request deadline", { timeout: 30_000 }, async () => {
    drip = "empty-events";
    const stream = backend({ timeoutMs: 60_000, requestTimeoutMs: 1_000 }).stream?.(request);
    assert.ok(stream !== undefined);
    await assert.rejects(
      drain(stream),
      rejectsWith(
        "backend-timeout",
        /the call was not done within its deadline of 1000 ms \(--request-timeout\)/,
      ),
    );
  });

  it("a whole response dripped a byte at a time ends at the request deadline", {
    timeout: 30_000,
  }, async () => {
    drip = "whitespace";
    await assert.rejects(
      backend({ timeoutMs: 60_000, requestTimeoutMs: 1_000 }).generate(request),
      rejectsWith("backend-timeout", /deadline of 1000 ms/),
    );
  });

  it("refuses a deadline that is not a positive number", () => {
    assert.throws(
      () => backend({ requestTimeoutMs: 0 }),
      rejectsWith("invalid-argument", /requestTimeoutMs must be a positive number/),
    );
  });
});
