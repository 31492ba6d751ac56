/**
 * `mcp serve --http` behind the shared web guard (src/http/web-guard.ts), over loopback: a foreign
 * `Host` or `Origin` is refused before a session starts, a body that is not JSON is a 415, an
 * origin given with `--cors` gets its preflight and can read the session id, and the SDK's client
 * still connects.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { rawHttpRequest } from "../http/raw-http-request.test-support.js";
import type { Tool } from "../tools/tool.js";
import { ToolRegistry } from "../tools/tool-registry.js";
import { connectMcpTools } from "./mcp-client-tools.js";
import { type RunningToolsHttpServer, startToolsHttpServer } from "./mcp-http-server.js";

const allowed = "http://localhost:5173";
const initialize = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "0" } },
});
const accept = "application/json, text/event-stream";

describe("mcp serve --http: what a web page can send", () => {
  let calls = 0;
  const ping: Tool = {
    definition: { name: "ping", description: "Ping", parameters: { type: "object", properties: {} } },
    sideEffect: "read",
    async execute() {
      calls += 1;
      return { pong: true };
    },
  };
  let server: RunningToolsHttpServer;
  let host = "";
  before(async () => {
    server = await startToolsHttpServer({
      registry: new ToolRegistry().register(ping),
      port: 0,
      corsOrigins: [allowed],
      allowedHosts: ["edgecall.test"],
    });
    host = new URL(server.url).host;
  });
  after(async () => {
    await server.close();
  });

  it("refuses a foreign Host (403), a foreign Origin (403) and a text/plain body (415); no session starts", async () => {
    const refused: { status: number; headers: Record<string, string> }[] = [
      { status: 403, headers: { host: "rebound.example", "content-type": "application/json", accept } },
      {
        status: 403,
        headers: { host, "content-type": "application/json", accept, origin: "http://evil.example" },
      },
      { status: 403, headers: { host, "content-type": "text/plain", accept, "sec-fetch-site": "same-site" } },
      { status: 415, headers: { host, "content-type": "text/plain;charset=UTF-8", accept } },
      { status: 415, headers: { host, accept } },
    ];
    for (const { status, headers } of refused) {
      const answer = await rawHttpRequest(server.url, "POST", "/mcp", headers, initialize);
      assert.equal(answer.status, status, `${JSON.stringify(headers)}: ${answer.body}`);
      assert.equal(answer.headers["mcp-session-id"], undefined);
      assert.equal(answer.headers["access-control-allow-origin"], undefined);
    }
    const preflight = await rawHttpRequest(server.url, "OPTIONS", "/mcp", {
      host,
      origin: "http://evil.example",
      "access-control-request-method": "POST",
    });
    assert.equal(preflight.status, 403);
    const ok = await rawHttpRequest(
      server.url,
      "POST",
      "/mcp",
      { host: "edgecall.test:1", "content-type": "application/json", accept },
      initialize,
    );
    assert.equal(ok.status, 200, ok.body);
    assert.equal(typeof ok.headers["mcp-session-id"], "string");
    assert.equal(calls, 0);
  });

  it("answers an origin given with --cors, which may read Mcp-Session-Id", async () => {
    const preflight = await rawHttpRequest(server.url, "OPTIONS", "/mcp", {
      host,
      origin: allowed,
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type, mcp-session-id, mcp-protocol-version",
    });
    assert.equal(preflight.status, 204, preflight.body);
    assert.equal(preflight.headers["access-control-allow-origin"], allowed);
    assert.match(String(preflight.headers["access-control-allow-methods"]), /DELETE/);
    assert.match(String(preflight.headers["access-control-allow-headers"]), /mcp-session-id/);
    const started = await rawHttpRequest(
      server.url,
      "POST",
      "/mcp",
      { host, origin: allowed, "content-type": "application/json", accept },
      initialize,
    );
    assert.equal(started.status, 200, started.body);
    assert.equal(started.headers["access-control-allow-origin"], allowed);
    assert.match(String(started.headers["access-control-expose-headers"]), /mcp-session-id/i);
  });

  it("the SDK's client still connects and calls (it sends application/json)", async () => {
    const source = await connectMcpTools(server.url);
    try {
      const tool = source.tools.find((candidate) => candidate.definition.name === "ping");
      assert.deepEqual(await tool?.execute({}, {}), { pong: true });
      assert.equal(calls, 1);
    } finally {
      await source.close();
    }
  });
});
