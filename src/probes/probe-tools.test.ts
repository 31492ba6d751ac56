import assert from "node:assert/strict";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { assistantAnswers, writeReplay, wrongOutput } from "../compare/quant-replay.test-support.js";
import { isEdgecallError } from "../errors.js";
import { runEvalSession } from "../eval/eval-session.js";
import type { SampleResult } from "../eval/sample-result.js";
import { bfclDir, hasBfcl, noBfclMessage } from "../suites/bfcl-data.test-support.js";
import { loadBaseRequests } from "./base-requests.js";
import { loadDistractorPool } from "./distractor-pool.js";
import { parseSteps } from "./probe-steps.js";
import { largestWithinTolerance, type ProbeStepSummary } from "./probe-summary.js";
import { runProbe } from "./run-probe.js";
import { toolCountSteps } from "./tool-count-steps.js";

/** The first four one-tool requests of assistant:single (parallel_1 calls two tools). */
const requests = assistantAnswers(12)
  .filter((answer) => answer.id !== "assistant_parallel_1")
  .slice(0, 4);

function results(runDirectory: string): SampleResult[] {
  return readFileSync(join(runDirectory, "results.jsonl"), "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as SampleResult);
}

function step(value: number, accuracy: number | null): ProbeStepSummary {
  return {
    category: `tools-${value}`,
    value,
    status: accuracy === null ? "skipped" : "run",
    reason: null,
    planned: 10,
    n: accuracy === null ? 0 : 10,
    passed: Math.round(10 * (accuracy ?? 0)),
    accuracy,
    ci95: null,
    harnessErrors: 0,
    promptTokens: null,
    ttftMs: null,
    facts: {},
  };
}

describe("tool-count probe", () => {
  it("offers the right tool plus seeded distractors, nested from step to step", () => {
    const { requests: base } = loadBaseRequests({ singleTool: true, limit: 3 });
    const pool = loadDistractorPool(undefined);
    const steps = toolCountSteps(base, pool, [1, 5, 20, 50], 0);
    assert.deepEqual(
      steps.map((entry) => entry.category),
      ["tools-1", "tools-5", "tools-20", "tools-50"],
    );
    for (const [index, request] of base.entries()) {
      const sets = steps.slice(0, 3).map((entry) => entry.samples[index]!.tools.map((tool) => tool.name));
      assert.deepEqual(
        sets.map((names) => names.length),
        [1, 5, 20],
      );
      assert.deepEqual(sets[0], request.rightTools);
      for (const names of sets) {
        assert.ok(names.includes(request.rightTools[0]!));
        assert.equal(new Set(names).size, names.length, "no tool twice");
      }
      assert.ok(
        sets[1]!.every((name) => sets[2]!.includes(name)),
        "a larger step offers a superset",
      );
    }
    assert.match(steps[3]!.skipped ?? "", /needs 49 distractor tools but only 38 .*--bfcl-dir/);
    const again = toolCountSteps(base, pool, [5], 0);
    assert.deepEqual(
      again[0]!.samples.map((sample) => sample.tools.map((tool) => tool.name)),
      steps[1]!.samples.map((sample) => sample.tools.map((tool) => tool.name)),
      "the same seed gives the same lists",
    );
    const otherSeed = toolCountSteps(base, pool, [5], 1);
    assert.notDeepEqual(
      otherSeed[0]!.samples.map((sample) => sample.tools.map((tool) => tool.name)),
      steps[1]!.samples.map((sample) => sample.tools.map((tool) => tool.name)),
    );
  });

  it("draws BFCL function docs once the assistant tools run out", {
    skip: hasBfcl ? false : noBfclMessage,
  }, () => {
    const { requests: base } = loadBaseRequests({ singleTool: true, limit: 1 });
    const pool = loadDistractorPool(bfclDir);
    assert.ok(pool.bfcl.length > 100);
    const [hundred] = toolCountSteps(base, pool, [100], 0);
    assert.equal(hundred?.skipped, null);
    const sample = hundred!.samples[0]!;
    assert.equal(sample.tools.length, 100);
    assert.deepEqual(sample.metadata.distractors, { assistant: 38, bfcl: 61 });
  });

  it("runs every step as a category of one run and finds the largest count within the tolerance", async () => {
    const scratch = mkdtempSync(join(tmpdir(), "edgecall-probe-tools-"));
    const script = join(scratch, "model.jsonl");
    // Right at 1, 5 and 10 tools except one miss at 10 (75%), two misses at 20 (50%).
    const lines: [string, string][] = [];
    for (const count of [1, 5, 10, 20])
      requests.forEach((answer, index) => {
        const wrong = (count === 10 && index === 0) || (count === 20 && index < 2);
        lines.push([`${answer.id}@tools-${count}`, wrong ? wrongOutput : answer.right]);
      });
    writeReplay(script, lines);
    const outcome = await runProbe({
      kind: "tools",
      model: `replay:${script}`,
      steps: [1, 5, 10, 20, 50],
      limit: 4,
      tolerance: 0.25,
      out: scratch,
      progress: false,
    });
    const { probe } = outcome.summary;
    assert.deepEqual(
      probe.steps.map((entry) => [entry.category, entry.status, entry.accuracy]),
      [
        ["tools-1", "run", 1],
        ["tools-5", "run", 1],
        ["tools-10", "run", 0.75],
        ["tools-20", "run", 0.5],
        ["tools-50", "skipped", null],
      ],
    );
    assert.equal(probe.largestWithinTolerance?.category, "tools-10");
    assert.equal(probe.reference?.category, "tools-1");
    assert.ok(probe.promptTokensEstimated);
    const tokens = probe.steps.slice(0, 4).map((entry) => entry.promptTokens?.p50 ?? 0);
    assert.ok(
      tokens.every((value, index) => index === 0 || value > tokens[index - 1]!),
      `prompt tokens grow with tools: ${tokens}`,
    );
    const summary = JSON.parse(readFileSync(join(outcome.runDirectory, "summary.json"), "utf8"));
    assert.deepEqual(
      summary.probe,
      JSON.parse(JSON.stringify(probe)),
      "summary.json carries the probe section",
    );
    assert.deepEqual(
      summary.categories.map((category: { category: string }) => category.category),
      ["tools-1", "tools-5", "tools-10", "tools-20"],
    );
    const stored = results(outcome.runDirectory);
    assert.equal(stored.length, 16);
    assert.ok(stored.every((result) => result.suite === "probe:tools"));
    assert.equal(stored.find((result) => result.id === "assistant_simple_0@tools-20")?.metadata.step, 20);
  });

  it("resumes an interrupted probe, and refuses a resume with other steps", async () => {
    const scratch = mkdtempSync(join(tmpdir(), "edgecall-probe-resume-"));
    const script = join(scratch, "model.jsonl");
    writeReplay(
      script,
      [1, 5].flatMap((count) =>
        requests.map((answer) => [`${answer.id}@tools-${count}`, answer.right] as const),
      ),
    );
    const controller = new AbortController();
    controller.abort();
    const common = {
      kind: "tools" as const,
      steps: [1, 5],
      limit: 4,
      out: scratch,
      progress: false as const,
    };
    const first = await runProbe({ ...common, model: `replay:${script}`, signal: controller.signal });
    assert.equal(first.interrupted, true);
    assert.equal(first.summary.probe.steps[0]?.status, "partial");
    const resumed = await runProbe({ kind: "tools", resume: first.runDirectory, progress: false });
    assert.equal(resumed.interrupted, false);
    assert.deepEqual(
      resumed.summary.probe.steps.map((entry) => [entry.status, entry.n, entry.accuracy]),
      [
        ["run", 4, 1],
        ["run", 4, 1],
      ],
    );
    await assert.rejects(
      runProbe({ kind: "tools", resume: first.runDirectory, steps: [1, 10], progress: false }),
      /steps: was \[1,5\], now \[1,10\]/,
    );
    // `eval --resume` of a probe run says which command resumes it (it used to blame --suite).
    await assert.rejects(
      runEvalSession({ resume: first.runDirectory, progress: false }),
      (error: unknown) =>
        isEdgecallError(error, "usage") &&
        error.message.includes(
          `it is a probe run (probe:tools), not an eval run; resume it with: edgecall probe tools --resume ${first.runDirectory}`,
        ),
    );
  });

  it("walks up from the smallest step while accuracy stays within the tolerance", () => {
    const { largest, reference } = largestWithinTolerance(
      [step(1, 0.9), step(5, 0.9), step(10, 0.86), step(20, 0.8), step(50, 0.9), step(100, null)],
      0.05,
    );
    assert.equal(reference?.value, 1);
    assert.equal(largest?.value, 10, "20 drops 10 points; 50 does not count after the drop");
    assert.equal(largestWithinTolerance([step(1, null)], 0.05).largest, null);
  });

  it("parses step lists with k = 1024 and refuses bad ones", () => {
    assert.deepEqual(parseSteps("20, 1,5,5", "--steps", 1), [1, 5, 20]);
    assert.deepEqual(parseSteps("0,1k,4K,32k", "--steps", 0), [0, 1024, 4096, 32768]);
    assert.throws(() => parseSteps("0,5", "--steps", 1), /--steps: expected whole numbers >= 1.*got '0'/);
    assert.throws(() => parseSteps("1,two", "--steps", 1), /got 'two'/);
  });
});
