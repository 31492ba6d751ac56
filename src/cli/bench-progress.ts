/**
 * A benchmark's progress on the shared progress line: a phase per step kind (synthesising the
 * model, with bytes written and an ETA; starting llama.cpp; each load; each test, with its run and
 * the step of all, e.g. `pp512 at 2 threads · run 2/3 · step 9/17`). Used by `bench` and by the
 * demo's bench phase. No ETA across a bench's steps: loads, prefill and decode runs differ in
 * length, so a rate of steps would mislead.
 */
import type { BenchProgressHandler } from "../bench/bench-protocol.js";
import type { ProgressLine } from "../text/progress-line.js";

/** The handler to give `runBench` so that `line` shows its progress. */
export function benchProgress(line: ProgressLine): BenchProgressHandler {
  let current: string | undefined;
  return (message, progress) => {
    if (progress === undefined) {
      // A line of its own (the synthesis about to start, a damaged cached file).
      current = undefined;
      line.note(message);
      return;
    }
    if (progress.unit === "bytes") {
      if (current !== progress.phase) {
        current = progress.phase;
        line.phase(progress.phase, { total: progress.total, unit: "bytes" });
      }
      line.update(progress.done);
      return;
    }
    const rest = message.startsWith(`${progress.phase}: `) ? message.slice(progress.phase.length + 2) : "";
    const detail = [rest, `step ${progress.done + 1}/${progress.total}`]
      .filter((part) => part !== "")
      .join(" · ");
    if (current !== progress.phase) {
      current = progress.phase;
      line.phase(progress.phase, { detail });
    } else line.detail(detail);
  };
}
