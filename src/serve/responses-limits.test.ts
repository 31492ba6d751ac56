import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Hono } from "hono";
import type { GenerateResult, ModelBackend } from "../backend/model-backend.js";
import { AdmissionGate } from "./admission-gate.js";
import { ItemStore } from "./item-store.js";
import { createOpenAIServerApp, defaultMaxBodyBytes } from "./openai-server.js";
import { ResponseFormatChecker } from "./response-format.js";
import { createResponsesHandler } from "./responses-route.js";

const mebibyte = 1024 * 1024;

/** A backend answering "ok" and counting its calls. */
function answering(): ModelBackend & { calls: number } {
  const result: GenerateResult = {
    rawText: "ok",
    parts: [{ type: "text", text: "ok" }],
    finishReason: "stop",
    usage: { inputTokens: 1, outputTokens: 1 },
    timing: { firstTokenMs: 1, totalMs: 1 },
  };
  const backend = {
    calls: 0,
    info: { backend: "replay", model: "fake" },
    async generate() {
      backend.calls++;
      return result;
    },
    async *stream() {
      backend.calls++;
      yield { type: "finish" as const, result };
    },
    async close() {},
  };
  return backend as unknown as ModelBackend & { calls: number };
}

/** `/v1/responses` alone, on a store the test can measure. */
function responsesApp(store: ItemStore): Hono {
  const app = new Hono();
  app.post(
    "/v1/responses",
    createResponsesHandler({
      backend: answering(),
      modelName: "fake",
      gate: new AdmissionGate(0),
      keepAliveMs: 10_000,
      checker: new ResponseFormatChecker(),
      constrained: false,
      store,
    }),
  );
  return app;
}

function post(body: unknown): RequestInit {
  return {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  };
}

interface WireError {
  error: { message: string; type: string; param: string | null; code: string | null };
}

describe("/v1/responses: what the server keeps is bounded", () => {
  it("drops unknown fields: 12 requests with a 3 MiB junk field each leave a few KiB held", async () => {
    const store = new ItemStore({ maxBytes: 4 * mebibyte });
    const app = responsesApp(store);
    const junk = "j".repeat(3 * mebibyte);
    for (let index = 0; index < 12; index++) {
      const input = [{ type: "message", role: "user", content: `question ${index}`, junk }];
      const response = await app.request("/v1/responses", post({ input, metadata: {} }));
      assert.equal(response.status, 200);
      assert.ok(store.bytes < 64 * 1024, `${store.bytes} bytes held after ${index + 1} requests`);
    }
  });

  it("stays within its bound when the fields themselves are large, the oldest forgotten first", async () => {
    const store = new ItemStore({ maxBytes: 4 * mebibyte });
    const app = responsesApp(store);
    const ids: string[] = [];
    for (let index = 0; index < 10; index++) {
      const response = await app.request("/v1/responses", post({ input: "x".repeat(mebibyte) }));
      ids.push(((await response.json()) as { id: string }).id);
      assert.ok(store.bytes <= 4 * mebibyte, `${store.bytes} bytes held after ${index + 1} requests`);
    }
    assert.equal(store.conversation(ids[0] ?? ""), undefined);
    const next = await app.request("/v1/responses", post({ input: "more", previous_response_id: ids[9] }));
    assert.equal(next.status, 200);
  });

  it("does not keep a response larger than the bound; continuing it is a 400 naming the field", async () => {
    const store = new ItemStore({ maxBytes: mebibyte });
    const app = responsesApp(store);
    const response = await app.request("/v1/responses", post({ input: "x".repeat(2 * mebibyte) }));
    assert.equal(response.status, 200);
    const { id } = (await response.json()) as { id: string };
    assert.equal(store.bytes, 0);
    const next = await app.request("/v1/responses", post({ input: "more", previous_response_id: id }));
    assert.equal(next.status, 400);
    const body = (await next.json()) as WireError;
    assert.equal(body.error.param, "previous_response_id");
    assert.match(
      body.error.message,
      /no response 'resp_\w+' is held by this server .*1 MiB; one larger than that is not kept/,
    );
  });
});

describe("serve: request bodies past the limit get 413", () => {
  it("defaults to 8 MiB, on every route, in OpenAI's error shape", async () => {
    assert.equal(defaultMaxBodyBytes, 8 * mebibyte);
    const backend = answering();
    const app = createOpenAIServerApp({ backend, modelName: "fake" });
    const big = JSON.stringify({ input: "x".repeat(9 * mebibyte) });
    for (const path of ["/v1/responses", "/v1/chat/completions", "/v1/models", "/health"]) {
      const response = await app.request(path, post(big));
      assert.equal(response.status, 413, path);
      const body = (await response.json()) as WireError;
      assert.equal(body.error.type, "invalid_request_error");
      assert.equal(body.error.code, "request_too_large");
      assert.match(body.error.message, /over the limit of 8 MiB \(--max-body-mib\)/);
    }
    assert.equal(backend.calls, 0);
  });
});
