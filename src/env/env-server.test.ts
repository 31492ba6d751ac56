import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { rawHttpRequest } from "../http/raw-http-request.test-support.js";
import {
  callMessage,
  dndSample,
  type Json,
  referenceTrajectory,
  startTestServer,
  type TestServer,
  textMessage,
} from "./env-fixture.test-support.js";

/** Resets the DND sample and plays `messages`; returns every reply. */
async function play(env: TestServer, messages: readonly unknown[]) {
  const reset = await env.post("/reset", { sample_id: dndSample });
  assert.equal(reset.status, 200, JSON.stringify(reset.json));
  const id = reset.json.observation.episode_id as string;
  const steps: Json[] = [];
  for (const message of messages) {
    const step = await env.post("/step", { episode_id: id, action: { message } });
    assert.equal(step.status, 200, JSON.stringify(step.json));
    steps.push(step.json);
  }
  return { id, reset: reset.json, steps };
}

describe("env serve over HTTP", () => {
  let env: TestServer;
  before(async () => {
    env = await startTestServer();
  });
  after(() => env.server.close());

  it("answers a reset with the conversation, the offered tools and no reward", async () => {
    const { reset } = await play(env, []);
    assert.deepEqual(Object.keys(reset).sort(), ["done", "observation", "reward"]);
    assert.equal(reset.reward, null);
    assert.equal(reset.done, false);
    assert.equal(reset.observation.sample_id, dndSample);
    assert.equal(reset.observation.suite, "assistant:stateful");
    assert.deepEqual(
      reset.observation.messages.map((message: { role: string }) => message.role),
      ["system", "user"],
    );
    assert.equal(reset.observation.messages[1].content, "Turn on do not disturb please.");
    assert.ok(reset.observation.tools.some((tool: Json) => tool.function.name === "settings_set"));
    assert.equal(reset.observation.tools[0].type, "function");
  });

  it("gives the reference trajectory reward 1, after a 0 for the call's step", async () => {
    const { steps } = await play(env, referenceTrajectory);
    const [call, reply] = steps;
    assert.equal(call.done, false);
    assert.equal(call.reward, 0);
    const results = call.observation.new_messages;
    assert.equal(results.length, 1);
    assert.equal(results[0].role, "tool");
    assert.equal(results[0].tool_call_id, "call_1");
    assert.match(results[0].content, /"do_not_disturb":true/);
    assert.equal(reply.done, true);
    assert.equal(reply.reward, 1);
    assert.equal(reply.observation.passed, true);
    assert.match(reply.observation.explanation, /1\/1/);
  });

  it("gives a counterfeit (Done! without the call) reward 0, with the scorer's explanation", async () => {
    const { steps, id } = await play(env, [textMessage("Done!")]);
    assert.equal(steps[0].done, true);
    assert.equal(steps[0].reward, 0);
    assert.match(steps[0].observation.explanation, /missed/);
    const state = await env.get(`/state?episode_id=${id}`);
    assert.equal(state.json.done, true);
    assert.equal(state.json.reward, 0);
    assert.equal(state.json.step_count, 1);
  });

  it("gives doing nothing reward 0", async () => {
    const { steps } = await play(env, [textMessage("I'm sorry, I can't help with that.")]);
    assert.equal(steps[0].done, true);
    assert.equal(steps[0].reward, 0);
  });

  it("keeps episodes apart: two at once have two worlds", async () => {
    const a = await env.post("/reset", { sample_id: dndSample });
    const b = await env.post("/reset", { sample_id: dndSample });
    const [idA, idB] = [a.json.observation.episode_id, b.json.observation.episode_id];
    assert.notEqual(idA, idB);
    const set = callMessage("settings_set", { setting: "do_not_disturb", value: true });
    const read = callMessage("settings_get", { setting: "do_not_disturb" });
    const [stepA, stepB] = await Promise.all([
      env.post("/step", { episode_id: idA, action: { message: set } }),
      env.post("/step", { episode_id: idB, action: { message: read } }),
    ]);
    assert.match(stepA.json.observation.new_messages[0].content, /"do_not_disturb":true/);
    assert.match(stepB.json.observation.new_messages[0].content, /false/);
    assert.doesNotMatch(stepB.json.observation.new_messages[0].content, /true/);
    const endB = await env.post("/step", { episode_id: idB, action: { message: textMessage("Done!") } });
    assert.equal(endB.json.reward, 0);
  });

  it("tells the model, as data, that its call's arguments are not JSON", async () => {
    const { steps } = await play(env, [callMessage("settings_set", '{"setting": "do_not_dist')]);
    assert.equal(steps[0].done, false);
    const told = steps[0].observation.new_messages.map((message: { content: string }) => message.content);
    assert.match(told.join("\n"), /JSON/);
  });

  it("refuses steps it cannot take, naming the field or the episode", async () => {
    const missing = await env.post("/step", { action: { message: textMessage("hi") } });
    assert.equal(missing.status, 422);
    assert.match(missing.json.detail, /^episode_id: required/);
    const unknown = await env.post("/step", { episode_id: "nope", action: { message: textMessage("hi") } });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.code, "EPISODE_NOT_FOUND");
    const { id } = await play(env, []);
    const misspelt = await env.post("/step", { episode_id: id, action: { message: { toolCalls: [] } } });
    assert.equal(misspelt.status, 422);
    assert.match(misspelt.json.detail, /action\.message/);
    assert.match(misspelt.json.detail, /toolCalls/);
    const done = await play(env, [textMessage("Done!")]);
    const again = await env.post("/step", { episode_id: done.id, action: { message: textMessage("x") } });
    assert.equal(again.status, 409);
    assert.equal(again.json.code, "EPISODE_DONE");
    const badSample = await env.post("/reset", { sample_id: "stateful_single_dn" });
    assert.equal(badSample.status, 404);
    assert.match(badSample.json.detail, /did you mean "stateful_single_dnd"/);
    const both = await env.post("/reset", { sample_id: dndSample, seed: 3 });
    assert.equal(both.status, 422);
  });

  it("picks the same sample for the same seed", async () => {
    const first = await env.post("/reset", { seed: 7 });
    const second = await env.post("/reset", { seed: 7 });
    assert.equal(first.json.observation.sample_id, second.json.observation.sample_id);
  });

  it("answers /health and the server's /state", async () => {
    assert.deepEqual((await env.get("/health")).json, { status: "healthy" });
    const state = await env.get("/state");
    assert.equal(state.json.episode_id, null);
    assert.deepEqual(state.json.suites, ["assistant:stateful"]);
  });

  it("refuses a foreign Host, a web page's Origin and a body that is not JSON", async () => {
    const port = new URL(env.url).port;
    const body = JSON.stringify({ sample_id: dndSample });
    const json = { "content-type": "application/json" };
    const foreign = await rawHttpRequest(
      env.url,
      "POST",
      "/reset",
      { host: `evil.example:${port}`, ...json },
      body,
    );
    assert.equal(foreign.status, 403);
    assert.equal(JSON.parse(foreign.body).code, "host_not_allowed");
    const page = await rawHttpRequest(
      env.url,
      "POST",
      "/reset",
      { host: `127.0.0.1:${port}`, origin: "http://evil.example", ...json },
      body,
    );
    assert.equal(page.status, 403);
    const plain = await rawHttpRequest(
      env.url,
      "POST",
      "/reset",
      { host: `127.0.0.1:${port}`, "content-type": "text/plain" },
      body,
    );
    assert.equal(plain.status, 415);
  });
});

describe("env serve's bounds", () => {
  it("refuses a reset beyond --max-episodes with a clear error, and reuses a finished episode's slot", async () => {
    const env = await startTestServer({ maxEpisodes: 2 });
    try {
      const first = await env.post("/reset", { sample_id: dndSample });
      await env.post("/reset", { sample_id: dndSample });
      const third = await env.post("/reset", { sample_id: dndSample });
      assert.equal(third.status, 503);
      assert.equal(third.json.code, "CAPACITY_REACHED");
      assert.match(third.json.detail, /--max-episodes 2/);
      const id = first.json.observation.episode_id;
      await env.post("/step", { episode_id: id, action: { message: textMessage("Done!") } });
      assert.equal((await env.post("/reset", { sample_id: dndSample })).status, 200);
    } finally {
      await env.server.close();
    }
  });

  it("refuses a body over the limit", async () => {
    const env = await startTestServer({}, { maxBodyBytes: 1024 });
    try {
      const big = await env.post("/reset", { sample_id: "x".repeat(2000) });
      assert.equal(big.status, 413);
    } finally {
      await env.server.close();
    }
  });
});
