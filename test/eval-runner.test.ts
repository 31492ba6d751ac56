import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import type { GenerateRequest, GenerateResult, ModelBackend } from "../src/backend/model-backend.js";
import { EdgecallError } from "../src/errors.js";
import { ResponseCache } from "../src/eval/response-cache.js";
import { ResultStore } from "../src/eval/result-store.js";
import { planRun } from "../src/eval/run-plan.js";
import { type RequestSettings, runSamples } from "../src/eval/runner.js";
import type { Sample, Suite } from "../src/eval/suite.js";
import { summarise } from "../src/eval/summary.js";
import { wilsonInterval } from "../src/stats/wilson.js";

const settings: RequestSettings = { seed: 10, maxTokens: 64, decoding: "free", toolChoice: "auto" };

/** A suite of `count` samples; sample i expects a call to `tool_i`. */
function stubSuite(count: number, scorerThrowsFor?: string): Suite<string> {
  const samples: Sample<string>[] = Array.from({ length: count }, (_, index) => ({
    id: `s${index}`,
    suite: "stub:suite",
    category: index % 2 === 0 ? "even" : "odd",
    messages: [{ role: "user", content: `call tool_${index}` }],
    tools: [{ name: `tool_${index}`, parameters: { type: "object", properties: {} } }],
    target: `tool_${index}`,
    metadata: { index },
  }));
  return {
    name: "stub:suite",
    version: "1",
    categories: ["even", "odd"],
    samples: () => samples,
    scorer: {
      score(sample, transcript) {
        if (sample.id === scorerThrowsFor) throw new Error("scorer bug");
        const parts = transcript.turns.at(-1)?.parts ?? [];
        const called = parts.some(
          (part) => part.type === "tool-call" && part.toolCall.name === sample.target,
        );
        return called
          ? { passed: true, explanation: "called" }
          : { passed: false, explanation: "no call", errorType: "no-call" };
      },
    },
  };
}

interface StubBackend extends ModelBackend {
  requests: GenerateRequest[];
  maxInFlight: number;
}

/**
 * A backend that calls the requested tool, except: ids in `wrong` answer in text, `failing` ids
 * throw a harness error, and seeds in `failSeeds` answer wrongly (for repeats).
 */
function stubBackend(
  options: {
    delayMs?: number;
    failing?: string[];
    wrong?: string[];
    failSeeds?: Record<string, number[]>;
  } = {},
): StubBackend {
  let inFlight = 0;
  const backend: StubBackend = {
    info: { backend: "stub", model: "stub", format: "json" },
    requests: [],
    maxInFlight: 0,
    async generate(request, generateOptions = {}): Promise<GenerateResult> {
      backend.requests.push(request);
      inFlight += 1;
      backend.maxInFlight = Math.max(backend.maxInFlight, inFlight);
      try {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, options.delayMs ?? 1);
          generateOptions.signal?.addEventListener("abort", () => {
            clearTimeout(timer);
            reject(new EdgecallError("aborted", "aborted"));
          });
        });
        const id = request.sampleId ?? "";
        if (options.failing?.includes(id))
          throw new EdgecallError("backend-http", `server said 500 for ${id}`);
        const tool = request.tools?.[0]?.name ?? "none";
        const wrong =
          options.wrong?.includes(id) || options.failSeeds?.[id]?.includes(request.sampling?.seed ?? -1);
        const text = wrong ? "I cannot help with that. ".repeat(6) : `{"name": "${tool}", "arguments": {}}`;
        return {
          rawText: text,
          parts: wrong
            ? [{ type: "text", text }]
            : [{ type: "tool-call", toolCall: { name: tool, arguments: {} } }],
          finishReason: wrong ? "length" : "tool-calls",
          usage: { inputTokens: 10, outputTokens: 11 },
          timing: { firstTokenMs: 100, totalMs: 1100 },
        };
      } finally {
        inFlight -= 1;
      }
    },
    async close() {},
  };
  return backend;
}

function scratchStore(): ResultStore {
  return ResultStore.open(join(mkdtempSync(join(tmpdir(), "edgecall-runner-")), "results.sqlite"));
}

describe("eval runner", () => {
  it("records failing samples (backend and scorer errors) without stopping the run", async () => {
    const suite = stubSuite(6, "s4");
    const plan = await planRun([suite], {});
    const store = scratchStore();
    const backend = stubBackend({ failing: ["s1"], wrong: ["s2"] });
    const outcome = await runSamples({ backend, items: plan, store, settings });
    assert.deepEqual(outcome, { completed: 6, pending: 0, duplicates: 0, interrupted: false });
    const results = store.all();
    assert.deepEqual(
      results.map((result) => [result.id, result.passed, result.errorType]),
      [
        ["s0", true, null],
        ["s1", false, "harness:backend-http"],
        ["s2", false, "no-call"],
        ["s3", true, null],
        ["s4", false, "harness:scorer-crash"],
        ["s5", true, null],
      ],
    );
    assert.match(results[1]?.explanation ?? "", /server said 500 for s1/);
    assert.deepEqual(results[1]?.error, { code: "backend-http", message: "server said 500 for s1" });
    assert.equal(results[2]?.stuck, true, "a degenerate repeating tail is flagged");
    assert.equal(results[0]?.stuck, false);
    assert.deepEqual(results[0]?.calls, [{ name: "tool_0", arguments: {} }]);
    assert.equal(backend.requests[0]?.sampleId, "s0", "every request carries its sample id");
    store.close();
  });

  it("keeps at most --concurrency requests in flight, and uses all of them", async () => {
    const plan = await planRun([stubSuite(12)], {});
    const backend = stubBackend({ delayMs: 15 });
    const store = scratchStore();
    await runSamples({ backend, items: plan, store, settings, concurrency: 3 });
    assert.equal(backend.maxInFlight, 3);
    assert.equal(store.count(), 12);
    store.close();
  });

  it("never writes a result twice", async () => {
    const plan = await planRun([stubSuite(3)], {});
    const store = scratchStore();
    await runSamples({ backend: stubBackend(), items: plan, store, settings });
    const [first] = store.all();
    assert.ok(first);
    assert.equal(store.insert({ ...first, passed: !first.passed }), false);
    assert.equal(store.all()[0]?.passed, first.passed);
    const again = await runSamples({ backend: stubBackend(), items: plan, store, settings });
    assert.deepEqual(again, { completed: 0, pending: 0, duplicates: 3, interrupted: false });
    assert.equal(store.count(), 3);
    store.close();
  });

  it("stops on the signal: in-flight samples are abandoned, nothing half-written", async () => {
    const plan = await planRun([stubSuite(20)], {});
    const store = scratchStore();
    const controller = new AbortController();
    const outcome = await runSamples({
      backend: stubBackend({ delayMs: 10 }),
      items: plan,
      store,
      settings,
      concurrency: 2,
      signal: controller.signal,
      onResult: () => {
        if (store.count() === 5) controller.abort();
      },
    });
    assert.equal(outcome.interrupted, true);
    assert.equal(outcome.completed, store.count());
    assert.ok(outcome.completed >= 5 && outcome.completed <= 6);
    assert.equal(outcome.pending, 20 - outcome.completed);
    store.close();
  });

  it("repeats each sample with seeds seed..seed+k-1 and reports pass^k", async () => {
    const plan = await planRun([stubSuite(4)], { repeats: 3 });
    assert.equal(plan.length, 12);
    const backend = stubBackend({ failSeeds: { s0: [11], s1: [10, 12], s2: [10, 11, 12] } });
    const store = scratchStore();
    await runSamples({ backend, items: plan, store, settings });
    assert.deepEqual(
      [...new Set(backend.requests.map((request) => request.sampling?.seed))].sort(),
      [10, 11, 12],
    );
    const summary = summarise({
      runDir: "x",
      model: {
        spec: "stub",
        kind: "demo",
        identity: "stub",
        format: "json",
        backend: "stub",
        randomWeights: false,
        backendInfo: backend.info,
      },
      results: store.all(),
      order: plan.map((item) => ({ suite: item.sample.suite, category: item.sample.category })),
      planned: plan.length,
      repeats: 3,
    });
    // Passes per sample: s0 2/3, s1 1/3, s2 0/3, s3 3/3.
    assert.equal(summary.overall.passed, 6);
    assert.equal(summary.overall.accuracy, 0.5);
    assert.deepEqual(summary.overall.ci95, wilsonInterval(6, 12));
    const hat = summary.overall.passHatK ?? {};
    assert.ok(Math.abs((hat["1"] ?? 0) - 0.5) < 1e-12);
    // pass^2 = mean(C(2,2)/C(3,2), 0, 0, 1) = (1/3 + 1) / 4.
    assert.ok(Math.abs((hat["2"] ?? 0) - (1 / 3 + 1) / 4) < 1e-12);
    assert.ok(Math.abs((hat["3"] ?? 0) - 0.25) < 1e-12);
    const [even, odd] = summary.categories;
    assert.deepEqual([even?.category, even?.n, even?.passed, even?.samples], ["even", 6, 2, 2]);
    assert.deepEqual([odd?.category, odd?.n, odd?.passed], ["odd", 6, 4]);
    assert.equal(summary.lengthRate, 6 / 12);
    assert.equal(summary.stuckRate, 6 / 12);
    assert.deepEqual(summary.ttftMs, { p50: 100, p90: 100, n: 12 });
    // 10 tokens after the first in 1000 ms.
    assert.deepEqual(summary.decodeTokensPerSecond, { p50: 10, p90: 10, n: 12 });
    assert.deepEqual(summary.parseFailures, [{ format: "json", n: 12, failures: 0, rate: 0 }]);
    store.close();
  });

  it("serves a rerun from the response cache", async () => {
    const cachePath = join(mkdtempSync(join(tmpdir(), "edgecall-runner-cache-")), "responses.sqlite");
    const plan = await planRun([stubSuite(4)], {});
    const model = { identity: "stub:1", format: "json", edgecallVersion: "0", backendVersion: "0" };
    const first = stubBackend();
    const cache = ResponseCache.open(cachePath);
    const storeA = scratchStore();
    await runSamples({ backend: first, items: plan, store: storeA, settings, cache: { cache, model } });
    const second = stubBackend();
    const storeB = scratchStore();
    await runSamples({ backend: second, items: plan, store: storeB, settings, cache: { cache, model } });
    assert.equal(first.requests.length, 4);
    assert.equal(second.requests.length, 0, "every response came from the cache");
    const strip = (store: ResultStore) => store.all().map(({ cached: _cached, ...rest }) => rest);
    assert.deepEqual(strip(storeB), strip(storeA));
    assert.ok(storeB.all().every((result) => result.cached));
    const summary = summarise({
      runDir: "x",
      model: {
        spec: "stub",
        kind: "demo",
        identity: "stub",
        format: "json",
        backend: "stub",
        randomWeights: false,
        backendInfo: first.info,
      },
      results: storeB.all(),
      order: [],
      planned: 4,
      repeats: 1,
    });
    assert.equal(summary.cached, 4);
    assert.equal(summary.ttftMs, null, "cached outputs are not speed measurements");
    cache.close();
  });
});
