import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { LlamaPerfCollector } from "./llama-perf-timings.js";

// Lines as node-llama-cpp 3.21.1 passed them to its logger on this machine.
const printed = [
  "llama_perf_context_print:        load time =      43.95 ms",
  "llama_perf_context_print: prompt eval time =     412.10 ms /   512 tokens (    0.80 ms per token,  1242.42 tokens per second)",
  "llama_perf_context_print:        eval time =    4439.64 ms /   128 runs   (   34.68 ms per token,    28.83 tokens per second)",
  "llama_perf_context_print:       total time =    4619.62 ms /   129 tokens",
];

describe("LlamaPerfCollector", () => {
  it("reads the prompt-eval and eval lines and ignores the others", () => {
    const collector = new LlamaPerfCollector();
    assert.deepEqual(
      printed.map((line) => collector.accept(line)),
      [false, true, true, false],
    );
    assert.deepEqual(collector.take(), {
      promptEvalMs: 412.1,
      promptTokens: 512,
      evalMs: 4439.64,
      evalRuns: 128,
    });
    assert.equal(collector.take(), null, "take starts afresh");
  });

  it("accepts several lines in one text and the counters as printed right after a reset", () => {
    const collector = new LlamaPerfCollector();
    collector.accept(
      "prompt eval time =       0.00 ms /     1 tokens (    0.00 ms per token,      inf tokens per second)\n" +
        "       eval time =       0.00 ms /     1 runs   (    0.00 ms per token,      inf tokens per second)\n",
    );
    assert.deepEqual(collector.take(), { promptEvalMs: 0, promptTokens: 1, evalMs: 0, evalRuns: 1 });
  });

  it("gives null when a line is missing, so no figure is made up", () => {
    const collector = new LlamaPerfCollector();
    collector.accept(printed[2]!);
    assert.equal(collector.take(), null);
  });
});
