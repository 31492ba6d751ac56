import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { describe, it } from "node:test";
import type { GenerateResult, ModelBackend } from "../../backend/model-backend.js";
import { checkSuites } from "../../eval/suite-check.js";
import { traceRecordingBackend } from "../../serve/trace-recorder.js";
import { traceTools } from "../../suites/traces/traces.test-support.js";
import { createTracesSuite } from "../../suites/traces/traces-suite.js";
import { serveCommand } from "./serve-command.js";

const scratch = mkdtempSync(join(tmpdir(), "edgecall-serve-record-"));

async function post(url: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${url}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 200);
  return (await response.json()) as Record<string, unknown>;
}

describe("edgecall serve --record", () => {
  it("writes each request and response as a pair line that reads back as a traces suite", async () => {
    const replay = join(scratch, "model.jsonl");
    writeFileSync(
      replay,
      `${[
        { output: JSON.stringify([{ name: "get_weather", arguments: { city: "Paris" } }]) },
        { output: "It is 18 degrees in Paris." },
      ]
        .map((line) => JSON.stringify(line))
        .join("\n")}\n`,
    );
    const record = join(scratch, "recorded.jsonl");
    const stop = new AbortController();
    const stderr = new PassThrough();
    let log = "";
    stderr.on("data", (chunk) => {
      log += chunk;
    });
    let failure: unknown;
    const code = await serveCommand(
      { model: `replay:${replay}`, gpu: "off", host: "127.0.0.1", port: 0, record },
      {
        stderr,
        stop: stop.signal,
        onListening: (url) => {
          void (async () => {
            try {
              const user = { role: "user", content: "What's the weather in Paris?" };
              const first = await post(url, { messages: [user], tools: traceTools });
              const message = (first.choices as { message: Record<string, unknown> }[])[0]?.message;
              const calls = message?.tool_calls as { id: string }[];
              assert.equal(calls.length, 1);
              await post(url, {
                messages: [
                  user,
                  { role: "assistant", content: null, tool_calls: calls },
                  { role: "tool", tool_call_id: calls[0]?.id, content: '{"temperature": 18}' },
                ],
                tools: traceTools,
              });
            } catch (error) {
              failure = error;
            } finally {
              stop.abort();
            }
          })();
        },
      },
    );
    assert.equal(failure, undefined);
    assert.equal(code, 0);
    assert.match(log, /recording requests and responses to/);
    const lines = readFileSync(record, "utf8").trim().split("\n");
    assert.equal(lines.length, 2);
    for (const line of lines) {
      const pair = JSON.parse(line) as { request: { messages: unknown[] }; response: { choices: unknown[] } };
      assert.ok(Array.isArray(pair.request.messages) && Array.isArray(pair.response.choices));
    }

    const suite = createTracesSuite(`traces:${record}`);
    assert.deepEqual(suite.notes, []);
    const samples = await suite.samples();
    assert.ok(Array.isArray(samples));
    assert.deepEqual(
      samples.map((sample) => [sample.id, sample.category, sample.messages.length]),
      [
        ["traces:recorded.jsonl:1:1", "call", 1],
        ["traces:recorded.jsonl:2:2", "text", 3],
      ],
    );
    assert.deepEqual(samples[0]?.target.calls, [{ name: "get_weather", argumentsText: '{"city":"Paris"}' }]);
    const [check] = await checkSuites([suite], {});
    assert.equal(check?.gold.passed, 2);
    // The null model's apology does not answer the recorded text turn (issue 33, item 8).
    assert.equal(check?.null.passed, 0, "the text turn");
  });

  it("records streamed calls at their finish, and nothing for a failed call", async () => {
    const result: GenerateResult = {
      parts: [{ type: "text", text: "hello" }],
      finishReason: "stop",
      usage: { inputTokens: 1, outputTokens: 1 },
      timing: { totalMs: 1 },
    } as GenerateResult;
    let fail = false;
    const inner: ModelBackend = {
      info: { backend: "fake", model: "m" },
      generate: async () => {
        if (fail) throw new Error("boom");
        return result;
      },
      async *stream() {
        yield { type: "text-delta", text: "hello" };
        yield { type: "finish", result };
      },
      close: async () => {},
    };
    const path = join(scratch, "streamed.jsonl");
    const backend = traceRecordingBackend(inner, path, "m");
    const request = { messages: [{ role: "user" as const, content: "hi" }] };
    for await (const _event of backend.stream?.(request) ?? []) {
      // drained
    }
    fail = true;
    await assert.rejects(backend.generate(request));
    const lines = readFileSync(path, "utf8").trim().split("\n");
    assert.equal(lines.length, 1);
    const pair = JSON.parse(lines[0] ?? "{}") as {
      request: { model: string; messages: unknown[] };
      response: { choices: { message: { content: string } }[] };
    };
    assert.equal(pair.request.model, "m");
    assert.deepEqual(pair.request.messages, [{ role: "user", content: "hi" }]);
    assert.equal(pair.response.choices[0]?.message.content, "hello");
  });
});
