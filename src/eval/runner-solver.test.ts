/**
 * The runner runs each sample with the solver object its suite brings (Suite.solver), eval's
 * single-call solver when it brings none, and records the solver's name with each result.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { nullBackend } from "./reference-backend.js";
import { ResultStore } from "./result-store.js";
import { planRun } from "./run-plan.js";
import { runSamples } from "./runner.js";
import type { Solver } from "./solver.js";
import type { Sample, Suite } from "./suite.js";

const sample: Sample<string> = {
  id: "only",
  suite: "toy:solver",
  category: "toy",
  messages: [{ role: "user", content: "hello" }],
  tools: [],
  target: "done by the suite's solver",
  metadata: {},
};

function toySuite(solver?: Solver): Suite<string> {
  return {
    name: "toy:solver",
    version: "1",
    categories: ["toy"],
    samples: () => [sample],
    scorer: {
      score: (_sample, transcript) => ({
        passed: transcript.request.messages.at(-1)?.content === "solved by toy",
        explanation: "checks the solver's transcript",
      }),
    },
    ...(solver === undefined ? {} : { solver }),
  };
}

async function run(suite: Suite): Promise<{ passed: boolean; solver: string | undefined }> {
  const folder = mkdtempSync(join(tmpdir(), "edgecall-runner-solver-"));
  const store = ResultStore.open(join(folder, "results.sqlite"));
  try {
    await runSamples({
      backend: nullBackend(),
      items: await planRun([suite], {}),
      store,
      settings: { seed: 0, maxTokens: 64, decoding: "free", toolChoice: "auto" },
      concurrency: 1,
    });
    const [result] = store.all();
    assert.ok(result);
    return { passed: result.passed, solver: result.solver };
  } finally {
    store.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

describe("the suite's solver", () => {
  it("runs the samples with the suite's own solver object and records its name", async () => {
    const solved: string[] = [];
    const toy: Solver = {
      name: "toy-loop",
      async solve(given) {
        solved.push(given.id);
        return { request: { messages: [{ role: "user", content: "solved by toy" }] }, turns: [] };
      },
    };
    assert.deepEqual(await run(toySuite(toy)), { passed: true, solver: "toy-loop" });
    assert.deepEqual(solved, ["only"]);
  });

  it("without one, eval's single-call solver runs and is recorded as single-call", async () => {
    assert.deepEqual(await run(toySuite()), { passed: false, solver: "single-call" });
  });
});
