import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  dndSample,
  type Json,
  referenceTrajectory,
  startTestServer,
  type TestServer,
  textMessage,
} from "./env-fixture.test-support.js";
import { clientFrame, openTestSocket, type TestSocket } from "./websocket-client.test-support.js";

async function open(env: TestServer, headers: Record<string, string> = {}): Promise<TestSocket> {
  const socket = await openTestSocket(env.url, headers);
  assert.ok("send" in socket, `the upgrade was refused: ${JSON.stringify(socket)}`);
  return socket;
}

async function ask(socket: TestSocket, message: unknown, pieces = 1): Promise<Json> {
  socket.send(JSON.stringify(message), pieces);
  const reply = await socket.next();
  assert.equal(typeof reply, "string", `expected a message, got ${JSON.stringify(reply)}`);
  return JSON.parse(reply as string);
}

describe("env serve's /ws (OpenEnv's session protocol)", () => {
  let env: TestServer;
  before(async () => {
    env = await startTestServer();
  });
  after(() => env.server.close());

  it("runs an episode: reset, steps, state; the reference trajectory earns 1", async () => {
    const socket = await open(env);
    const reset = await ask(socket, { type: "reset", data: { sample_id: dndSample } });
    assert.equal(reset.type, "observation");
    assert.deepEqual(Object.keys(reset.data).sort(), ["done", "observation", "reward"]);
    assert.equal(reset.data.observation.sample_id, dndSample);
    const call = await ask(socket, { type: "step", data: { message: referenceTrajectory[0] } }, 3);
    assert.equal(call.data.reward, 0);
    const reply = await ask(socket, { type: "step", data: { message: referenceTrajectory[1] } });
    assert.equal(reply.data.done, true);
    assert.equal(reply.data.reward, 1);
    const state = await ask(socket, { type: "state" });
    assert.equal(state.type, "state");
    assert.equal(state.data.step_count, 2);
    assert.equal(state.data.reward, 1);
    socket.end();
  });

  it("answers errors as messages and keeps the connection", async () => {
    const socket = await open(env);
    const early = await ask(socket, { type: "step", data: { message: textMessage("hi") } });
    assert.deepEqual([early.type, early.data.code], ["error", "NO_EPISODE"]);
    socket.send("{nope");
    const bad = JSON.parse((await socket.next()) as string);
    assert.equal(bad.data.code, "INVALID_JSON");
    const unknown = await ask(socket, { type: "dance" });
    assert.equal(unknown.data.code, "UNKNOWN_TYPE");
    await ask(socket, { type: "reset", data: { sample_id: dndSample } });
    const wrong = await ask(socket, { type: "step", data: { text: "hi" } });
    assert.equal(wrong.data.code, "VALIDATION_ERROR");
    const counterfeit = await ask(socket, { type: "step", data: { message: textMessage("Done!") } });
    assert.equal(counterfeit.data.reward, 0);
    socket.end();
  });

  it("closes a connection's episode when it goes, freeing its slot; connections are bounded too", async () => {
    const env = await startTestServer({ maxEpisodes: 2 });
    after(() => env.server.close());
    const first = await open(env);
    await ask(first, { type: "reset", data: { sample_id: dndSample } });
    const second = await open(env);
    await ask(second, { type: "reset", data: { sample_id: dndSample } });
    const refused = await openTestSocket(env.url);
    assert.ok("status" in refused);
    assert.equal(refused.status, 503);
    assert.match(refused.body, /--max-episodes 2/);
    const full = await env.post("/reset", { sample_id: dndSample });
    assert.equal(full.json.code, "CAPACITY_REACHED");
    first.send(JSON.stringify({ type: "close" }));
    assert.deepEqual(await first.next(), { close: 1000 });
    for (let tries = 0; env.episodes.table.size > 1 && tries < 200; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal((await env.post("/reset", { sample_id: dndSample })).status, 200);
    second.end();
  });

  it("refuses binary messages and oversized ones by closing", async () => {
    const socket = await open(env);
    socket.sendRaw(clientFrame(0x2, Buffer.from([1, 2, 3])));
    assert.deepEqual(await socket.next(), { close: 1003 });
    const big = await open(env);
    big.sendRaw(clientFrame(0x1, Buffer.alloc(1024 * 1024 + 1, 0x20)));
    assert.deepEqual(await big.next(), { close: 1009 });
  });

  it("refuses an opening request from a foreign Host or a web page", async () => {
    const port = new URL(env.url).port;
    const foreign = await openTestSocket(env.url, { host: `evil.example:${port}` });
    assert.ok("status" in foreign);
    assert.equal(foreign.status, 403);
    const page = await openTestSocket(env.url, { origin: "http://evil.example" });
    assert.ok("status" in page);
    assert.equal(page.status, 403);
    assert.match(page.body, /origin_not_allowed/);
  });
});
