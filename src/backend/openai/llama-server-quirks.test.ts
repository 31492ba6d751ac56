import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { ToolDefinition } from "../../messages.js";
import { createOpenAICompatibleBackend } from "./backend.js";
import { type FixtureServer, startFixtureServer } from "./fixture-server.test-support.js";
import { llamaServerToolCall } from "./fixtures.test-support.js";
import { describeRelaxedBound, relaxGrammarBounds } from "./grammar-bounds.js";

/** llama-server's answer to a random-weight model's reply that is not its call format (common/chat.cpp). */
const unparsedBody = {
  error: {
    code: 500,
    message: "The model produced output that does not match the expected Hermes 2 Pro format",
    type: "server_error",
  },
};

const eventTool: ToolDefinition = {
  name: "create_event",
  description: "Adds an event.",
  parameters: {
    type: "object",
    properties: {
      title: { type: "string", minLength: 1, maxLength: 200 },
      description: { type: "string", maxLength: 2000 },
      attendees: { type: "array", items: { type: "string", maxLength: 300 }, maxItems: 50 },
      kind: { enum: [{ maxLength: 5000 }] },
    },
    required: ["title"],
  },
};

describe("openai-compatible against llama-server's behaviour", () => {
  let server: FixtureServer;
  before(async () => {
    server = await startFixtureServer();
  });
  after(() => server.close());

  const backend = (stream = false) =>
    createOpenAICompatibleBackend({
      baseUrl: server.baseUrl,
      model: "m",
      stream,
      retryBaseDelayMs: 1,
      templateVariables: { enableThinking: false, dateString: "02 Dec 2026" },
    });

  it("sends the sampling (greedy by default), the seed and the template variables", async () => {
    server.enqueue({ body: llamaServerToolCall }, { body: llamaServerToolCall });
    await backend().generate({ messages: [{ role: "user", content: "hi" }], sampling: { seed: 7 } });
    const body = server.requests.at(-1)?.body;
    assert.equal(body?.temperature, 0);
    assert.equal(body?.seed, 7);
    assert.deepEqual(body?.chat_template_kwargs, { enable_thinking: false, date_string: "02 Dec 2026" });
    await backend().generate({ messages: [{ role: "user", content: "hi" }], sampling: { temperature: 0.6 } });
    assert.equal(server.requests.at(-1)?.body?.temperature, 0.6);
    assert.equal(server.requests.at(-1)?.body?.seed, undefined);
  });

  it("takes HTTP 500 'output does not match the format' as the model's failure, not retried", async () => {
    const before = server.requests.length;
    server.enqueue({ status: 500, body: unparsedBody }, { body: llamaServerToolCall });
    const result = await backend().generate({
      messages: [{ role: "user", content: "hi" }],
      tools: [eventTool],
    });
    assert.equal(server.requests.length - before, 1, "asked once");
    assert.equal(result.finishReason, "stop");
    const error = result.parts.find((part) => part.type === "tool-call-error");
    assert.ok(error !== undefined && error.type === "tool-call-error");
    assert.equal(error.error.type, "invalid-syntax");
    assert.match(error.error.message, /does not match the expected Hermes 2 Pro format/);
    assert.equal(result.details?.serverRejectedOutput, true);
    server.requests.length = 0;
    // The answer queued second is still there: nothing re-sampled it.
    assert.equal(server.pending, 1);
    await backend().generate({ messages: [{ role: "user", content: "hi" }] });
  });

  it("keeps what streamed before an error event that reports unparseable output, as raw text", async () => {
    const sse = [
      'data: {"choices":[{"index":0,"delta":{"role":"assistant","content":"<tool_call>{\\"na"}}],"object":"chat.completion.chunk"}',
      "",
      `data: ${JSON.stringify(unparsedBody)}`,
      "",
      "",
    ].join("\n");
    server.enqueue({ sse });
    const result = await backend(true).generate({ messages: [{ role: "user", content: "hi" }] });
    assert.equal(result.rawText, '<tool_call>{"na');
    const error = result.parts.find((part) => part.type === "tool-call-error");
    assert.ok(error?.type === "tool-call-error");
    assert.equal(error.error.raw, '<tool_call>{"na');
  });

  it("still retries an ordinary HTTP 500", async () => {
    const before = server.requests.length;
    server.enqueue({ status: 500, body: { error: { message: "slot busy" } } }, { body: llamaServerToolCall });
    const result = await backend().generate({ messages: [{ role: "user", content: "hi" }] });
    assert.equal(server.requests.length - before, 2);
    assert.equal(result.finishReason, "tool-calls");
  });

  it("resends tool schemas with over-long bounds dropped after a grammar refusal, and says so", async () => {
    const refusal = {
      status: 400,
      body: { error: { code: 400, message: "Failed to initialize samplers: failed to parse grammar" } },
    };
    server.enqueue(refusal, { body: llamaServerToolCall }, { body: llamaServerToolCall });
    const model = backend();
    const start = server.requests.length;
    const result = await model.generate({ messages: [{ role: "user", content: "hi" }], tools: [eventTool] });
    assert.equal(result.finishReason, "tool-calls");
    const [refused, resent] = server.requests.slice(start);
    const sentProperties = (body: Record<string, unknown> | undefined) =>
      (
        body?.tools as { function: { parameters: { properties: Record<string, unknown> } } }[] | undefined
      )?.[0]?.function.parameters.properties;
    assert.deepEqual(sentProperties(refused?.body)?.description, { type: "string", maxLength: 2000 });
    assert.deepEqual(sentProperties(resent?.body), {
      title: { type: "string", minLength: 1, maxLength: 200 },
      description: { type: "string" },
      attendees: { type: "array", items: { type: "string" }, maxItems: 50 },
      kind: { enum: [{ maxLength: 5000 }] },
    });
    // Later calls go relaxed at once.
    await model.generate({ messages: [{ role: "user", content: "hi" }], tools: [eventTool] });
    assert.equal(server.requests.length - start, 3);
    assert.deepEqual(model.report?.().relaxedBounds, [
      "create_event /properties/description maxLength 2000",
      "create_event /properties/attendees/items maxLength 300",
    ]);
  });

  it("a grammar refusal with nothing to relax stays a harness error", async () => {
    server.enqueue({ status: 400, body: { error: { message: "failed to parse grammar" } } });
    await assert.rejects(
      backend().generate({
        messages: [{ role: "user", content: "hi" }],
        tools: [{ name: "f", parameters: { type: "object" } }],
      }),
      /HTTP 400: failed to parse grammar/,
    );
  });

  it("takes prefill and decode from llama-server's timings", async () => {
    server.enqueue({ body: llamaServerToolCall });
    const result = await backend().generate({ messages: [{ role: "user", content: "hi" }] });
    assert.equal(result.timing.prefillMs, 95.3);
    // 41 tokens in 345.117 ms: the 40 after the first.
    assert.equal(result.timing.decodeMs, Math.round(((345.117 * 40) / 41) * 10) / 10);
    assert.ok(result.timing.firstTokenMs <= result.timing.totalMs);
  });
});

describe("relaxGrammarBounds", () => {
  it("leaves schemas within the limit as they are (the same object)", () => {
    const tool: ToolDefinition = {
      name: "f",
      parameters: { type: "object", properties: { a: { type: "string", maxLength: 256 } } },
    };
    const relaxed = relaxGrammarBounds([tool]);
    assert.equal(relaxed.tools[0], tool);
    assert.deepEqual(relaxed.relaxed, []);
  });

  it("walks nested subschemas and escapes pointer segments", () => {
    const relaxed = relaxGrammarBounds([
      {
        name: "g",
        parameters: {
          type: "object",
          properties: { "a/b": { anyOf: [{ type: "string", minLength: 3000 }, { type: "null" }] } },
        },
      },
    ]);
    assert.deepEqual(relaxed.relaxed.map(describeRelaxedBound), [
      "g /properties/a~1b/anyOf/0 minLength 3000",
    ]);
  });
});
