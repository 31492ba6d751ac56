/**
 * `edgecall mcp serve --http PORT`: the assistant tools over MCP's Streamable HTTP transport at
 * `/mcp`, with the official SDK. Each MCP session (started by an `initialize` request, named by
 * the `Mcp-Session-Id` header after) gets its own server and guarded executor, so taint counts per
 * session as it does per process on stdio; the world (state folder) is shared.
 *
 * Loopback by default (127.0.0.1), behind the shared web guard (mcp-web-guard.ts: `Host` must
 * name an address served, an `Origin` must be one given with `corsOrigins`, bodies must be JSON).
 * On any other address a bearer token is required (`--token` or EDGECALL_MCP_TOKEN): without one
 * the server refuses to start; with one, every request must carry `Authorization: Bearer TOKEN`
 * (401 otherwise, also on loopback when a token is set).
 *
 * Sessions are bounded (http-session-table.ts): one idle for `sessionIdleTimeoutMs` expires, and
 * when all `maxSessions` slots are taken a new one evicts the session idle the longest; 503 only
 * when every session has a request (or an SSE stream) in flight.
 */
import { randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { EdgecallError } from "../errors.js";
import { isLoopbackName } from "../http/host-names.js";
import { HttpSessionTable } from "./http-session-table.js";
import { createToolMcpServer, type ToolMcpServerOptions } from "./mcp-server.js";
import { answeredByWebGuard } from "./mcp-web-guard.js";

/** Default idle time after which a session expires: 5 minutes. */
export const defaultSessionIdleTimeoutMs = 5 * 60 * 1000;
/** Default most sessions open at once. */
export const defaultMaxSessions = 64;

/** Options of {@link startToolsHttpServer}. */
export interface ToolsHttpServerOptions extends ToolMcpServerOptions {
  port: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Required on a non-loopback host. */
  token?: string;
  /** More names the `Host` header may give (`--allowed-hosts`), besides loopback and `host`. */
  allowedHosts?: readonly string[];
  /** Origins whose web pages may call the server (`--cors`); none by default. */
  corsOrigins?: readonly string[];
  /** Most sessions open at once (default 64); when full, the longest idle is evicted (503 if none is idle). */
  maxSessions?: number;
  /** A session idle this long (no request or stream in flight) expires, in ms (default 5 minutes). */
  sessionIdleTimeoutMs?: number;
  /** Monotonic milliseconds for idle times (default `performance.now`; tests move their own). */
  now?: () => number;
  /** Largest request body in bytes (default 4 MiB). */
  maxBodyBytes?: number;
}

/** A listening MCP server. */
export interface RunningToolsHttpServer {
  /** `http://HOST:PORT/mcp`. */
  url: string;
  close(): Promise<void>;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function reply(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));
}

/** Calls `end` once the response is done or its connection is gone. */
function endWith(res: ServerResponse, end: () => void): void {
  res.once("finish", end);
  res.once("close", end);
}

async function readBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new EdgecallError("invalid-argument", "the request body is too large");
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

/** Starts the server. Throws `usage` for a non-loopback host without a token, `invalid-argument` when it cannot listen. */
export async function startToolsHttpServer(options: ToolsHttpServerOptions): Promise<RunningToolsHttpServer> {
  const host = options.host ?? "127.0.0.1";
  const loopback = isLoopbackName(host);
  const token = options.token === "" ? undefined : options.token;
  if (!loopback && token === undefined) {
    throw new EdgecallError(
      "usage",
      `mcp serve --http on ${host} (not loopback) needs a bearer token: give --token TOKEN or set EDGECALL_MCP_TOKEN`,
      { subject: "--token" },
    );
  }
  const maxSessions = options.maxSessions ?? defaultMaxSessions;
  const maxBodyBytes = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const sessions = new HttpSessionTable<{ transport: StreamableHTTPServerTransport; close(): Promise<void> }>(
    {
      maxSessions,
      idleTimeoutMs: options.sessionIdleTimeoutMs ?? defaultSessionIdleTimeoutMs,
      ...(options.now === undefined ? {} : { now: options.now }),
    },
  );
  const webGuard = {
    boundAddress: host,
    allowedHosts: options.allowedHosts,
    corsOrigins: options.corsOrigins,
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (answeredByWebGuard(req, res, webGuard)) return;
    const path = (req.url ?? "/").split("?")[0];
    if (path !== "/mcp") return reply(res, 404, `no route ${req.method} ${path} (the MCP endpoint is /mcp)`);
    if (token !== undefined) {
      const header = req.headers.authorization ?? "";
      const given = /^bearer /i.test(header) ? header.slice("bearer ".length).trim() : "";
      if (!sameToken(given, token)) {
        return reply(res, 401, "missing or wrong token (Authorization: Bearer TOKEN)", {
          "www-authenticate": "Bearer",
        });
      }
    }
    const sessionId = req.headers["mcp-session-id"];
    if (typeof sessionId === "string") {
      const session = sessions.get(sessionId);
      if (session === undefined)
        return reply(res, 404, `no session ${sessionId} (it ended or expired; initialize again)`);
      endWith(res, sessions.begin(sessionId));
      return session.transport.handleRequest(req, res);
    }
    if (req.method !== "POST")
      return reply(res, 400, "no Mcp-Session-Id: start a session with an initialize request");
    let body: unknown;
    try {
      body = await readBody(req, maxBodyBytes);
    } catch (error) {
      return reply(res, 400, `the request body is not usable JSON: ${(error as Error).message}`);
    }
    if (!isInitializeRequest(body))
      return reply(res, 400, "no Mcp-Session-Id: start a session with an initialize request");
    const slot = sessions.reserve();
    if (slot === undefined)
      return reply(res, 503, `too many sessions open (${maxSessions}), each with a request in flight`, {
        "retry-after": "1",
      });
    const server = createToolMcpServer(options);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        endWith(res, slot.fill(id, { transport, close: () => server.close() }));
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
    } finally {
      slot.release();
    }
  };

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) reply(res, 500, `internal error: ${(error as Error).message}`);
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        new EdgecallError(
          "invalid-argument",
          `could not listen on ${host}:${options.port}: ${error.code === "EADDRINUSE" ? "the port is in use" : error.message}`,
          { subject: "--http" },
        ),
      ),
    );
    http.listen(options.port, host, () => resolve());
  });
  const address = http.address() as AddressInfo;
  const shown = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}/mcp`,
    close: async () => {
      await sessions.closeAll();
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
    },
  };
}
