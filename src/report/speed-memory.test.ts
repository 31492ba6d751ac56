import assert from "node:assert/strict";
import { it } from "node:test";
import type { BenchTestData } from "../bench/bench-data.js";
import type { RunData } from "./run-data.js";
import { speedMemoryOf } from "./speed-memory.js";

const spread = { min: 1, median: 2, max: 3 };

it("names a thread sweep's tests '@1 thread' and '@2 threads'", () => {
  const tests: BenchTestData[] = [1, 2].map((threads) => ({
    test: "tg128",
    kind: "tg",
    tokens: 128,
    threads,
    tokensPerSecond: spread,
    firstTokenMs: null,
  }));
  const run = {
    directory: "runs/x",
    bench: {
      modelName: "m",
      description: null,
      quantisation: "Q4_0",
      device: "cpu",
      loadMs: 10,
      peakRssBytes: 1,
      randomWeights: true,
      tests,
    },
  } as RunData;
  assert.deepEqual(Object.keys(speedMemoryOf(run).benchTokensPerSecond), [
    "tg128 @1 thread",
    "tg128 @2 threads",
  ]);
});
