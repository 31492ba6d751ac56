import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { formatEta, startDownloadProgress } from "./download-progress.js";

function sink(isTTY: boolean) {
  let clock = 0;
  const lines: string[] = [];
  return {
    lines,
    tick: (ms: number) => {
      clock += ms;
    },
    sink: { isTTY, write: (text: string) => lines.push(text), now: () => clock },
  };
}

const MiB = 1024 * 1024;

describe("download progress", () => {
  it("writes sparse plain lines off a terminal: a quarter of the file or 30 s apart", () => {
    const { lines, tick, sink: plain } = sink(false);
    const progress = startDownloadProgress(plain, "m.gguf", 100 * MiB, 0);
    for (let mib = 1; mib <= 100; mib += 1) {
      tick(100);
      progress.update(mib * MiB);
    }
    progress.finish("verified");
    assert.equal(lines.length, 1 + 3 + 1, lines.join(""));
    assert.equal(lines[0], "edgecall: downloading m.gguf, 100.00 MiB\n");
    assert.match(
      lines[1]!,
      /^edgecall: downloading m\.gguf: 25\.00 MiB of 100\.00 MiB \(25 %\), 10\.00 MiB\/s, ETA 8s\n$/,
    );
    assert.match(lines[4]!, /downloaded m\.gguf: 100\.00 MiB in 10s at 10\.00 MiB\/s; sha256 verified\n$/);
    const slow = sink(false);
    const crawl = startDownloadProgress(slow.sink, "m.gguf", 100 * MiB, 0);
    slow.tick(31_000);
    crawl.update(MiB);
    assert.equal(slow.lines.length, 2);
  });

  it("rewrites one line on a terminal, at most four times a second, counting a resume's rate from this run", () => {
    const { lines, tick, sink: tty } = sink(true);
    const progress = startDownloadProgress(tty, "m.gguf", 100 * MiB, 50 * MiB);
    assert.match(lines[0]!, /resuming at 50\.00 MiB/);
    progress.update(51 * MiB);
    tick(100);
    progress.update(52 * MiB);
    assert.equal(lines.length, 2);
    assert.ok(lines[1]!.startsWith("\r\x1b[K") && !lines[1]!.endsWith("\n"));
    tick(1900);
    progress.update(60 * MiB);
    assert.match(lines[2]!, /60\.00 MiB of 100\.00 MiB \(60 %\), 5\.00 MiB\/s, ETA 8s$/);
    progress.finish("stopped");
    assert.match(lines[3]!, /^\r\x1b\[Kedgecall: download of m\.gguf stopped at 60\.00 MiB/);
  });

  it("formats the time left", () => {
    assert.equal(formatEta(4_400), "4s");
    assert.equal(formatEta(185_000), "3m 05s");
    assert.equal(formatEta(3_720_000), "1h 02m");
  });
});
