/**
 * The conformance cases on aborting `generate`: an already-aborted signal rejects with `aborted`; an
 * abort while a call is in flight settles it (for a harness that scripts a slow reply: rejects it
 * with `aborted`, before the case's timeout).
 */
import assert from "node:assert/strict";
import { isEdgecallError } from "../../errors.js";
import type { ConformanceCase } from "./conformance-case.test-support.js";
import { assertAborted, assertWellFormedResult } from "./result-checks.test-support.js";

/** Milliseconds after the call starts that the in-flight cases abort it. */
const abortAfterMs = 30;

/** The cases, in the order they run. */
export const abortCases: readonly ConformanceCase[] = [
  {
    name: "an already-aborted signal rejects with code aborted",
    async run({ backend, request }) {
      await assertAborted(backend.generate(request, { signal: AbortSignal.abort() }));
    },
  },
  {
    name: "aborting a call in flight settles it: aborted, or a well-formed result if it was done",
    async run({ backend, request }) {
      const controller = new AbortController();
      const pending = backend.generate(request, { signal: controller.signal });
      setTimeout(() => controller.abort(), abortAfterMs);
      const outcome = await pending.then(
        (result) => ({ result }),
        (error: unknown) => ({ error }),
      );
      if ("error" in outcome)
        assert.ok(isEdgecallError(outcome.error, "aborted"), `got ${String(outcome.error)}`);
      else assertWellFormedResult(outcome.result);
    },
  },
  {
    name: "aborting a slow scripted call in flight rejects with aborted",
    needs: ["script"],
    async run({ script, request, timeoutMs }) {
      // The reply takes twice the case's timeout: only an abort that takes effect while the call
      // waits can settle it before the case times out (a hang detector, not a speed goal).
      const backend = await script([{ text: "slow", delayMs: 2 * timeoutMs }]);
      const controller = new AbortController();
      const pending = backend.generate(request, { signal: controller.signal });
      setTimeout(() => controller.abort(), abortAfterMs);
      await assertAborted(pending);
    },
  },
];
