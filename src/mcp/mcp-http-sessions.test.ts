/**
 * `mcp serve --http` sessions are bounded: idle ones expire, and a full server evicts the one idle
 * the longest (503 only when every session is busy). Driven by the MCP SDK's own client over
 * loopback; idle time is measured on an injected clock, never waited for.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Tool } from "../tools/tool.js";
import { ToolRegistry } from "../tools/tool-registry.js";
import { HttpSessionTable } from "./http-session-table.js";
import {
  type RunningToolsHttpServer,
  startToolsHttpServer,
  type ToolsHttpServerOptions,
} from "./mcp-http-server.js";

const ping: Tool = {
  definition: {
    name: "notes_ping",
    description: "Answers pong",
    parameters: { type: "object", properties: {} },
  },
  sideEffect: "read",
  trustedOutput: { madeOf: "fixed-text", reason: "fixed text" },
  async execute() {
    return "pong";
  },
};

function registry(): ToolRegistry {
  return new ToolRegistry().register(ping);
}

/** A connected SDK client and its session id. */
async function connect(url: string): Promise<{ client: Client; sessionId: string }> {
  const transport = new StreamableHTTPClientTransport(new URL(url));
  const client = new Client({ name: "sessions-test", version: "0.0.0" });
  await client.connect(transport);
  assert.ok(transport.sessionId !== undefined);
  return { client, sessionId: transport.sessionId };
}

/** The status of a `ping` request in session `sessionId` (404: the session is gone). */
async function pingStatus(url: string, sessionId: string): Promise<number> {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-session-id": sessionId,
      "mcp-protocol-version": "2025-06-18",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** A session started with plain requests (initialize, initialized), no stream open; its id. */
async function rawSession(url: string): Promise<string> {
  const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
  const initialize = await fetch(url, {
    method: "POST",
    headers,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } },
    }),
  });
  await initialize.arrayBuffer();
  const sessionId = initialize.headers.get("mcp-session-id");
  assert.ok(sessionId !== null, `initialize answered ${initialize.status}`);
  const initialized = await fetch(url, {
    method: "POST",
    headers: { ...headers, "mcp-session-id": sessionId, "mcp-protocol-version": "2025-06-18" },
    body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
  });
  await initialized.arrayBuffer();
  assert.equal(initialized.status, 202);
  return sessionId;
}

/** A server on loopback with a clock the test moves. */
async function serverWithClock(
  options: Partial<ToolsHttpServerOptions>,
): Promise<{ server: RunningToolsHttpServer; clock: { ms: number } }> {
  const clock = { ms: 0 };
  const server = await startToolsHttpServer({
    registry: registry(),
    port: 0,
    now: () => clock.ms,
    ...options,
  });
  return { server, clock };
}

/**
 * Moves the clock past `timeoutMs` and pings until the session is gone. A client's close reaches
 * the server a moment later (its SSE stream ends), and a ping that still finds the session counts
 * as activity, so each try moves the clock again. Bounded in tries, not in time.
 */
async function pingUntilGone(
  url: string,
  sessionId: string,
  clock: { ms: number },
  timeoutMs: number,
): Promise<number> {
  for (let tries = 1; tries <= 200; tries += 1) {
    clock.ms += timeoutMs + 1;
    if ((await pingStatus(url, sessionId)) === 404) return tries;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  assert.fail(`session ${sessionId} never expired`);
}

describe("mcp serve --http: sessions", () => {
  let server: RunningToolsHttpServer;
  before(async () => {
    server = await startToolsHttpServer({ registry: registry(), port: 0 });
  });
  after(async () => {
    await server.close();
  });

  it("70 connect/close cycles of the SDK client (which sends no DELETE) all work with 64 slots", async () => {
    for (let cycle = 1; cycle <= 70; cycle += 1) {
      const { client } = await connect(server.url);
      try {
        const { tools } = await client.listTools();
        assert.deepEqual(
          tools.map((tool) => tool.name),
          ["notes_ping"],
          `cycle ${cycle}`,
        );
        const result = await client.callTool({ name: "notes_ping", arguments: {} });
        assert.equal(result.isError, undefined, `cycle ${cycle}`);
      } finally {
        await client.close();
      }
    }
  });
});

describe("mcp serve --http: idle sessions expire", () => {
  it("a session idle past --session-idle-timeout is gone (404); until then it stays", async () => {
    const { server, clock } = await serverWithClock({ sessionIdleTimeoutMs: 1000 });
    try {
      const { client, sessionId } = await connect(server.url);
      await client.close();
      clock.ms += 999;
      assert.equal(await pingStatus(server.url, sessionId), 200, "not yet idle for the timeout");
      const tries = await pingUntilGone(server.url, sessionId, clock, 1000);
      assert.ok(tries >= 1);
      assert.equal(await pingStatus(server.url, sessionId), 404);
    } finally {
      await server.close();
    }
  });

  it("a session with its SSE stream open is busy, not idle, however long; idle once it ends", async () => {
    const { server, clock } = await serverWithClock({ sessionIdleTimeoutMs: 1000 });
    try {
      const sessionId = await rawSession(server.url);
      const stream = new AbortController();
      const opened = await fetch(server.url, {
        headers: {
          accept: "text/event-stream",
          "mcp-session-id": sessionId,
          "mcp-protocol-version": "2025-06-18",
        },
        signal: stream.signal,
      });
      assert.equal(opened.status, 200);
      clock.ms += 10_000_000;
      assert.equal(await pingStatus(server.url, sessionId), 200, "the open stream kept it");
      stream.abort();
      await pingUntilGone(server.url, sessionId, clock, 1000);
    } finally {
      await server.close();
    }
  });
});

describe("mcp serve --http: a full server", () => {
  it("evicts the session idle the longest; 503 only while every session is busy", async () => {
    const { server, clock } = await serverWithClock({ maxSessions: 2, sessionIdleTimeoutMs: 1_000_000 });
    try {
      const first = await connect(server.url);
      clock.ms += 10;
      const second = await connect(server.url);
      // Both clients connected: both sessions busy (their SSE streams are open), so no room.
      await assert.rejects(connect(server.url), /503|too many sessions/);
      await first.client.close();
      clock.ms += 10;
      await second.client.close();
      // Once their streams have ended both are idle: a new session evicts the first (idle longer).
      let third: { client: Client; sessionId: string } | undefined;
      for (let tries = 0; third === undefined && tries < 200; tries += 1) {
        third = await connect(server.url).catch(async () => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          return undefined;
        });
      }
      assert.ok(third !== undefined, "no session after both clients closed");
      await third.client.close();
      assert.equal(await pingStatus(server.url, first.sessionId), 404, "the longest idle was evicted");
      assert.equal(await pingStatus(server.url, second.sessionId), 200, "the other one stays");
    } finally {
      await server.close();
    }
  });
});

describe("HttpSessionTable", () => {
  const session = () => {
    const state = { closed: 0 };
    const close = async (): Promise<void> => {
      state.closed += 1;
    };
    return { state, value: { close } };
  };

  it("evicts the longest idle when full, never a busy one; expires idle ones on the clock", () => {
    let now = 0;
    const table = new HttpSessionTable({
      maxSessions: 2,
      idleTimeoutMs: 100,
      now: () => now,
      sweepEveryMs: 0,
    });
    const a = session();
    const b = session();
    const endA = table.reserve()?.fill("a", a.value);
    now = 10;
    table.reserve()?.fill("b", b.value)();
    assert.equal(table.size, 2);
    const reservation = table.reserve();
    assert.ok(reservation, "b is idle: evicted to make room");
    assert.equal(b.state.closed, 1);
    assert.equal(table.get("b"), undefined);
    assert.equal(table.reserve(), undefined, "a is busy and the other slot is reserved");
    reservation.release();
    reservation.release();
    assert.ok(table.reserve(), "a released slot is free again");
    now = 20;
    endA?.();
    endA?.();
    now = 119;
    assert.equal(table.get("a"), a.value, "idle 99 ms of 100");
    now = 120;
    table.sweep();
    assert.equal(table.get("a"), undefined, "idle 100 ms: expired");
    assert.equal(a.state.closed, 1);
  });

  it("a request in flight keeps a session however long it takes", () => {
    let now = 0;
    const table = new HttpSessionTable({
      maxSessions: 1,
      idleTimeoutMs: 100,
      now: () => now,
      sweepEveryMs: 0,
    });
    const a = session();
    table.reserve()?.fill("a", a.value)();
    const end = table.begin("a");
    now = 1_000_000;
    assert.equal(table.get("a"), a.value);
    assert.equal(table.reserve(), undefined, "the only session is busy: no room (503)");
    end();
    now += 100;
    assert.ok(table.reserve(), "idle again, past the timeout: expired, room");
    assert.equal(a.state.closed, 1);
  });
});
