import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { EdgecallError, isEdgecallError } from "../../errors.js";
import type { GenerateResult, ModelBackend, StreamEvent } from "../model-backend.js";
import { createFleetBackend, serverStoppedAnswering } from "./fleet-backend.js";

const answer: GenerateResult = {
  rawText: "ok",
  parts: [{ type: "text", text: "ok" }],
  finishReason: "stop",
  usage: { inputTokens: 1, outputTokens: 1 },
  timing: { firstTokenMs: 1, totalMs: 2 },
};

/** A backend that answers after `release()`, or fails with `failWith` while it is set. */
function stub(name: string) {
  const pending: (() => void)[] = [];
  const state = {
    calls: 0,
    failWith: undefined as EdgecallError | undefined,
    hold: false,
    release: () => {
      for (const resolve of pending.splice(0)) resolve();
    },
  };
  const backend: ModelBackend = {
    info: { backend: "stub", model: name },
    async generate() {
      state.calls += 1;
      if (state.failWith !== undefined) throw state.failWith;
      if (state.hold) await new Promise<void>((resolve) => pending.push(resolve));
      return { ...answer, rawText: name };
    },
    async close() {},
  };
  return { backend, state };
}

const request = { messages: [{ role: "user" as const, content: "hi" }] };
const unreachable = () => new EdgecallError("backend-unreachable", "cannot reach it (ECONNREFUSED)");

describe("fleet backend", () => {
  it("sends each call to the server with the fewest outstanding calls", async () => {
    const a = stub("a");
    const b = stub("b");
    a.state.hold = true;
    b.state.hold = true;
    const fleet = createFleetBackend([
      { url: "http://a/v1", backend: a.backend },
      { url: "http://b/v1", backend: b.backend },
    ]);
    const calls = [fleet.generate(request), fleet.generate(request), fleet.generate(request)];
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual([a.state.calls, b.state.calls], [2, 1]);
    a.state.release();
    b.state.release();
    const results = await Promise.all(calls);
    assert.deepEqual(
      results.map((result) => result.details?.server),
      ["http://a/v1", "http://b/v1", "http://a/v1"],
    );
    assert.deepEqual(fleet.info.servers, ["http://a/v1", "http://b/v1"]);
  });

  it("takes a server that stops answering out of rotation, retries elsewhere, brings it back later", async () => {
    let now = 0;
    const a = stub("a");
    const b = stub("b");
    a.state.failWith = unreachable();
    const fleet = createFleetBackend(
      [
        { url: "http://a/v1", backend: a.backend },
        { url: "http://b/v1", backend: b.backend },
      ],
      { reviveAfterMs: 1000, now: () => now },
    );
    assert.equal((await fleet.generate(request)).rawText, "b");
    assert.equal((await fleet.generate(request)).rawText, "b");
    assert.equal(a.state.calls, 1, "not asked again while out of rotation");
    let report = fleet.report?.().servers ?? [];
    assert.deepEqual(
      report.map((server) => [
        server.requests,
        server.succeeded,
        server.failed,
        server.removed,
        server.inRotation,
      ]),
      [
        [1, 0, 1, 1, false],
        [2, 2, 0, 0, true],
      ],
    );
    now = 1500;
    a.state.failWith = undefined;
    assert.equal((await fleet.generate(request)).rawText, "a", "tried again once due back");
    report = fleet.report?.().servers ?? [];
    assert.equal(report[0]?.inRotation, true);
  });

  it("does not move calls that would fail anywhere (HTTP 400), and fails when no server is left", async () => {
    const a = stub("a");
    const b = stub("b");
    const fleet = createFleetBackend([
      { url: "http://a/v1", backend: a.backend },
      { url: "http://b/v1", backend: b.backend },
    ]);
    a.state.failWith = Object.assign(new EdgecallError("backend-http", "HTTP 400: bad request"), {
      status: 400,
    });
    await assert.rejects(fleet.generate(request), /HTTP 400/);
    assert.equal(b.state.calls, 0);
    a.state.failWith = unreachable();
    b.state.failWith = new EdgecallError("backend-timeout", "no response within 10 ms");
    await assert.rejects(
      fleet.generate(request),
      (error: unknown) =>
        isEdgecallError(error, "backend-unreachable") &&
        /no server of the fleet answered \(2 servers; the last said: no response within 10 ms\)/.test(
          error.message,
        ),
    );
  });

  it("tells servers that stopped answering from servers that answered no", () => {
    assert.equal(serverStoppedAnswering(unreachable()), true);
    assert.equal(serverStoppedAnswering(new EdgecallError("backend-protocol", "connection lost")), true);
    assert.equal(
      serverStoppedAnswering(Object.assign(new EdgecallError("backend-http", "HTTP 503"), { status: 503 })),
      true,
    );
    assert.equal(
      serverStoppedAnswering(Object.assign(new EdgecallError("backend-http", "HTTP 401"), { status: 401 })),
      false,
    );
    assert.equal(serverStoppedAnswering(new EdgecallError("aborted", "aborted")), false);
  });
});

/** A streaming backend: `failAt` 0 fails before its first event, 1 after the first delta. */
function streamer(name: string, failAt?: 0 | 1): ModelBackend {
  return {
    info: { backend: "stub", model: name },
    generate: async () => answer,
    async *stream(): AsyncGenerator<StreamEvent> {
      if (failAt === 0) throw unreachable();
      yield { type: "text-delta", text: name };
      if (failAt === 1) throw unreachable();
      yield { type: "finish", result: { ...answer, rawText: name } };
    },
    async close() {},
  };
}

async function events(stream: AsyncIterable<StreamEvent> | undefined): Promise<StreamEvent[]> {
  const seen: StreamEvent[] = [];
  for await (const event of stream ?? []) seen.push(event);
  return seen;
}

const counts = (fleet: ModelBackend) =>
  (fleet.report?.().servers ?? []).map((server) => [server.requests, server.succeeded, server.failed]);

describe("fleet backend: streamed calls", () => {
  it("move to another server only before their first event, and are counted like generate's", async () => {
    const moved = createFleetBackend([
      { url: "http://a/v1", backend: streamer("a", 0) },
      { url: "http://b/v1", backend: streamer("b") },
    ]);
    const seen = await events(moved.stream?.(request));
    assert.deepEqual(seen[0], { type: "text-delta", text: "b" });
    const finish = seen.at(-1);
    assert.equal(finish?.type === "finish" && finish.result.details?.server, "http://b/v1");
    assert.deepEqual(counts(moved), [
      [1, 0, 1],
      [1, 1, 0],
    ]);

    const started = createFleetBackend([
      { url: "http://a/v1", backend: streamer("a", 1) },
      { url: "http://b/v1", backend: streamer("b") },
    ]);
    await assert.rejects(events(started.stream?.(request)), /ECONNREFUSED/);
    assert.deepEqual(counts(started), [
      [1, 0, 1],
      [0, 0, 0],
    ]);
  });

  it("a server without stream answers one finish event naming it", async () => {
    const fleet = createFleetBackend([{ url: "http://a/v1", backend: stub("a").backend }]);
    const seen = await events(fleet.stream?.(request));
    assert.equal(seen.length, 1);
    const finish = seen[0];
    assert.equal(finish?.type === "finish" && finish.result.details?.server, "http://a/v1");
    assert.deepEqual(counts(fleet), [[1, 1, 0]]);
  });
});
