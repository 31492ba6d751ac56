import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { isEdgecallError } from "../../errors.js";
import { renderChatTemplate } from "../../formats/chat-template.js";
import { llama3Template } from "../../gguf/synth/templates/llama3.js";
import { qwen3Template } from "../../gguf/synth/templates/qwen3.js";
import { createLlamaServerBackend, llamaServerRoot } from "./backend.js";

/**
 * A stand-in for llama-server's /props and /completion, recording the completion bodies. A
 * `content` of `{ error }` answers /completion with HTTP 500 and that message, as llama-server does.
 */
async function startFakeLlamaServer(template: string, content: string | { error: string }) {
  const bodies: Record<string, unknown>[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      response.setHeader("content-type", "application/json");
      if (request.url === "/props") {
        response.end(
          JSON.stringify({
            chat_template: template,
            bos_token: "<s>",
            eos_token: "</s>",
            build_info: "b1-test",
          }),
        );
        return;
      }
      if (request.url === "/completion") {
        bodies.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>);
        if (typeof content !== "string") {
          response.statusCode = 500;
          response.end(
            JSON.stringify({ error: { code: 500, message: content.error, type: "server_error" } }),
          );
          return;
        }
        response.end(
          JSON.stringify({
            content,
            stop_type: "eos",
            timings: { prompt_n: 90, prompt_ms: 30, predicted_n: 11, predicted_ms: 50, cache_n: 10 },
          }),
        );
        return;
      }
      response.statusCode = 404;
      response.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    root: `http://127.0.0.1:${port}`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const tool = {
  name: "get_weather",
  description: "Weather for a city.",
  parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
};

describe("llama-server: raw /completion backend", () => {
  let fake: Awaited<ReturnType<typeof startFakeLlamaServer>>;
  before(async () => {
    fake = await startFakeLlamaServer(
      qwen3Template,
      '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>',
    );
  });
  after(() => fake.close());

  it("renders the server's template itself, sends greedy sampling, parses with edgecall's parser", async () => {
    const backend = await createLlamaServerBackend({ baseUrl: `${fake.root}/v1/` });
    assert.equal(backend.info.format, "qwen3");
    assert.equal(backend.info.backendVersion, "b1-test");
    const messages = [{ role: "user" as const, content: "Weather in Oslo?" }];
    const result = await backend.generate({ messages, tools: [tool], sampling: { seed: 3 }, maxTokens: 64 });
    const expected = renderChatTemplate(qwen3Template, messages, [tool], {
      bosToken: "<s>",
      eosToken: "</s>",
    });
    assert.equal(result.renderedPrompt, expected);
    const body = fake.bodies.at(-1);
    assert.equal(body?.prompt, expected);
    assert.equal(body?.temperature, 0);
    assert.equal(body?.seed, 3);
    assert.equal(body?.n_predict, 64);
    assert.equal(body?.cache_prompt, true);
    assert.deepEqual(result.parts, [
      { type: "tool-call", toolCall: { name: "get_weather", arguments: { city: "Oslo" } } },
    ]);
    assert.equal(result.finishReason, "tool-calls");
    assert.deepEqual(result.usage, { inputTokens: 100, outputTokens: 11, cachedInputTokens: 10 });
    assert.equal(result.timing.prefillMs, 30);
    assert.equal(result.timing.decodeMs, 45.5);
  });

  it("passes the template variables to its own rendering", async () => {
    const backend = await createLlamaServerBackend({
      baseUrl: fake.root,
      templateVariables: { enableThinking: false },
    });
    const result = await backend.generate({ messages: [{ role: "user", content: "hi" }] });
    assert.match(result.renderedPrompt ?? "", /<think>\s*<\/think>/);
  });

  it("says what is wrong when the URL is not a llama-server", async () => {
    const unreachable = "http://127.0.0.1:9";
    await assert.rejects(
      createLlamaServerBackend({ baseUrl: unreachable, timeoutMs: 2000 }),
      (error: unknown) => isEdgecallError(error, "backend-unreachable"),
    );
  });

  it("uses date_string where the template reads it", async () => {
    const llama = await startFakeLlamaServer(llama3Template, "Hello.");
    try {
      const backend = await createLlamaServerBackend({
        baseUrl: llama.root,
        templateVariables: { dateString: "01 Jan 2030" },
      });
      const result = await backend.generate({ messages: [{ role: "user", content: "hi" }] });
      assert.match(result.renderedPrompt ?? "", /Today Date: 01 Jan 2030/);
      assert.equal(backend.info.format, "llama3");
      assert.deepEqual(result.parts, [{ type: "text", text: "Hello." }]);
    } finally {
      await llama.close();
    }
  });

  it("scores the server's refusal of its own output as malformed output, once, not as a harness error", async () => {
    const refusal = "The model produced output that does not match the expected Content-only format";
    const refusing = await startFakeLlamaServer(qwen3Template, { error: refusal });
    try {
      const backend = await createLlamaServerBackend({ baseUrl: refusing.root });
      const result = await backend.generate({ messages: [{ role: "user", content: "hi" }], tools: [tool] });
      assert.equal(refusing.bodies.length, 1, "not retried");
      assert.equal(result.rawText, "");
      assert.equal(result.parts.length, 1);
      const [part] = result.parts;
      assert.equal(part?.type, "tool-call-error");
      assert.match(part?.type === "tool-call-error" ? part.error.message : "", /Content-only format/);
      assert.equal(result.details?.serverRejectedOutput, true);
      assert.match(result.renderedPrompt ?? "", /<\|im_start\|>user\nhi/);
    } finally {
      await refusing.close();
    }
  });

  it("still fails a call on any other server error", async () => {
    const broken = await startFakeLlamaServer(qwen3Template, { error: "slot unavailable" });
    try {
      const backend = await createLlamaServerBackend({ baseUrl: broken.root });
      // A 500 is retried twice (about 1.5 s of backoff), then fails the call.
      await assert.rejects(
        backend.generate({ messages: [{ role: "user", content: "hi" }] }),
        (error: unknown) => isEdgecallError(error, "backend-http"),
      );
      assert.equal(broken.bodies.length, 3);
    } finally {
      await broken.close();
    }
  });

  it("drops a trailing /v1 from the URL", () => {
    assert.equal(llamaServerRoot("http://h:8080/v1/"), "http://h:8080");
    assert.equal(llamaServerRoot("http://h:8080"), "http://h:8080");
  });
});

describe("llama-server: a whole call's deadline", () => {
  // The test's timeout only detects a hang (the call used to wait forever); nothing measures time.
  it("ends a /completion that drips bytes forever with backend-timeout (--request-timeout)", {
    timeout: 30_000,
  }, async () => {
    const open = new Set<ServerResponse>();
    const server = createServer((request: IncomingMessage, response: ServerResponse) => {
      request.resume();
      request.on("end", () => {
        response.setHeader("content-type", "application/json");
        if (request.url === "/props") {
          response.end(JSON.stringify({ chat_template: qwen3Template, build_info: "b1-test" }));
          return;
        }
        response.write("{");
        open.add(response);
        const timer = setInterval(() => response.write(" "), 20);
        response.on("close", () => {
          clearInterval(timer);
          open.delete(response);
        });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const backend = await createLlamaServerBackend({
        baseUrl: `http://127.0.0.1:${port}`,
        timeoutMs: 60_000,
        requestTimeoutMs: 1_000,
      });
      await assert.rejects(backend.generate({ messages: [{ role: "user", content: "Hi" }] }), (error) => {
        assert.ok(isEdgecallError(error, "backend-timeout"), String(error));
        assert.match(error.message, /--request-timeout/);
        return true;
      });
    } finally {
      for (const response of open) response.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
