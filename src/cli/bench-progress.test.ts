import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ProgressLine } from "../text/progress-line.js";
import { benchProgress } from "./bench-progress.js";

function plainLine(clock: { now: number }) {
  const writes: string[] = [];
  const line = new ProgressLine({
    label: "bench",
    stream: { isTTY: false, write: (text: string) => writes.push(text) },
    intervalMs: 10_000,
    now: () => clock.now,
    ticker: false,
  });
  return { writes, line };
}

describe("bench progress", () => {
  it("says the synthesis with bytes and an ETA, then a line per step kind with its step of all", () => {
    const clock = { now: 0 };
    const { writes, line } = plainLine(clock);
    const report = benchProgress(line);
    const mib = 1024 * 1024;
    report("synthesising the random-weight qwen3.5-0.8b q4_0 model into /c/m.gguf (once; reused later)");
    for (const seconds of [0, 1, 2, 12, 24]) {
      clock.now = seconds * 1000;
      report("synthesising", {
        phase: "synthesising",
        done: seconds * 10 * mib,
        total: 400 * mib,
        unit: "bytes",
      });
    }
    const steps = ["starting llama.cpp", "cold load", "warm load", "pp512 at 2 threads: warm-up"];
    steps.push("pp512 at 2 threads: run 1/2", "pp512 at 2 threads: run 2/2");
    for (const [done, message] of steps.entries()) {
      clock.now += 500;
      const phase = message.split(": ")[0] ?? message;
      report(message, { phase, done, total: 9, unit: "steps" });
    }
    line.finish();
    assert.deepEqual(writes, [
      "edgecall: bench: synthesising the random-weight qwen3.5-0.8b q4_0 model into /c/m.gguf (once; reused later)\n",
      "edgecall: bench: synthesising 0 B of 400.00 MiB (0%)\n",
      "edgecall: bench: synthesising 120.00 MiB of 400.00 MiB (30%) · elapsed 12s · ETA 28s\n",
      "edgecall: bench: synthesising 240.00 MiB of 400.00 MiB (60%) · elapsed 24s · ETA 16s\n",
      "edgecall: bench: starting llama.cpp · step 1/9\n",
      "edgecall: bench: cold load · step 2/9\n",
      "edgecall: bench: warm load · step 3/9\n",
      "edgecall: bench: pp512 at 2 threads · warm-up · step 4/9\n",
    ]);
  });

  it("shows each run of a test on the live line", () => {
    const writes: string[] = [];
    let now = 0;
    const line = new ProgressLine({
      label: "bench",
      stream: { isTTY: true, columns: 200, write: (text: string) => writes.push(text) },
      now: () => now,
      ticker: false,
    });
    const report = benchProgress(line);
    report("tg128 at 2 threads: warm-up", { phase: "tg128 at 2 threads", done: 3, total: 7, unit: "steps" });
    now = 2000;
    report("tg128 at 2 threads: run 1/3", { phase: "tg128 at 2 threads", done: 4, total: 7, unit: "steps" });
    assert.equal(writes.at(-1), "\r\x1b[2K⠙ bench: tg128 at 2 threads · run 1/3 · step 5/7 · elapsed 2s");
  });
});
