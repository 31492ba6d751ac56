import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import type { GenerateRequest, GenerateResult, ModelBackend } from "../backend/model-backend.js";
import { createReplayBackend } from "../backend/replay-backend.js";
import { stubToolCallFormat } from "../backend/replay-stub-format.test-support.js";
import { EdgecallError } from "../errors.js";
import { createOpenAIServerApp, type OpenAIServerOptions, startOpenAIServer } from "./openai-server.js";

/** The fields of OpenAI's wire objects that these tests read. */
interface Wire {
  id: string;
  object: string;
  model: string;
  choices: { finish_reason: string | null; message: WireMessage; delta: WireMessage }[];
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  edgecall: {
    toolCallErrors: { type: string }[];
    randomWeights: boolean;
    callsLeftOut?: number;
    attempts?: number;
    argumentProblems?: string[];
  };
  error: { message: string; type: string; param: string | null; code: string | null };
  data: { id: string; edgecall: { backend: string } }[];
}
interface WireMessage {
  role?: string;
  content?: string | null;
  reasoning_content?: string;
  tool_calls?: { id: string; type: string; index: number; function: { name: string; arguments: string } }[];
}

/** The first item, which must be there. */
function first<T>(items: readonly T[] | undefined, what: string): T {
  const item = items?.[0];
  assert.ok(item !== undefined, `no ${what}`);
  return item;
}

const directory = mkdtempSync(join(tmpdir(), "edgecall-serve-"));
after(() => rmSync(directory, { recursive: true, force: true }));
let scripts = 0;

/** A replay backend answering `outputs` in order. */
function replay(...outputs: string[]): ModelBackend {
  const path = join(directory, `script-${++scripts}.jsonl`);
  writeFileSync(path, `${outputs.map((output) => JSON.stringify({ output })).join("\n")}\n`);
  return createReplayBackend({ path, format: stubToolCallFormat });
}

/** A model reply of plain text. */
function textResult(text: string, finishReason: GenerateResult["finishReason"]): GenerateResult {
  return {
    rawText: text,
    parts: [{ type: "text", text }],
    finishReason,
    usage: { inputTokens: 3, outputTokens: 2 },
    timing: { firstTokenMs: 1, totalMs: 2 },
  };
}

function app(backend: ModelBackend, options: Partial<OpenAIServerOptions> = {}) {
  return createOpenAIServerApp({ backend, modelName: "tiny", ...options });
}

const weather = {
  type: "function",
  function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } } } },
};
const ask = { messages: [{ role: "user", content: "Weather in Oslo?" }], tools: [weather] };
const callText =
  'Let me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo", "days": 1.0}}\n</tool_call>';

function post(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  };
}

/** The `data:` payloads of an SSE body, `[DONE]` included as a string. */
async function events(response: Response): Promise<unknown[]> {
  const text = await response.text();
  return text
    .split("\n\n")
    .filter((block) => block.startsWith("data: "))
    .map((block) => block.slice("data: ".length))
    .map((data) => (data === "[DONE]" ? data : JSON.parse(data)));
}

describe("edgecall serve: /v1/chat/completions", () => {
  it("answers a call in OpenAI's shape, arguments as the JSON the model wrote", async () => {
    const response = await app(replay(callText)).request("/v1/chat/completions", post(ask));
    assert.equal(response.status, 200);
    const body = (await response.json()) as Wire;
    assert.equal(body.object, "chat.completion");
    assert.equal(body.model, "tiny");
    assert.match(body.id, /^chatcmpl-/);
    const choice = first(body.choices, "choice");
    assert.equal(choice.finish_reason, "tool_calls");
    assert.equal(choice.message.role, "assistant");
    assert.equal(choice.message.content, "Let me check.");
    assert.equal(choice.message.tool_calls?.length, 1);
    const call = first(choice.message.tool_calls, "call");
    assert.equal(call.type, "function");
    assert.match(call.id, /^call_/);
    assert.equal(call.function.name, "get_weather");
    assert.deepEqual(JSON.parse(call.function.arguments), { city: "Oslo", days: 1 });
    assert.ok(body.usage.prompt_tokens > 0);
    assert.equal(body.usage.total_tokens, body.usage.prompt_tokens + body.usage.completion_tokens);
    assert.deepEqual(body.edgecall.toolCallErrors, []);
    assert.equal(body.edgecall.randomWeights, false);
  });

  it("keeps a malformed call as raw text in content and lists its error", async () => {
    const broken = "<tool_call>\n{not json}\n</tool_call>";
    const response = await app(replay(broken)).request("/v1/chat/completions", post(ask));
    const body = (await response.json()) as Wire;
    const choice = first(body.choices, "choice");
    assert.equal(choice.finish_reason, "stop");
    assert.equal(choice.message.tool_calls, undefined);
    assert.equal(choice.message.content, "{not json}");
    assert.equal(body.edgecall.toolCallErrors.length, 1);
    assert.equal(first(body.edgecall.toolCallErrors, "error").type, "invalid-json");
  });

  it("puts reasoning in reasoning_content and returns one call when parallel_tool_calls is false", async () => {
    const two =
      '<think>Two cities.</think><tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>' +
      '<tool_call>{"name": "get_weather", "arguments": {"city": "Rome"}}</tool_call>';
    const response = await app(replay(two, two)).request(
      "/v1/chat/completions",
      post({ ...ask, parallel_tool_calls: false }),
    );
    const body = (await response.json()) as Wire;
    const message = first(body.choices, "choice").message;
    assert.equal(message.reasoning_content, "Two cities.");
    assert.equal(message.content, null);
    assert.equal(message.tool_calls?.length, 1);
    assert.equal(JSON.parse(first(message.tool_calls, "call").function.arguments).city, "Oslo");
    assert.equal(body.edgecall.callsLeftOut, 1);
  });

  it("streams: an opening chunk, the content, each call, the finish, usage, then [DONE]", async () => {
    const response = await app(replay(callText)).request(
      "/v1/chat/completions",
      post({ ...ask, stream: true, stream_options: { include_usage: true } }),
    );
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /text\/event-stream/);
    const received = (await events(response)) as Wire[];
    assert.equal(received.at(-1), "[DONE]");
    const chunks = received.slice(0, -1);
    assert.ok(chunks.every((chunk) => chunk.object === "chat.completion.chunk"));
    assert.equal(new Set(chunks.map((chunk) => chunk.id)).size, 1, "one id for the whole stream");
    assert.deepEqual(first(chunks[0]!.choices, "choice").delta, { role: "assistant", content: "" });
    assert.deepEqual(first(chunks[1]!.choices, "choice").delta, { content: "Let me check." });
    const call = first(first(chunks[2]!.choices, "choice").delta.tool_calls, "call");
    assert.equal(call.index, 0);
    assert.equal(call.function.name, "get_weather");
    assert.deepEqual(JSON.parse(call.function.arguments), { city: "Oslo", days: 1 });
    assert.equal(first(chunks[3]!.choices, "choice").finish_reason, "tool_calls");
    assert.deepEqual(chunks[3]!.edgecall.toolCallErrors, []);
    assert.deepEqual(chunks[4]!.choices, []);
    assert.ok(chunks[4]!.usage.completion_tokens > 0);
    assert.equal(chunks.length, 5);
  });

  it("refuses bad requests with OpenAI's error shape, naming the field", async () => {
    const server = app(replay("unused"));
    const notJson = await server.request("/v1/chat/completions", post("{messages"));
    assert.equal(notJson.status, 400);
    const notJsonBody = (await notJson.json()) as Wire;
    assert.equal(notJsonBody.error.type, "invalid_request_error");
    assert.match(notJsonBody.error.message, /not valid JSON/);

    const badField = await server.request("/v1/chat/completions", post({ ...ask, stop: "" }));
    assert.equal(badField.status, 400);
    const badFieldBody = (await badField.json()) as Wire;
    assert.equal(badFieldBody.error.param, "stop");
    assert.match(badFieldBody.error.message, /^stop: /);

    const noStops = app({ ...replay("x"), capabilities: { constrainedDecoding: false } });
    const refusedStop = await noStops.request("/v1/chat/completions", post({ ...ask, stop: "\n" }));
    assert.equal(refusedStop.status, 400);
    assert.match(
      ((await refusedStop.json()) as Wire).error.message,
      /^stop: the replay backend does not honour/,
    );
    const withStops = await app(replay("one. two")).request(
      "/v1/chat/completions",
      post({ ...ask, stop: ". " }),
    );
    assert.equal(first(((await withStops.json()) as Wire).choices, "choice").message.content, "one");

    const missing = await server.request("/v1/embeddings", post({}));
    assert.equal(missing.status, 404);
    assert.match(((await missing.json()) as Wire).error.message, /POST \/v1\/embeddings/);
  });

  it("refuses an empty body, a wrong method (405 with Allow), and a schema nested too deep, naming them", async () => {
    const server = app(replay("unused"));
    const empty = await server.request("/v1/chat/completions", { method: "POST" });
    assert.equal(empty.status, 400);
    assert.match(((await empty.json()) as Wire).error.message, /the request body is empty/);
    const get = await server.request("/v1/chat/completions");
    assert.equal(get.status, 405);
    assert.equal(get.headers.get("allow"), "POST");
    let deep: Record<string, unknown> = { type: "string" };
    for (let level = 0; level < 1000; level += 1) deep = { type: "object", properties: { a: deep } };
    const nested = await server.request(
      "/v1/chat/completions",
      post({ ...ask, tools: [{ type: "function", function: { name: "f", parameters: deep } }] }),
    );
    assert.equal(nested.status, 400);
    const nestedBody = (await nested.json()) as Wire;
    // 2,000 levels: past the limit on any request's nesting (request-depth.ts), checked first.
    assert.equal(nestedBody.error.param, "tools[0].function.parameters.properties");
    assert.match(nestedBody.error.message, /nested deeper than 128 levels/);
  });

  it("names tools as the fault when the backend cannot use a schema", async () => {
    const refusing: ModelBackend = {
      info: { backend: "test", model: "refusing" },
      generate: async () => {
        throw new EdgecallError("unsupported", "schema at tools[f].a: recursive $ref", {
          subject: "tools[f].a",
        });
      },
      close: async () => {},
    };
    const response = await app(refusing).request("/v1/chat/completions", post(ask));
    assert.equal(response.status, 400);
    assert.equal(((await response.json()) as Wire).error.param, "tools");
  });

  it("refuses a body over the limit with 413", async () => {
    const response = await app(replay("unused"), { maxBodyBytes: 100 }).request(
      "/v1/chat/completions",
      post({ messages: [{ role: "user", content: "x".repeat(500) }] }),
    );
    assert.equal(response.status, 413);
    assert.equal(((await response.json()) as Wire).error.type, "invalid_request_error");
  });

  it("with an API key, /v1 needs it and /health does not", async () => {
    const server = app(replay("Hi."), { apiKey: "s3cret" });
    assert.equal((await server.request("/v1/chat/completions", post(ask))).status, 401);
    assert.equal(
      (await server.request("/v1/chat/completions", post(ask, { authorization: "Bearer wrong" }))).status,
      401,
    );
    assert.equal((await server.request("/v1/models")).status, 401);
    assert.equal((await server.request("/health")).status, 200);
    const allowed = await server.request(
      "/v1/chat/completions",
      post(ask, { authorization: "Bearer s3cret" }),
    );
    assert.equal(allowed.status, 200);
    // The scheme is case-insensitive.
    const lower = app(replay("Hi."), { apiKey: "s3cret" });
    assert.equal(
      (await lower.request("/v1/models", { headers: { authorization: "bearer s3cret" } })).status,
      200,
    );
  });

  it("turns harness errors into 500 (or 400 for a refused request) with the error's code", async () => {
    const exhausted = await app(replay()).request("/v1/chat/completions", post(ask));
    assert.equal(exhausted.status, 500);
    const body = (await exhausted.json()) as Wire;
    assert.equal(body.error.type, "server_error");
    assert.equal(body.error.code, "replay-exhausted");

    const refusing: ModelBackend = {
      info: { backend: "test", model: "refusing" },
      generate: async () => {
        throw new EdgecallError(
          "invalid-argument",
          "the prompt (9000 tokens) does not fit the context (4096)",
        );
      },
      close: async () => {},
    };
    const tooLong = await app(refusing).request("/v1/chat/completions", post(ask));
    assert.equal(tooLong.status, 400);
    assert.match(((await tooLong.json()) as Wire).error.message, /does not fit/);

    const streamed = await app(refusing).request("/v1/chat/completions", post({ ...ask, stream: true }));
    const received = (await events(streamed)) as Wire[];
    assert.equal(received.at(-1), "[DONE]");
    assert.equal(received.at(-2)!.error.code, "invalid-argument");
  });

  it("lists the model and its provenance, and answers /health", async () => {
    const server = app(replay("x"), { modelName: "qwen3.5-0.8b-q4_0" });
    const models = (await (await server.request("/v1/models")).json()) as Wire;
    assert.equal(models.object, "list");
    assert.equal(first(models.data, "model").id, "qwen3.5-0.8b-q4_0");
    assert.equal(first(models.data, "model").edgecall.backend, "replay");
    assert.deepEqual(await (await server.request("/health")).json(), { status: "ok" });
  });

  it("passes the request through: sampling, max tokens, constrained decoding", async () => {
    const seen: GenerateRequest[] = [];
    const recording: ModelBackend = {
      info: { backend: "test", model: "recording" },
      generate: async (request) => {
        seen.push(request);
        return {
          ...textResult("ok", "length"),
          constrained: { attempts: 2, argumentProblems: ["f: /a must be string"] },
        };
      },
      close: async () => {},
    };
    const response = await app(recording, { constrained: true }).request(
      "/v1/chat/completions",
      post({ ...ask, temperature: 0.5, max_tokens: 2 }),
    );
    const body = (await response.json()) as Wire;
    assert.equal(first(body.choices, "choice").finish_reason, "length");
    assert.equal(body.edgecall.attempts, 2);
    assert.deepEqual(body.edgecall.argumentProblems, ["f: /a must be string"]);
    assert.equal(seen[0]!.decoding, "constrained");
    assert.equal(seen[0]!.maxTokens, 2);
    assert.deepEqual(seen[0]!.sampling, { temperature: 0.5 });
  });
});

describe("edgecall serve on a socket", () => {
  it("a client that disconnects aborts its model call", async () => {
    let aborted: () => void = () => {};
    const sawAbort = new Promise<void>((resolve) => {
      aborted = resolve;
    });
    let started: () => void = () => {};
    const sawStart = new Promise<void>((resolve) => {
      started = resolve;
    });
    const waiting: ModelBackend = {
      info: { backend: "test", model: "waiting" },
      generate: (_request, options) =>
        new Promise((_resolve, reject) => {
          started();
          options?.signal?.addEventListener("abort", () => {
            aborted();
            reject(new EdgecallError("aborted", "the model call was aborted"));
          });
        }),
      close: async () => {},
    };
    for (const stream of [false, true]) {
      const server = await startOpenAIServer(app(waiting), "127.0.0.1", 0);
      try {
        const controller = new AbortController();
        const pending = fetch(`${server.url}/v1/chat/completions`, {
          ...post({ ...ask, stream }),
          signal: controller.signal,
        }).then((response) => response.text());
        await sawStart;
        controller.abort();
        await assert.rejects(pending);
        await sawAbort;
      } finally {
        await server.close();
      }
    }
  });

  it("closing lets a request in flight finish", async () => {
    // The reply waits until the server is closing: no timer decides whether the request has
    // arrived yet (a busy machine once let the close come first).
    let arrived!: () => void;
    const inFlight = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    let finish!: () => void;
    const closing = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const slow: ModelBackend = {
      info: { backend: "test", model: "slow" },
      generate: async () => {
        arrived();
        await closing;
        return textResult("done", "stop");
      },
      close: async () => {},
    };
    const server = await startOpenAIServer(app(slow), "127.0.0.1", 0);
    const pending = fetch(`${server.url}/v1/chat/completions`, post(ask));
    await inFlight;
    const closed = server.close();
    finish();
    const response = await pending;
    assert.equal(response.status, 200);
    assert.equal(first(((await response.json()) as Wire).choices, "choice").message.content, "done");
    await closed;
  });

  it("a port in use is a clear error naming the address", async () => {
    const first = await startOpenAIServer(app(replay("x")), "127.0.0.1", 0);
    try {
      const port = Number(new URL(first.url).port);
      await assert.rejects(startOpenAIServer(app(replay("x")), "127.0.0.1", port), (error: unknown) => {
        assert.ok(error instanceof EdgecallError);
        assert.equal(error.code, "invalid-argument");
        assert.match(
          error.message,
          new RegExp(`could not listen on 127\\.0\\.0\\.1:${port}: the port is in use`),
        );
        return true;
      });
    } finally {
      await first.close();
    }
  });
});

describe("edgecall serve: a bounded line", () => {
  it("turns requests past --max-pending away with 503 and Retry-After, and admits again after", async () => {
    const gates: (() => void)[] = [];
    const held: ModelBackend = {
      info: { backend: "stub", model: "stub", format: "json" },
      generate: () =>
        new Promise<GenerateResult>((resolve) => {
          gates.push(() => resolve(textResult("ok", "stop")));
        }),
      async close() {},
    };
    const server = app(held, { maxPending: 2 });
    const simple = { messages: [{ role: "user", content: "hi" }] };
    const running = [
      server.request("/v1/chat/completions", post(simple)),
      server.request("/v1/chat/completions", post({ ...simple, stream: true })),
    ];
    while (gates.length < 2) await new Promise((resolve) => setImmediate(resolve));
    const refused = await server.request("/v1/chat/completions", post(simple));
    assert.equal(refused.status, 503);
    assert.match(refused.headers.get("retry-after") ?? "", /^\d+$/);
    const body = (await refused.json()) as Wire;
    assert.equal(body.error.code, "server_busy");
    assert.match(body.error.message, /2 requests .*--max-pending/);
    for (const open of gates.splice(0)) open();
    const [plain, streamed] = await Promise.all(running);
    assert.equal(plain?.status, 200);
    await streamed?.text();
    const again = server.request("/v1/chat/completions", post(simple));
    while (gates.length < 1) await new Promise((resolve) => setImmediate(resolve));
    gates.shift()?.();
    assert.equal((await again).status, 200, "the line has room again once requests finish");
  });
});
