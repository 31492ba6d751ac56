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
 * scripted (a random-weight GGUF model) leaves it out and states the scripted cases as exceptions
 * (`skip: unscriptable(reason)`), so every case either runs or is reported skipped with why.
 */
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { summariseParts } from "../messages.js";
import {
  type ConformanceHarness,
  type ConformanceOptions,
  conformanceWeatherTool,
  type ScriptedReply,
} from "./conformance/conformance-harness.test-support.js";
import {
  assertAborted,
  assertWellFormedResult,
  calls,
  collectStream,
  withoutCallIds,
} from "./conformance/result-checks.test-support.js";
import type { GenerateRequest, GenerateResult, ModelBackend } from "./model-backend.js";

export {
  type ConformanceHarness,
  type ConformanceOptions,
  conformanceWeatherTool,
  type ScriptedReply,
  scriptedCaseNames,
  unscriptable,
} from "./conformance/conformance-harness.test-support.js";
export { assertWellFormedResult, collectStream } from "./conformance/result-checks.test-support.js";

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
        assert.ok(
          context.harness.script !== undefined,
          "this backend's output cannot be scripted: state the exception in the suite call's skip, with a reason",
        );
        await run(context);
      });

  const cases: string[] = [];
  /** Registers one case, skipped with its reason when the suite call excuses it. */
  const check = (caseName: string, settings: { timeout: number }, run: () => Promise<void>): void => {
    cases.push(caseName);
    const reason = options.skip?.[caseName];
    if (reason === undefined) it(caseName, settings, run);
    else it(caseName, { ...settings, skip: reason }, run);
  };

  describe(`${name}: ModelBackend conformance`, () => {
    after(async () => {
      if (shared !== undefined) await closeSession(await shared);
    });

    check("describes itself in info", { timeout }, () =>
      withHarness(async ({ backend }) => {
        assert.ok(typeof backend.info.backend === "string" && backend.info.backend !== "", "info.backend");
        assert.equal(typeof backend.info.model, "string", "info.model");
      }),
    );

    check("generate returns a well-formed result", { timeout }, () =>
      withHarness(async ({ backend, request }) => {
        assertWellFormedResult(await backend.generate(request));
      }),
    );

    check(
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

    check(
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

    check(
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

    check("an already-aborted signal rejects with code aborted", { timeout }, () =>
      withHarness(async ({ backend, request }) => {
        await assertAborted(backend.generate(request, { signal: AbortSignal.abort() }));
      }),
    );

    check(
      "aborting a call in flight rejects with aborted (or it completes if already done)",
      { timeout },
      () =>
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

    check("stream yields deltas that add up to rawText, then one finish", { timeout }, () =>
      withHarness(async ({ backend, request }) => {
        if (backend.stream === undefined) return;
        const { text, result } = await collectStream(backend.stream(request));
        assertWellFormedResult(result);
        assert.equal(text, result.rawText);
      }),
    );

    check(
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

    check("stream with an already-aborted signal rejects with aborted", { timeout }, () =>
      withHarness(async ({ backend, request }) => {
        if (backend.stream === undefined) return;
        await assertAborted(collectStream(backend.stream(request, { signal: AbortSignal.abort() })));
      }),
    );

    // Last: with a shared harness this closes the backend the other checks used.
    check("close() is idempotent", { timeout }, () =>
      withHarness(async ({ backend }) => {
        await backend.close();
        await backend.close();
      }),
    );
    it("excuses only cases of the suite (skip names)", () => {
      const unknown = Object.keys(options.skip ?? {}).filter((caseName) => !cases.includes(caseName));
      assert.deepEqual(unknown, [], "skip names cases the suite does not have");
    });
  });
}
