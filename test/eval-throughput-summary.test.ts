import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tally, type WorkloadResult } from "../bench/eval-throughput/arm-run.js";
import { summaryLines } from "../bench/eval-throughput/summary-lines.js";
import { agentConversation } from "../bench/eval-throughput/workloads.js";
import type { GenerateResult } from "../src/backend/model-backend.js";

const call = (inputTokens: number, cachedInputTokens: number, prefillMs: number): GenerateResult =>
  ({
    rawText: "",
    usage: { inputTokens, cachedInputTokens, outputTokens: 16 },
    timing: { totalMs: prefillMs + 100, prefillMs },
    details: { outputTokenIds: [1, 2] },
    renderedPrompt: `prompt ${inputTokens}`,
  }) as unknown as GenerateResult;

describe("bench/eval-throughput", () => {
  it("the agent conversation calls the model for the tool call and again after its result", () => {
    const prompts = agentConversation();
    assert.equal(prompts.length, 8);
    assert.deepEqual(
      prompts.map((messages) => messages.at(-1)!.role),
      ["user", "tool", "user", "tool", "user", "tool", "user", "tool"],
    );
    // Each prompt extends the one before, as an agent's conversation does.
    for (let index = 1; index < prompts.length; index++)
      assert.deepEqual(prompts[index]!.slice(0, prompts[index - 1]!.length), prompts[index - 1]);
  });

  it("tally sums the calls and takes the cold rate from the first call's evaluated tokens", () => {
    const run = tally([call(3600, 0, 20_000), call(3650, 3600, 400)], 21_000);
    assert.equal(run.promptTokens, 7250);
    assert.equal(run.evaluatedTokens, 3650);
    assert.equal(run.firstCallPromptTokensPerSecond, 180);
    assert.deepEqual(run.renderedPrompts, ["prompt 3600", "prompt 3650"]);
    assert.equal(tally([], 0).firstCallPromptTokensPerSecond, undefined);
  });

  it("the summary says when there is no naive arm and shows the cold prompt rates", () => {
    const result: WorkloadResult = {
      name: "vs-llama-server",
      naiveMs: Number.NaN,
      reuseMs: 31_000,
      speedup: Number.NaN,
      sameOutputs: true,
      promptTokens: 30_266,
      evaluatedTokens: 4076,
      rounds: [],
      llamaServerMs: 23_300,
      llamaServerRatio: 0.75,
      coldPromptTokensPerSecond: { edgecall: 169.1, llamaServer: 243.4 },
    };
    const [heading, line] = summaryLines(
      { shape: "qwen3.5-0.8b", quant: "q4_0", threads: 2, rounds: 1, flashAttention: "off" },
      [result],
    );
    assert.match(heading!, /flash attention off, RANDOM WEIGHTS/);
    assert.match(line!, /^vs-llama-server: no naive arm · reuse 31\.0 s · evaluated 4076 of 30266/);
    assert.match(line!, /llama-server 23\.3 s \(0\.75x edgecall's time\)/);
    assert.match(line!, /cold prompt 169\.1 tok\/s \(llama-server 243\.4\)/);
    assert.doesNotMatch(line!, /NaN/);
  });
});
