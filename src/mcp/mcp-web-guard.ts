/**
 * `mcp serve --http`'s side of the shared web guard (src/http/web-guard.ts) on a plain Node
 * server: a foreign `Host` or `Origin` is a 403 and a body that is not JSON a 415 (JSON-RPC error
 * bodies), an allowed origin's preflight a 204, and an allowed origin may send and read the
 * Streamable HTTP transport's headers (`Mcp-Session-Id`, `Mcp-Protocol-Version`, `Last-Event-ID`).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { carriesBody } from "../http/json-content-type.js";
import { checkWebRequest, type WebGuardOptions } from "../http/web-guard.js";

/** Where the server listens and what it allows (see {@link WebGuardOptions}). */
export interface McpWebGuard {
  boundAddress: string;
  allowedHosts?: readonly string[];
  corsOrigins?: readonly string[];
}

/** What the Streamable HTTP transport lets an allowed origin use. */
const mcpCors: WebGuardOptions["cors"] = {
  methods: ["GET", "POST", "DELETE", "OPTIONS"],
  requestHeaders: [
    "authorization",
    "content-type",
    "mcp-session-id",
    "mcp-protocol-version",
    "last-event-id",
  ],
  exposedHeaders: ["mcp-session-id", "mcp-protocol-version"],
};

/**
 * Checks `req`; returns true when it has been answered (refused, or a preflight), false when the
 * server goes on, with any CORS headers already set on `res`.
 */
export function answeredByWebGuard(req: IncomingMessage, res: ServerResponse, guard: McpWebGuard): boolean {
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  };
  const verdict = checkWebRequest(
    {
      method: req.method ?? "GET",
      header,
      hasBody: carriesBody(header("content-length"), header("transfer-encoding")),
    },
    { ...guard, cors: mcpCors },
  );
  if (verdict.kind === "refuse") {
    res.writeHead(verdict.status, { "content-type": "application/json" });
    res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message: verdict.message }, id: null }));
    return true;
  }
  for (const [name, value] of Object.entries(verdict.headers)) res.setHeader(name, value);
  if (verdict.kind === "preflight") {
    res.writeHead(204).end();
    return true;
  }
  return false;
}
