import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { runQuantComparison } from "./compare-quants.js";
import type { QuantComparison } from "./quant-comparison.js";
import { assistantAnswers, writeReplay, wrongOutput } from "./quant-replay.test-support.js";

/**
 * Three "quantisations" replayed over the first 12 samples of assistant:single (4 simple, 4
 * multiple, 4 parallel, interleaved). Sample indexes each model gets wrong:
 *   a (baseline): 5 (parallel_1)
 *   b: 0-5  → against a: 5 lost (0,1,2,3,4), 0 gained; exact McNemar p = 2/2^5 = 0.0625
 *   c: 1, 7, 9 → against a: 3 lost, 1 gained (5); p = 2 · P(X ≤ 1 | X ~ Bin(4, 1/2)) = 2 · 5/16 = 0.625
 */
const failing: Record<string, Set<number>> = {
  a: new Set([5]),
  b: new Set([0, 1, 2, 3, 4, 5]),
  c: new Set([1, 7, 9]),
};

function writeModels(directory: string): string[] {
  const answers = assistantAnswers(12);
  return Object.entries(failing).map(([name, fails]) => {
    const path = join(directory, `${name}.jsonl`);
    writeReplay(
      path,
      answers.map((answer, index) => [answer.id, fails.has(index) ? wrongOutput : answer.right] as const),
    );
    return `replay:${path}`;
  });
}

function sha256Of(path: string): string {
  return createHash("sha256").update(readFileSync(path)).digest("hex");
}

describe("compare-quants on replayed models", () => {
  const scratch = mkdtempSync(join(tmpdir(), "edgecall-quants-"));
  const models = writeModels(scratch);
  const common = {
    suites: "assistant:single",
    limit: 12,
    progress: false as const,
    out: join(scratch, "runs"),
  };

  it("writes one run directory per model and comparison.json with hand-computed tests", async () => {
    const { comparison, directory, interrupted } = await runQuantComparison({ ...common, models });
    assert.equal(interrupted, false);
    assert.equal(comparison.status, "complete");
    assert.deepEqual(JSON.parse(readFileSync(join(directory, "comparison.json"), "utf8")), comparison);
    assert.deepEqual(
      comparison.models.map((model) => model.label),
      ["a", "b", "c"],
    );
    assert.equal(comparison.baseline, "a");
    for (const [index, model] of comparison.models.entries()) {
      assert.ok(model.runDir?.startsWith(directory));
      for (const file of ["run.json", "results.jsonl", "summary.json"])
        assert.ok(existsSync(join(model.runDir!, file)), `${model.label}: ${file}`);
      const path = models[index]!.slice("replay:".length);
      assert.equal(model.provenance?.sha256, sha256Of(path), "provenance: the file's sha256");
      assert.equal(model.provenance?.identity, `replay:sha256:${sha256Of(path)}`);
      assert.equal(model.status, "complete");
    }
    assert.deepEqual(
      comparison.categories.map((category) => category.category),
      ["simple", "multiple", "parallel"],
    );
    const overall = comparison.overall!;
    assert.deepEqual(
      overall.models.map((model) => model.passed),
      [11, 6, 9],
    );
    const [vsB, vsC] = overall.paired;
    assert.equal(vsB?.onlyBaseline, 5);
    assert.equal(vsB?.onlyThis, 0);
    assert.equal(vsB?.pValue, 0.0625);
    assert.equal(vsB?.agreement, 7 / 12);
    assert.equal(vsC?.onlyBaseline, 3);
    assert.equal(vsC?.onlyThis, 1);
    assert.ok(Math.abs((vsC?.pValue ?? 0) - 0.625) < 1e-12);
    // Per category: multiple holds samples 1, 4, 7, 10; b loses 1 and 4 (p = 0.5), c loses 1 and 7.
    const multiple = comparison.categories[1]!;
    assert.equal(multiple.paired[0]?.pValue, 0.5);
    assert.deepEqual(
      multiple.paired[1]?.flips?.map((flip) => `${flip.id}:${flip.direction}:${flip.errorType}`),
      ["assistant_multiple_0:lost:no-call", "assistant_multiple_2:lost:no-call"],
    );
    // Parallel holds 2, 5, 8, 11: c passes parallel_1 (index 5), which a fails.
    const parallel = comparison.categories[2]!;
    assert.deepEqual(
      parallel.paired[1]?.flips?.map((flip) => `${flip.id}:${flip.direction}`),
      ["assistant_parallel_1:gained"],
    );
    const [low, high] = parallel.models[0]?.ci95 ?? [0, 0];
    assert.ok(Math.abs(low - 0.3006) < 1e-3 && Math.abs(high - 0.9544) < 1e-3, "Wilson interval of 3/4");
    assert.ok(comparison.models.every((model) => model.memory !== null && model.speed !== null));
  });

  it("resumes an interrupted comparison without rerunning finished models", async () => {
    const controller = new AbortController();
    const first = await runQuantComparison({
      ...common,
      models,
      signal: controller.signal,
      onNote: (message) => {
        if (message.startsWith("model 2/")) controller.abort();
      },
    });
    assert.equal(first.interrupted, true);
    const saved = JSON.parse(
      readFileSync(join(first.directory, "comparison.json"), "utf8"),
    ) as QuantComparison;
    assert.equal(saved.status, "interrupted");
    assert.deepEqual(
      saved.models.map((model) => model.status),
      ["complete", "interrupted", "pending"],
    );
    const resumed = await runQuantComparison({ resume: first.directory, progress: false });
    assert.equal(resumed.comparison.status, "complete");
    assert.equal(resumed.comparison.overall?.paired[0]?.pValue, 0.0625);
    const sessions = (runDir: string) =>
      (JSON.parse(readFileSync(join(runDir, "run.json"), "utf8")) as { sessions: unknown[] }).sessions.length;
    assert.equal(sessions(resumed.comparison.models[0]!.runDir!), 1, "the finished model did not run again");
    assert.equal(sessions(resumed.comparison.models[1]!.runDir!), 2, "the interrupted one was resumed");
  });

  it("refuses fewer than two models, and a resume with other models or settings", async () => {
    await assert.rejects(
      runQuantComparison({ ...common, models: models.slice(0, 1) }),
      (error) =>
        isEdgecallError(error) && error.code === "usage" && /at least two --model/.test(error.message),
    );
    const done = await runQuantComparison({ ...common, models: models.slice(0, 2) });
    await assert.rejects(
      runQuantComparison({ resume: done.directory, models: models.slice(1) }),
      (error) => isEdgecallError(error) && /the models differ/.test(error.message),
    );
    await assert.rejects(
      runQuantComparison({ resume: done.directory, limit: 3 }),
      (error) => isEdgecallError(error) && /limit: was 12, now 3/.test(error.message),
    );
  });

  it("checks every model before the first eval, and marks a comparison whose eval fails as failed", async () => {
    const out = join(scratch, "up-front");
    const missing = join(scratch, "missing-q4_0.gguf");
    await assert.rejects(
      runQuantComparison({ ...common, out, models: [models[0]!, missing] }),
      (error) =>
        isEdgecallError(error, "file-not-found") && error.message.includes(`file not found: ${missing}`),
    );
    assert.equal(existsSync(out), false, "nothing ran, nothing was written");

    const broken = join(scratch, "broken.jsonl");
    writeFileSync(broken, "not json\n");
    const failedOut = join(scratch, "failing");
    await assert.rejects(
      runQuantComparison({ ...common, out: failedOut, models: [models[0]!, `replay:${broken}`] }),
      (error) => isEdgecallError(error) && error.message.includes("broken.jsonl"),
    );
    const [directory] = readdirSync(failedOut);
    const comparison = JSON.parse(readFileSync(join(failedOut, directory!, "comparison.json"), "utf8")) as {
      status: string;
      models: { status: string; runDir: string | null }[];
    };
    assert.equal(comparison.status, "failed");
    assert.deepEqual(
      comparison.models.map((model) => model.status),
      ["complete", "failed"],
    );
    assert.ok(isAbsolute(comparison.models[0]!.runDir!), "run directories are recorded as absolute paths");
  });
});
