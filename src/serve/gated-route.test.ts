import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { GenerateResult, ModelBackend } from "../backend/model-backend.js";
import { createOpenAIServerApp } from "./openai-server.js";

const ok: GenerateResult = {
  rawText: "ok",
  parts: [{ type: "text", text: "ok" }],
  finishReason: "stop",
  usage: { inputTokens: 1, outputTokens: 1 },
  timing: { firstTokenMs: 1, totalMs: 1 },
};

/** A backend whose calls wait until the test settles them (`fail` throws a harness error). */
function held(): ModelBackend & { settle: ((fail?: boolean) => void)[] } {
  const settle: ((fail?: boolean) => void)[] = [];
  return {
    settle,
    info: { backend: "stub", model: "stub" },
    generate: () =>
      new Promise<GenerateResult>((resolve, reject) => {
        settle.push((fail) => (fail ? reject(new Error("the model broke")) : resolve(ok)));
      }),
    async close() {},
  };
}

function post(body: unknown): RequestInit {
  return { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
}

const chat = { messages: [{ role: "user", content: "hi" }] };
const responses = { input: "hi" };

async function calls(backend: { settle: unknown[] }, count: number): Promise<void> {
  while (backend.settle.length < count) await new Promise((resolve) => setImmediate(resolve));
}

describe("serve: one admission gate for chat completions and responses", () => {
  it("a held chat completion turns a responses request away, and the reverse", async () => {
    const backend = held();
    const app = createOpenAIServerApp({ backend, modelName: "m", maxPending: 1 });
    const holding = app.request("/v1/chat/completions", post(chat));
    await calls(backend, 1);
    const refused = await app.request("/v1/responses", post(responses));
    assert.equal(refused.status, 503);
    assert.match(refused.headers.get("retry-after") ?? "", /^\d+$/);
    assert.equal(((await refused.json()) as { error: { code: string } }).error.code, "server_busy");
    backend.settle.shift()?.();
    assert.equal((await holding).status, 200);

    const streamed = app.request("/v1/responses", post({ ...responses, stream: true }));
    await calls(backend, 1);
    assert.equal((await app.request("/v1/chat/completions", post(chat))).status, 503);
    backend.settle.shift()?.();
    assert.match(await (await streamed).text(), /response\.completed/);
  });

  it("a streamed call that fails gives its place back, on either route", async () => {
    const backend = held();
    const app = createOpenAIServerApp({ backend, modelName: "m", maxPending: 1 });
    for (const [path, body] of [
      ["/v1/chat/completions", chat],
      ["/v1/responses", responses],
    ] as const) {
      const streamed = app.request(path, post({ ...body, stream: true }));
      await calls(backend, 1);
      backend.settle.shift()?.(true);
      const text = await (await streamed).text();
      assert.match(text, /the model broke/);
      if (path === "/v1/chat/completions") assert.match(text, /data: \[DONE\]\n\n$/);
      const next = app.request(path, post(body));
      await calls(backend, 1);
      backend.settle.shift()?.();
      assert.equal((await next).status, 200, `${path}: the line has room again`);
    }
  });

  it("a bad body is answered 400 before it takes a place", async () => {
    const backend = held();
    const app = createOpenAIServerApp({ backend, modelName: "m", maxPending: 1 });
    const holding = app.request("/v1/chat/completions", post(chat));
    await calls(backend, 1);
    const bad = await app.request("/v1/responses", post({ input: 3 }));
    assert.equal(bad.status, 400);
    assert.equal(((await bad.json()) as { error: { param: string } }).error.param, "input");
    backend.settle.shift()?.();
    await holding;
  });
});
