import assert from "node:assert/strict";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { tinyModelPath } from "../gguf/synth/tiny-model.test-support.js";
import { renderProbeTable } from "./probe-table.js";
import { runProbe } from "./run-probe.js";

describe("probes on a tiny synthesised model (smoke)", () => {
  const scratch = mkdtempSync(join(tmpdir(), "edgecall-probe-smoke-"));
  const common = {
    limit: 2,
    maxTokens: 4,
    out: scratch,
    progress: false as const,
    cache: false,
    threads: 1,
    gpu: "off" as const,
  };

  it("context probe: counts the filler with the model's tokenizer and times the first token per step", async () => {
    const model = await tinyModelPath("qwen3");
    const outcome = await runProbe({ ...common, kind: "context", model, steps: [0, 1024, 8192] });
    const { probe } = outcome.summary;
    for (const file of ["run.json", "results.jsonl", "summary.json", "probe.json"])
      assert.ok(existsSync(join(outcome.runDirectory, file)), file);
    assert.equal(probe.promptTokensEstimated, false);
    assert.match(probe.tokenCounter, /the model's tokenizer/);
    assert.equal(probe.context.trainingContext, 4096);
    const [zero, one, eight] = probe.steps;
    assert.equal(zero?.status, "run");
    assert.equal(one?.status, "run");
    assert.equal(eight?.status, "skipped", "8k of prior conversation is beyond the tiny model's 4096");
    assert.match(eight?.reason ?? "", /but the model's context size is 4096/);
    assert.equal(one?.facts.priorTokens, 1024);
    for (const step of [zero, one]) {
      assert.equal(step?.n, 2);
      assert.equal(step?.harnessErrors, 0);
      assert.ok((step?.ttftMs?.n ?? 0) === 2 && (step?.ttftMs?.p50 ?? 0) > 0);
      assert.equal(step?.facts.promptTokensCounted, true);
      const estimate = Number(step?.facts.promptTokensEstimate);
      assert.ok(
        estimate >= (step?.promptTokens?.max ?? Infinity),
        "the sizing estimate is not below the real prompt",
      );
      assert.ok(estimate - (step?.promptTokens?.max ?? 0) <= 64, "and close to it");
    }
    assert.ok((one?.promptTokens?.p50 ?? 0) - (zero?.promptTokens?.p50 ?? 0) >= 1024);
    assert.match(
      renderProbeTable(probe, outcome.runDirectory, outcome.summary.randomWeights),
      /RANDOM WEIGHTS/,
    );
  });

  it("tool-count probe: runs the steps that fit the model's context", async () => {
    const model = await tinyModelPath("qwen3");
    const outcome = await runProbe({ ...common, kind: "tools", model, steps: [1, 3] });
    const { probe } = outcome.summary;
    assert.deepEqual(
      probe.steps.map((step) => [step.category, step.status, step.n]),
      [
        ["tools-1", "run", 2],
        ["tools-3", "run", 2],
      ],
    );
    assert.ok((probe.steps[1]?.promptTokens?.p50 ?? 0) > (probe.steps[0]?.promptTokens?.p50 ?? 0));
    assert.equal(outcome.summary.randomWeights, true);
  });
});
