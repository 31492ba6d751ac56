import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { formatDuration } from "./duration.js";
import { ProgressLine, type Ticker } from "./progress-line.js";

/** A fake stream, clock and timer: the test moves time and fires the timer by hand. */
function harness(isTTY: boolean) {
  const writes: string[] = [];
  const clock = { now: 0 };
  const ticks: (() => void)[] = [];
  let stopped = 0;
  const ticker: Ticker = (_ms, tick) => {
    ticks.push(tick);
    return () => {
      stopped += 1;
    };
  };
  const stream = { isTTY, columns: 200, write: (text: string) => writes.push(text) };
  return {
    writes,
    clock,
    ticks,
    stopped: () => stopped,
    fire: () => {
      for (const tick of ticks) tick();
    },
    stream,
    ticker,
  };
}

describe("formatDuration", () => {
  it("writes seconds, minutes and hours", () => {
    assert.equal(formatDuration(7.4), "7s");
    assert.equal(formatDuration(187), "3m07s");
    assert.equal(formatDuration(3720), "1h02m");
    assert.equal(formatDuration(-1), "?");
  });
});

describe("ProgressLine, plain lines (not a terminal)", () => {
  it("says the phase at once, then at most one line per interval, and no ETA from one item", () => {
    const h = harness(false);
    const line = new ProgressLine({
      label: "suite check",
      stream: h.stream,
      intervalMs: 10_000,
      now: () => h.clock.now,
      ticker: h.ticker,
    });
    line.phase("security:injection: reference solutions", { total: 20 });
    assert.deepEqual(h.writes, ["edgecall: suite check: security:injection: reference solutions 0/20 0%\n"]);
    h.clock.now = 12_000;
    line.advance();
    // 1/20 after 12 s: a line is due, but one item is no rate: no ETA (not "ETA 0s").
    assert.equal(
      h.writes.at(-1),
      "edgecall: suite check: security:injection: reference solutions 1/20 5% · elapsed 12s\n",
    );
    h.clock.now = 13_000;
    line.advance();
    assert.equal(h.writes.length, 2, "a second line within the interval is not written");
    h.clock.now = 24_000;
    h.fire();
    // 2 items in 24 s: 12 s each, 18 left.
    assert.equal(
      h.writes.at(-1),
      "edgecall: suite check: security:injection: reference solutions 2/20 10% · elapsed 24s · ETA 3m36s\n",
    );
    line.finish("done");
    assert.equal(h.writes.at(-1), "edgecall: suite check: done\n");
    assert.equal(h.stopped(), 1, "the timer stops");
  });

  it("keeps a long step with no count alive with a line per interval (heartbeat)", () => {
    const h = harness(false);
    const line = new ProgressLine({
      label: "bench",
      stream: h.stream,
      now: () => h.clock.now,
      ticker: h.ticker,
    });
    line.phase("cold load");
    h.clock.now = 5_000;
    h.fire();
    assert.equal(h.writes.length, 1);
    h.clock.now = 10_500;
    h.fire();
    assert.deepEqual(h.writes, [
      "edgecall: bench: cold load\n",
      "edgecall: bench: cold load · elapsed 11s\n",
    ]);
  });

  it("counts bytes, and gives an ETA only after a few seconds and two updates", () => {
    const h = harness(false);
    const mib = 1024 * 1024;
    const line = new ProgressLine({
      label: "bench",
      stream: h.stream,
      intervalMs: 1000,
      now: () => h.clock.now,
      ticker: false,
    });
    line.phase("synthesising", { total: 400 * mib, unit: "bytes" });
    h.clock.now = 1000;
    line.update(10 * mib);
    assert.doesNotMatch(h.writes.at(-1) ?? "", /ETA/, "one second of data is no ETA");
    h.clock.now = 4000;
    line.update(100 * mib);
    assert.equal(
      h.writes.at(-1),
      "edgecall: bench: synthesising 100.00 MiB of 400.00 MiB (25%) · elapsed 4s · ETA 12s\n",
    );
  });

  it("does not count cached items towards the rate: all cached, no ETA", () => {
    const h = harness(false);
    const line = new ProgressLine({
      label: "eval",
      stream: h.stream,
      intervalMs: 0,
      now: () => h.clock.now,
      ticker: false,
    });
    line.phase("", { total: 20, rate: true });
    for (let index = 0; index < 19; index += 1) {
      h.clock.now += 200;
      line.advance({ cached: true });
    }
    assert.equal(h.writes.at(-1), "edgecall: eval: 19/20 95% · 19 from the cache · elapsed 4s\n");
  });

  it("does not repeat the closing line when the last line said it", () => {
    const h = harness(false);
    const line = new ProgressLine({
      label: "eval",
      stream: h.stream,
      intervalMs: 0,
      now: () => h.clock.now,
      ticker: false,
    });
    line.phase("", { total: 1, announce: false });
    line.advance();
    line.finish(line.status());
    assert.deepEqual(h.writes, ["edgecall: eval: 1/1 100%\n"]);
  });
});

describe("ProgressLine, live line (a terminal)", () => {
  it("redraws one line in place with a spinner and a bar, and clears it at the end", () => {
    const h = harness(true);
    const line = new ProgressLine({
      label: "bench",
      stream: h.stream,
      now: () => h.clock.now,
      ticker: h.ticker,
    });
    line.phase("pp512 at 2 threads", { total: 4 });
    h.clock.now = 500;
    line.advance();
    h.clock.now = 600;
    h.fire();
    assert.ok(h.writes.every((text) => text.startsWith("\r\x1b[2K")));
    assert.ok(!h.writes.some((text) => text.includes("\n")), "a live line has no newline");
    assert.equal(h.writes[0], "\r\x1b[2K⠋ bench: ░░░░░░░░░░░░░░░░░░░░ pp512 at 2 threads 0/4 0%");
    assert.equal(h.writes[1], "\r\x1b[2K⠙ bench: █████░░░░░░░░░░░░░░░ pp512 at 2 threads 1/4 25%");
    assert.equal(h.writes[2]?.slice(0, 6), "\r\x1b[2K⠹", "the timer moves the spinner");
    line.note("warning: busy");
    assert.deepEqual(h.writes.slice(3, 5), ["\r\x1b[2K", "edgecall: bench: warning: busy\n"]);
    assert.match(h.writes[5] ?? "", /^\r\x1b\[2K⠸ bench: /, "the line is drawn again under the note");
    line.finish();
    assert.equal(h.writes.at(-1), "\r\x1b[2K");
  });

  it("cuts the line to the terminal's width", () => {
    const h = harness(true);
    h.stream.columns = 30;
    const line = new ProgressLine({
      label: "bench",
      stream: h.stream,
      now: () => h.clock.now,
      ticker: false,
    });
    line.phase("x".repeat(100));
    assert.equal(h.writes[0]?.length, "\r\x1b[2K".length + 29);
  });
});
