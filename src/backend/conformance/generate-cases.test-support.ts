/**
 * The conformance cases on `generate`: any reply is well formed, and (for a harness that scripts
 * the output) scripted text and calls come back as the right parts, in order, with the right finish.
 */
import assert from "node:assert/strict";
import { summariseParts } from "../../messages.js";
import type { ConformanceCase } from "./conformance-case.test-support.js";
import { assertWellFormedResult, calls } from "./result-checks.test-support.js";

/** The cases, in the order they run. */
export const generateCases: readonly ConformanceCase[] = [
  {
    name: "generate returns a well-formed result",
    async run({ backend, request }) {
      assertWellFormedResult(await backend.generate(request));
    },
  },
  {
    name: "a scripted text reply comes back as text with finish reason stop",
    needs: ["script"],
    async run({ script, request }) {
      const backend = await script([{ text: "It is sunny in Paris today." }]);
      const result = await backend.generate(request);
      assertWellFormedResult(result);
      assert.equal(summariseParts(result.parts).content, "It is sunny in Paris today.");
      assert.equal(result.finishReason, "stop");
    },
  },
  {
    name: "a scripted tool call comes back as a tool-call part",
    needs: ["script"],
    async run({ script, request }) {
      const call = { name: "get_weather", arguments: { city: "Paris", unit: "celsius" } };
      const backend = await script([{ toolCalls: [call] }]);
      const result = await backend.generate(request);
      assertWellFormedResult(result);
      assert.deepEqual(calls(result), [call]);
      assert.equal(result.finishReason, "tool-calls");
    },
  },
  {
    name: "scripted replies are served in order, several calls kept in order",
    needs: ["script"],
    async run({ script, request }) {
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
    },
  },
];
