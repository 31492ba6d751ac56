import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { measureReadBandwidth } from "./read-bandwidth.js";

describe("measureReadBandwidth", () => {
  it("reads every element of the buffer in every round, across threads", async () => {
    const result = await measureReadBandwidth({ bytes: 8 * 1024 * 1024 + 24, threads: 2, rounds: 3 });
    assert.equal(result.threads, 2);
    assert.equal(result.bytes, 8 * 1024 * 1024 + 16); // a multiple of 8 bytes × 2 threads
    assert.equal(result.checksum, result.bytes / 8);
    assert.equal(result.rounds.length, 3);
    assert.equal(result.bytesPerSecond, Math.max(...result.rounds));
    // Any machine reads faster than 10 MB/s and slower than 10 TB/s.
    assert.ok(result.bytesPerSecond > 1e7 && result.bytesPerSecond < 1e13, String(result.bytesPerSecond));
  });

  it("refuses nonsense options", async () => {
    await assert.rejects(measureReadBandwidth({ threads: 0 }), RangeError);
    await assert.rejects(measureReadBandwidth({ rounds: 0 }), RangeError);
  });
});
