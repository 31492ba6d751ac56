/**
 * A real HTTP server on 127.0.0.1 (port 0) that answers `POST /v1/chat/completions` with recorded
 * responses, queued in order, and records what it received. Streams are written in small pieces cut
 * at fixed byte offsets, so that lines, CRLF pairs and UTF-8 sequences arrive split.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One recorded answer. */
export interface FixtureResponse {
  /** Default 200. */
  status?: number;
  headers?: Record<string, string>;
  /** A JSON value (serialised) or raw text. */
  body?: unknown;
  /** A recorded SSE stream, sent as `text/event-stream` in pieces of `pieceBytes`. */
  sse?: string;
  /** Default 29: small, and prime, so pieces end inside lines, CRLF pairs and UTF-8 sequences. */
  pieceBytes?: number;
  /** After the stream, keep the connection open without a word (a stalled server). */
  stall?: boolean;
  /** Wait before the status line. */
  delayMs?: number;
  /** Never answer (the client's timeout or abort must end the call). */
  hang?: boolean;
  /** Drop the connection without answering (a reset). */
  destroy?: boolean;
}

/** An answer, or a function choosing one from the request (e.g. JSON or SSE by `body.stream`). */
export type FixtureResponder = FixtureResponse | ((received: ReceivedRequest) => FixtureResponse);

/** A request as the server received it. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  /** Parsed JSON body (undefined when it was not JSON). */
  body: Record<string, unknown> | undefined;
  /** `performance.now()` at arrival. */
  receivedAt: number;
}

/** A running fixture server. */
export interface FixtureServer {
  /** `http://127.0.0.1:<port>/v1`. */
  baseUrl: string;
  requests: ReceivedRequest[];
  /** Queues answers for the next requests, in order. */
  enqueue(...responses: FixtureResponder[]): void;
  /** Answers still queued. */
  readonly pending: number;
  close(): Promise<void>;
}

/** Waits `ms`, or less if the client goes away first (so no timer outlives the test). */
function delay(ms: number, response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      response.off("close", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    response.on("close", done);
  });
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function writeStream(
  response: ServerResponse,
  text: string,
  pieceBytes: number,
  stall: boolean,
): Promise<void> {
  const bytes = Buffer.from(text, "utf8");
  for (let start = 0; start < bytes.length; start += pieceBytes) {
    if (response.destroyed) return;
    response.write(bytes.subarray(start, start + pieceBytes));
    await delay(1, response);
  }
  if (!stall) response.end();
}

const noResponseQueued: FixtureResponse = {
  status: 500,
  body: { error: { code: 500, message: "fixture server: no response queued", type: "server_error" } },
};

async function answer(response: ServerResponse, fixture: FixtureResponse): Promise<void> {
  if (fixture.destroy) {
    response.socket?.destroy();
    return;
  }
  if (fixture.hang) return;
  if (fixture.delayMs !== undefined) await delay(fixture.delayMs, response);
  if (response.destroyed) return;
  const status = fixture.status ?? 200;
  if (fixture.sse !== undefined) {
    response.writeHead(status, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      ...fixture.headers,
    });
    await writeStream(response, fixture.sse, fixture.pieceBytes ?? 29, fixture.stall === true);
    return;
  }
  const text = typeof fixture.body === "string" ? fixture.body : JSON.stringify(fixture.body ?? {});
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...fixture.headers });
  response.end(text);
}

/** Starts a fixture server; close it when done. `fallback` answers when the queue is empty (default: a 500). */
export async function startFixtureServer(fallback?: FixtureResponder): Promise<FixtureServer> {
  const queue: FixtureResponder[] = [];
  const requests: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    const receivedAt = performance.now();
    void (async () => {
      const raw = await readBody(request);
      let body: Record<string, unknown> | undefined;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        body = undefined;
      }
      const received = {
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body,
        receivedAt,
      };
      requests.push(received);
      const responder = queue.shift() ?? fallback ?? noResponseQueued;
      await answer(response, typeof responder === "function" ? responder(received) : responder);
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...responses) => {
      queue.push(...responses);
    },
    get pending() {
      return queue.length;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL on 127.0.0.1 where nothing listens (a port bound, then released). */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}

/** Writes SSE `data:` events (objects as JSON) the way servers do, ending with `[DONE]` unless told not to. */
export function sseEvents(
  events: readonly unknown[],
  options: { done?: boolean; lineEnd?: string } = {},
): string {
  const end = options.lineEnd ?? "\n";
  const lines = events.map(
    (event) => `data: ${typeof event === "string" ? event : JSON.stringify(event)}${end}${end}`,
  );
  if (options.done !== false) lines.push(`data: [DONE]${end}${end}`);
  return lines.join("");
}
