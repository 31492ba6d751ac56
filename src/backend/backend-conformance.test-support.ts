/**
 * The shared ModelBackend conformance suite. Every backend runs the same checks from its own
 * `*-conformance.test.ts`:
 *
 * ```ts
 * runBackendConformance("replay", async () => ({ backend, script: async (replies) => ..., dispose }));
 * ```
 *
 * `makeHarness` is called once per check, so each check starts from a fresh backend (or once in all,
 * with `shareHarness`). A harness whose
 * output can be scripted (replay, an HTTP fixture server) provides `script`, and the suite then also
 * checks that scripted text and calls come back as parts; a harness whose exact output cannot be
 * scripted (a random-weight GGUF model) leaves it out and gets the shape checks only.
 */
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { type ContentPart, summariseParts, type ToolCall, type ToolDefinition } from "../messages.js";
import type { GenerateRequest, GenerateResult, ModelBackend, StreamEvent } from "./model-backend.js";

/** A reply a scriptable harness makes its backend produce, in the backend's own way. */
export interface ScriptedReply {
  /** Visible text of the reply. */
  text?: string;
  /** Calls the reply holds, after the text. */
  toolCalls?: ToolCall[];
  /** The reply must take at least this long (the abort checks use it to catch a call in flight). */
  delayMs?: number;
}

/** What a backend under test is run with. */
export interface ConformanceHarness {
  backend: ModelBackend;
  /**
   * Makes the next calls answer with `replies`, in order, and returns the backend to call: the same
   * one, or a fresh one for backends that read their script when created (the suite closes both).
   * Leave out when the backend's exact output cannot be scripted.
   */
  script?: (replies: ScriptedReply[]) => Promise<ModelBackend>;
  /** Merged into every request the suite sends (e.g. a small `maxTokens` for a real model). */
  request?: Partial<GenerateRequest>;
  /** Frees what the harness made (servers, files); called after the backends are closed. */
  dispose?: () => Promise<void>;
}

/** Suite options. */
export interface ConformanceOptions {
  /** Per-check timeout. Default 30000. */
  timeoutMs?: number;
  /**
   * Make one harness for all checks (for backends slow to load, such as a GGUF model) instead of one
   * per check; everything is closed after the last check, which is the `close()` check.
   */
  shareHarness?: boolean;
}

/** The tool the suite offers. */
export const conformanceWeatherTool: ToolDefinition = {
  name: "get_weather",
  description: "Current weather for a city.",
  parameters: {
    type: "object",
    properties: { city: { type: "string" }, unit: { type: "string", enum: ["celsius", "fahrenheit"] } },
    required: ["city"],
  },
};

const ERROR_TYPES = new Set([
  "invalid-json",
  "invalid-syntax",
  "truncated",
  "missing-close-tag",
  "missing-name",
  "invalid-arguments",
]);

function assertPart(part: ContentPart, where: string): void {
  switch (part.type) {
    case "text":
    case "reasoning":
      assert.equal(typeof part.text, "string", `${where}: text must be a string`);
      return;
    case "tool-call": {
      const call = part.toolCall;
      assert.ok(typeof call.name === "string" && call.name !== "", `${where}: a call needs a name`);
      assert.ok(
        typeof call.arguments === "object" && call.arguments !== null && !Array.isArray(call.arguments),
        `${where}: arguments must be an object`,
      );
      if (call.id !== undefined) assert.equal(typeof call.id, "string", `${where}: id must be a string`);
      return;
    }
    case "tool-call-error":
      assert.ok(ERROR_TYPES.has(part.error.type), `${where}: unknown error type ${part.error.type}`);
      assert.equal(typeof part.error.message, "string", `${where}: error message must be a string`);
      assert.equal(typeof part.error.raw, "string", `${where}: error raw must be a string`);
      return;
    default:
      assert.fail(`${where}: unknown part type ${(part as { type: unknown }).type}`);
  }
}

/** Parts with tool-call ids left out. */
function withoutCallIds(parts: readonly ContentPart[]): ContentPart[] {
  return parts.map((part) => {
    if (part.type !== "tool-call") return part;
    const { id: _id, ...call } = part.toolCall;
    return { type: "tool-call", toolCall: call };
  });
}

function assertMilliseconds(value: unknown, name: string): void {
  assert.ok(
    typeof value === "number" && Number.isFinite(value) && value >= 0,
    `${name} must be >= 0, got ${value}`,
  );
}

/** Asserts the GenerateResult contract: parts, finish reason consistent with them, usage and timing. */
export function assertWellFormedResult(result: GenerateResult): void {
  assert.equal(typeof result.rawText, "string", "rawText must be a string");
  assert.ok(Array.isArray(result.parts), "parts must be an array");
  result.parts.forEach((part, index) => {
    assertPart(part, `parts[${index}]`);
  });
  const hasCall = result.parts.some((part) => part.type === "tool-call");
  assert.ok(
    ["stop", "tool-calls", "length", "error"].includes(result.finishReason),
    `finishReason ${result.finishReason}`,
  );
  if (result.finishReason === "tool-calls")
    assert.ok(hasCall, "finishReason tool-calls without a tool-call part");
  if (result.finishReason === "stop") assert.ok(!hasCall, "finishReason stop with a tool-call part");
  for (const key of ["inputTokens", "outputTokens"] as const) {
    const count = result.usage[key];
    assert.ok(
      Number.isInteger(count) && count >= 0,
      `usage.${key} must be a non-negative integer, got ${count}`,
    );
  }
  assertMilliseconds(result.timing.firstTokenMs, "timing.firstTokenMs");
  assertMilliseconds(result.timing.totalMs, "timing.totalMs");
  assert.ok(
    result.timing.firstTokenMs <= result.timing.totalMs,
    "timing.firstTokenMs must be <= timing.totalMs",
  );
  for (const key of ["prefillMs", "decodeMs", "loadMs"] as const) {
    if (result.timing[key] !== undefined) assertMilliseconds(result.timing[key], `timing.${key}`);
  }
}

/** Drains a stream, checking the event protocol; returns the deltas' text and the final result. */
export async function collectStream(
  events: AsyncIterable<StreamEvent>,
): Promise<{ text: string; result: GenerateResult }> {
  let text = "";
  let result: GenerateResult | undefined;
  for await (const event of events) {
    assert.equal(result, undefined, "no event may follow the finish event");
    if (event.type === "text-delta") {
      assert.equal(typeof event.text, "string");
      text += event.text;
    } else {
      assert.equal(event.type, "finish", `unknown stream event ${(event as { type: unknown }).type}`);
      result = event.result;
    }
  }
  assert.ok(result !== undefined, "the stream must end with a finish event");
  return { text, result };
}

async function assertAborted(promise: Promise<unknown>): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(isEdgecallError(error, "aborted"), `expected EdgecallError "aborted", got ${String(error)}`);
    return true;
  });
}

function calls(result: GenerateResult): ToolCall[] {
  return summariseParts(result.parts).toolCalls.map((call) => ({
    name: call.name,
    arguments: call.arguments,
  }));
}

/** Registers the conformance checks for one backend as a node:test `describe` block. */
export function runBackendConformance(
  name: string,
  makeHarness: () => Promise<ConformanceHarness>,
  options: ConformanceOptions = {},
): void {
  const timeout = options.timeoutMs ?? 30_000;

  interface Session {
    harness: ConformanceHarness;
    opened: Set<ModelBackend>;
  }
  let shared: Promise<Session> | undefined;

  async function openSession(): Promise<Session> {
    const harness = await makeHarness();
    return { harness, opened: new Set<ModelBackend>([harness.backend]) };
  }

  async function closeSession(session: Session): Promise<void> {
    for (const backend of session.opened) await backend.close();
    await session.harness.dispose?.();
  }

  /** Runs `body` with a harness (fresh per check unless shared), closing what it opened. */
  async function withHarness(
    body: (context: {
      harness: ConformanceHarness;
      backend: ModelBackend;
      request: GenerateRequest;
      script: (replies: ScriptedReply[]) => Promise<ModelBackend>;
    }) => Promise<void>,
  ): Promise<void> {
    if (options.shareHarness) shared ??= openSession();
    const session = options.shareHarness ? await shared! : await openSession();
    const { harness } = session;
    const request: GenerateRequest = {
      messages: [
        { role: "system", content: "You are a helpful assistant." },
        { role: "user", content: "What is the weather in Paris?" },
      ],
      tools: [conformanceWeatherTool],
      sampleId: "conformance",
      ...harness.request,
    };
    const script = async (replies: ScriptedReply[]): Promise<ModelBackend> => {
      assert.ok(harness.script !== undefined, "harness cannot script output");
      const backend = await harness.script(replies);
      session.opened.add(backend);
      return backend;
    };
    try {
      await body({ harness, backend: harness.backend, request, script });
    } finally {
      if (!options.shareHarness) await closeSession(session);
    }
  }

  const scriptable =
    (run: (context: Parameters<Parameters<typeof withHarness>[0]>[0]) => Promise<void>) => () =>
      withHarness(async (context) => {
        if (context.harness.script === undefined) return; // Shape checks only for unscriptable backends.
        await run(context);
      });

  describe(`${name}: ModelBackend conformance`, () => {
    after(async () => {
      if (shared !== undefined) await closeSession(await shared);
    });

    it("describes itself in info", { timeout }, () =>
      withHarness(async ({ backend }) => {
        assert.ok(typeof backend.info.backend === "string" && backend.info.backend !== "", "info.backend");
        assert.equal(typeof backend.info.model, "string", "info.model");
      }),
    );

    it("generate returns a well-formed result", { timeout }, () =>
      withHarness(async ({ backend, request }) => {
        assertWellFormedResult(await backend.generate(request));
      }),
    );

    it(
      "a scripted text reply comes back as text with finish reason stop",
      { timeout },
      scriptable(async ({ script, request }) => {
        const backend = await script([{ text: "It is sunny in Paris today." }]);
        const result = await backend.generate(request);
        assertWellFormedResult(result);
        assert.equal(summariseParts(result.parts).content, "It is sunny in Paris today.");
        assert.equal(result.finishReason, "stop");
      }),
    );

    it(
      "a scripted tool call comes back as a tool-call part",
      { timeout },
      scriptable(async ({ script, request }) => {
        const call = { name: "get_weather", arguments: { city: "Paris", unit: "celsius" } };
        const backend = await script([{ toolCalls: [call] }]);
        const result = await backend.generate(request);
        assertWellFormedResult(result);
        assert.deepEqual(calls(result), [call]);
        assert.equal(result.finishReason, "tool-calls");
      }),
    );

    it(
      "scripted replies are served in order, several calls kept in order",
      { timeout },
      scriptable(async ({ script, request }) => {
        const first = [
          { name: "get_weather", arguments: { city: "Paris" } },
          { name: "get_weather", arguments: { city: "Lyon", unit: "fahrenheit" } },
        ];
        const backend = await script([
          { text: "Checking both.", toolCalls: first },
          { text: "Paris 21°C, Lyon 70°F." },
        ]);
        const one = await backend.generate(request);
        assert.deepEqual(calls(one), first);
        assert.equal(summariseParts(one.parts).content, "Checking both.");
        const two = await backend.generate(request);
        assert.equal(summariseParts(two.parts).content, "Paris 21°C, Lyon 70°F.");
        assert.equal(two.finishReason, "stop");
      }),
    );

    it("an already-aborted signal rejects with code aborted", { timeout }, () =>
      withHarness(async ({ backend, request }) => {
        await assertAborted(backend.generate(request, { signal: AbortSignal.abort() }));
      }),
    );

    it("aborting a call in flight rejects with aborted (or it completes if already done)", { timeout }, () =>
      withHarness(async ({ harness, backend, request, script }) => {
        // The scripted reply takes twice the check's timeout: only an abort that takes effect while
        // the call waits can settle it before the check times out (a hang detector, not a speed goal).
        const target =
          harness.script === undefined ? backend : await script([{ text: "slow", delayMs: 2 * timeout }]);
        const controller = new AbortController();
        const pending = target.generate(request, { signal: controller.signal });
        setTimeout(() => controller.abort(), 30);
        if (harness.script === undefined) {
          const outcome = await pending.then(
            (result) => result,
            (error: unknown) => error,
          );
          if (outcome instanceof Error)
            assert.ok(isEdgecallError(outcome, "aborted"), `got ${String(outcome)}`);
          else assertWellFormedResult(outcome as GenerateResult);
          return;
        }
        await assertAborted(pending);
      }),
    );

    it("stream yields deltas that add up to rawText, then one finish", { timeout }, () =>
      withHarness(async ({ backend, request }) => {
        if (backend.stream === undefined) return;
        const { text, result } = await collectStream(backend.stream(request));
        assertWellFormedResult(result);
        assert.equal(text, result.rawText);
      }),
    );

    it(
      "a scripted streamed reply gives the same parts as generate",
      { timeout },
      scriptable(async ({ script, request }) => {
        const reply: ScriptedReply = {
          text: "Let me check.",
          toolCalls: [{ name: "get_weather", arguments: { city: "Oslo" } }],
        };
        const backend = await script([reply, reply]);
        if (backend.stream === undefined) return;
        const { text, result } = await collectStream(backend.stream(request));
        assertWellFormedResult(result);
        assert.equal(text, result.rawText);
        const whole = await backend.generate(request);
        // Call ids are the server's, fresh in every response (OpenAI's and edgecall serve's).
        assert.deepEqual(withoutCallIds(result.parts), withoutCallIds(whole.parts));
        assert.equal(result.finishReason, "tool-calls");
      }),
    );

    it("stream with an already-aborted signal rejects with aborted", { timeout }, () =>
      withHarness(async ({ backend, request }) => {
        if (backend.stream === undefined) return;
        await assertAborted(collectStream(backend.stream(request, { signal: AbortSignal.abort() })));
      }),
    );

    // Last: with a shared harness this closes the backend the other checks used.
    it("close() is idempotent", { timeout }, () =>
      withHarness(async ({ backend }) => {
        await backend.close();
        await backend.close();
      }),
    );
  });
}
