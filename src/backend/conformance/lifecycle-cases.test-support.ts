/**
 * The conformance cases on a backend's life: it describes itself, and closing twice is harmless
 * (the last case of the suite: with a shared harness it closes the backend the others used).
 */
import assert from "node:assert/strict";
import type { ConformanceCase } from "./conformance-case.test-support.js";

/** `info` names the backend and the model. */
export const describesItselfCase: ConformanceCase = {
  name: "describes itself in info",
  async run({ backend }) {
    assert.ok(typeof backend.info.backend === "string" && backend.info.backend !== "", "info.backend");
    assert.equal(typeof backend.info.model, "string", "info.model");
  },
};

/** `close()` twice resolves. */
export const closeTwiceCase: ConformanceCase = {
  name: "close() is idempotent",
  async run({ backend }) {
    await backend.close();
    await backend.close();
  },
};
