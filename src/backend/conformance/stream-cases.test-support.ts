/**
 * The conformance cases on `stream()`: deltas add up to the result's raw text and one finish ends
 * it, a scripted streamed reply gives the same parts as `generate`, and an already-aborted signal
 * rejects with `aborted`.
 */
import assert from "node:assert/strict";
import { type ConformanceCase, streamOf } from "./conformance-case.test-support.js";
import type { ScriptedReply } from "./conformance-harness.test-support.js";
import {
  assertAborted,
  assertWellFormedResult,
  collectStream,
  withoutCallIds,
} from "./result-checks.test-support.js";

/** The cases, in the order they run. */
export const streamCases: readonly ConformanceCase[] = [
  {
    name: "stream yields deltas that add up to rawText, then one finish",
    needs: ["stream"],
    async run({ backend, request }) {
      const { text, result } = await collectStream(streamOf(backend)(request));
      assertWellFormedResult(result);
      assert.equal(text, result.rawText);
    },
  },
  {
    name: "a scripted streamed reply gives the same parts as generate",
    needs: ["script", "stream"],
    async run({ script, request }) {
      const reply: ScriptedReply = {
        text: "Let me check.",
        toolCalls: [{ name: "get_weather", arguments: { city: "Oslo" } }],
      };
      const backend = await script([reply, reply]);
      const { text, result } = await collectStream(streamOf(backend)(request));
      assertWellFormedResult(result);
      assert.equal(text, result.rawText);
      const whole = await backend.generate(request);
      // Call ids are the server's, fresh in every response (OpenAI's and edgecall serve's).
      assert.deepEqual(withoutCallIds(result.parts), withoutCallIds(whole.parts));
      assert.equal(result.finishReason, "tool-calls");
    },
  },
  {
    name: "stream with an already-aborted signal rejects with aborted",
    needs: ["stream"],
    async run({ backend, request }) {
      await assertAborted(collectStream(streamOf(backend)(request, { signal: AbortSignal.abort() })));
    },
  },
];
