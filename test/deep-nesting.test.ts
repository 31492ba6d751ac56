/**
 * Model output nested 20,000 levels deep, end to end: through runAgent and the guarded executor in
 * every format (a typed tool-call error, the run goes on), from a backend that does not cap depth
 * itself, and through the eval runner, whose stored result and response cache must be writable
 * and readable again (a crash there made `eval --resume` die at the same sample forever).
 */
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { writeReplayScript } from "../src/agent/replay-script.test-support.js";
import { runAgent } from "../src/agent/run-agent.js";
import type { ModelBackend } from "../src/backend/model-backend.js";
import { createReplayBackend } from "../src/backend/replay-backend.js";
import { ResponseCache } from "../src/eval/response-cache.js";
import { ResultStore } from "../src/eval/result-store.js";
import { planRun } from "../src/eval/run-plan.js";
import { runSamples } from "../src/eval/runner.js";
import type { Suite } from "../src/eval/suite.js";
import { deepNesting, deepOutputs } from "../src/formats/deep-nesting.test-support.js";
import { formatNames, getFormat } from "../src/formats/registry.js";
import { createGuardedExecutor } from "../src/guards/guarded-executor.js";
import { capOutput } from "../src/guards/output-cap.js";
import { ToolRegistry } from "../src/tools/tool-registry.js";

const { depth, deepArray, deepObject, deepDict } = deepNesting;

function deepValue(): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
}

function registry(ran: unknown[]): ToolRegistry {
  const tools = new ToolRegistry();
  tools.register<{ x?: unknown }>({
    definition: {
      name: "f",
      parameters: { type: "object", properties: { x: { type: "array" }, y: { type: "object" } } },
    },
    sideEffect: "write",
    async execute(input) {
      ran.push(input);
      return { ok: true };
    },
  });
  tools.register<Record<string, never>>({
    definition: { name: "deep_output", parameters: { type: "object" } },
    sideEffect: "read",
    async execute() {
      return deepValue();
    },
  });
  return tools;
}

describe("20,000-deep model output through runAgent", () => {
  for (const format of formatNames) {
    it(`${format}: a typed tool-call error goes back to the model; nothing runs, nothing throws`, async () => {
      const outputs = [
        ...deepOutputs(format, deepArray, deepArray),
        ...deepOutputs(format, deepObject, deepDict),
      ];
      for (const output of outputs) {
        const ran: unknown[] = [];
        const backend = createReplayBackend({
          path: writeReplayScript([output, "I could not make that call."]),
          format: getFormat(format),
        });
        const transcript = await runAgent({
          backend,
          executor: createGuardedExecutor({ registry: registry(ran), policy: "approve" }),
          messages: [{ role: "user", content: "call f" }],
        });
        // A tail of 20,000 closing brackets is also degenerate output: that detector may stop the run.
        const stuck = transcript.stopReason === "stuck";
        assert.ok(stuck || transcript.stopReason === "final", `${format}: ${transcript.stopReason}`);
        if (stuck) assert.equal(transcript.stuck?.detector, "repetitive-output");
        assert.equal(transcript.steps[0]?.calls.length, 0);
        assert.equal(transcript.steps[0]?.parseErrors.length, 1);
        assert.match(transcript.steps[0]?.parseErrors[0]?.message ?? "", /nested (deeper|too deeply)/);
        assert.equal(transcript.totals.invalidCalls, stuck ? 0 : 1);
        assert.deepEqual(ran, []);
        if (!stuck) assert.match(transcript.messages[2]?.content ?? "", /^\[tool error\]/);
        assert.doesNotThrow(() => JSON.stringify(transcript));
      }
    });
  }

  it("screens calls from a backend that does not cap depth, and the guards refuse deep arguments", async () => {
    const ran: unknown[] = [];
    let calls = 0;
    const backend: ModelBackend = {
      info: { backend: "stub", model: "stub", format: "json" },
      async generate() {
        calls += 1;
        return {
          parts:
            calls === 1
              ? [{ type: "tool-call", toolCall: { name: "f", arguments: { x: [deepValue()] } } }]
              : [{ type: "text", text: "done" }],
          rawText: "",
          finishReason: calls === 1 ? "tool-calls" : "stop",
          usage: { inputTokens: 1, outputTokens: 1 },
          timing: { totalMs: 1 },
        };
      },
      async close() {},
    } as unknown as ModelBackend;
    const executor = createGuardedExecutor({ registry: registry(ran), policy: "approve" });
    const transcript = await runAgent({ backend, executor, messages: [{ role: "user", content: "go" }] });
    assert.equal(transcript.stopReason, "final");
    assert.equal(transcript.steps[0]?.parseErrors[0]?.type, "invalid-arguments");
    assert.doesNotThrow(() => JSON.stringify(transcript));

    const direct = await executor.execute({ name: "f", arguments: { x: [deepValue()] } });
    assert.equal(!direct.ok && direct.error.type, "invalid-arguments");
    assert.match(!direct.ok ? direct.error.message : "", /nested deeper than 64 levels/);
    const output = await executor.execute({ name: "deep_output", arguments: {} });
    assert.equal(output.ok && output.output, "[output not shown: nested deeper than 64 levels]");
    assert.equal(capOutput(deepValue()), "[output not shown: nested deeper than 64 levels]");
    assert.deepEqual(ran, []);
  });
});

describe("20,000-deep model output through the eval runner", () => {
  it("is recorded as a failed sample, cached, and a resumed run finds it done", async () => {
    const suite: Suite<string> = {
      name: "stub:deep",
      version: "1",
      categories: ["deep"],
      samples: () => [
        {
          id: "deep-1",
          suite: "stub:deep",
          category: "deep",
          messages: [{ role: "user", content: "call f" }],
          tools: [{ name: "f", parameters: { type: "object", properties: { x: { type: "array" } } } }],
          target: "f",
          metadata: {},
        },
      ],
      scorer: {
        score: (_sample, transcript) => {
          const parts = transcript.turns.at(-1)?.parts ?? [];
          const called = parts.some((part) => part.type === "tool-call");
          return called ? { passed: true, explanation: "called" } : { passed: false, explanation: "no call" };
        },
      },
    };
    const folder = mkdtempSync(join(tmpdir(), "edgecall-deep-"));
    const plan = await planRun([suite], {});
    const settings = { seed: 1, maxTokens: 64, decoding: "free" as const, toolChoice: "auto" as const };
    const model = { identity: "replay:deep", format: "json", edgecallVersion: "0", backendVersion: "0" };
    const script = writeReplayScript([
      { id: "deep-1", output: deepOutputs("json", deepArray, deepArray)[0] ?? "" },
    ]);
    const store = ResultStore.open(join(folder, "results.sqlite"));
    const cache = ResponseCache.open(join(folder, "responses.sqlite"));
    const backend = () => createReplayBackend({ path: script, format: getFormat("json") });
    const run = () =>
      runSamples({ backend: backend(), items: plan, store, settings, cache: { cache, model } });
    const first = await run();
    assert.deepEqual(first, { completed: 1, pending: 0, duplicates: 0, interrupted: false });
    const [result] = store.all();
    assert.equal(result?.passed, false);
    assert.equal(result?.parseFailure, true);
    const resumed = await run();
    assert.deepEqual(resumed, { completed: 0, pending: 0, duplicates: 1, interrupted: false });
    store.close();
    cache.close();
  });
});
