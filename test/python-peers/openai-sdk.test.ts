/**
 * The OpenAI Python SDK (pinned in requirements.txt) against `serve`: chat with tools and the
 * result sent back, streamed tool-call deltas with usage, the `stream` helper with a pydantic
 * tool, and the Responses API, plain and streamed. A replay backend with the real qwen3 format
 * (src/serve/replay-server.test-support.ts) decides what the model says, so the script
 * (openai-sdk-peer.py) checks the wire format. Loopback only; skipped with a line without the
 * peers' Python (python-peers.test-support.ts).
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { qwenCall, type ReplayServer, replayServers } from "../../src/serve/replay-server.test-support.js";
import { pythonPeersOrSkip, runPeer, scenarioResults } from "./python-peers.test-support.js";

const peers = pythonPeersOrSkip();
const forecast = { city: "Oslo", days: 2 };

/** What each scenario's model says, in order. */
const scripts: Record<string, string[]> = {
  chat_tools: [`Checking.\n${qwenCall("get_forecast", forecast)}`, "Sunny in Oslo for two days."],
  chat_stream: [
    `Two cities.\n${qwenCall("get_forecast", forecast)}\n${qwenCall("get_forecast", { city: "Bergen", days: 1 })}`,
  ],
  chat_stream_helper: [qwenCall("get_forecast", forecast)],
  responses: [qwenCall("get_forecast", forecast), "Sunny in Oslo."],
  responses_stream: [`Checking.\n${qwenCall("get_forecast", forecast)}`],
};

describe("serve with the OpenAI Python SDK", { skip: peers.skip }, () => {
  const servers = replayServers();
  const started = new Map<string, ReplayServer>();
  let results: ReturnType<typeof scenarioResults>;

  before(async () => {
    for (const [name, outputs] of Object.entries(scripts)) started.set(name, await servers.serve(...outputs));
    const urls = Object.fromEntries([...started].map(([name, server]) => [name, server.url]));
    results = scenarioResults(await runPeer(peers.python, "openai-sdk-peer.py", [JSON.stringify(urls)]));
  });
  after(() => servers.close());

  const passed = (name: string) => {
    const result = results.get(name);
    assert.ok(result, `${name}: the script printed no result`);
    assert.equal(result.ok, true, result.error);
    return result;
  };

  it("chat with tools: a call (id, name, JSON arguments, finish_reason), then its result by id", () => {
    const result = passed("chat_tools");
    const sent = started.get("chat_tools")?.backend.requests[1]?.messages ?? [];
    assert.deepEqual(
      sent.map((message) => message.role),
      ["user", "assistant", "tool"],
    );
    const [, assistant, tool] = sent;
    assert.ok(assistant?.role === "assistant" && tool?.role === "tool");
    assert.equal(assistant.toolCalls?.[0]?.id, result.call_id);
    assert.equal(tool.toolCallId, result.call_id);
  });

  it("streaming: text, two calls as deltas by index with ids first, finish_reason, usage", () => {
    passed("chat_stream");
    assert.equal(started.get("chat_stream")?.backend.requests[0]?.tools?.[0]?.name, "get_forecast");
  });

  it("the stream helper with a pydantic tool parses the streamed arguments", () => {
    passed("chat_stream_helper");
  });

  it("Responses API: a function_call item, its output sent back with previous_response_id", () => {
    const result = passed("responses");
    const sent = started.get("responses")?.backend.requests[1]?.messages ?? [];
    const tool = sent.find((message) => message.role === "tool");
    assert.ok(tool?.role === "tool");
    assert.equal(tool.toolCallId, result.call_id);
  });

  it("Responses API streamed: created … completed, ordered sequence numbers, the call's events", () => {
    passed("responses_stream");
  });
});
