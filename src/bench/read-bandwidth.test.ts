import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { expectedChecksum, measureReadBandwidth } from "./read-bandwidth.js";
import { simdReaderAvailable, simdReaderModuleBytes } from "./simd-reader-wasm.js";

/** The WebAssembly JS-API members used here (Node's types leave the global undeclared without the DOM lib). */
const webAssembly = (
  globalThis as unknown as {
    WebAssembly: {
      Memory: new (descriptor: { initial: number }) => { buffer: ArrayBuffer };
      Module: new (bytes: Uint8Array) => object;
      Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
    };
  }
).WebAssembly;

/** The module over a fresh memory of `pages` 64 KiB pages, as each reader worker instantiates it. */
function createSimdReader(pages: number): {
  bytes: Uint8Array;
  read: (start: number, end: number) => bigint;
} {
  const memory = new webAssembly.Memory({ initial: pages });
  const instance = new webAssembly.Instance(new webAssembly.Module(simdReaderModuleBytes()), {
    env: { memory },
  });
  const read = instance.exports.read as (start: number, end: number) => bigint;
  return { bytes: new Uint8Array(memory.buffer), read: (start, end) => BigInt.asUintN(64, read(start, end)) };
}

describe("simd reader module", () => {
  it("validates and sums exactly the byte range it is given", () => {
    assert.ok(simdReaderAvailable());
    const reader = createSimdReader(2);
    reader.bytes.fill(1);
    assert.equal(reader.read(0, 65536), expectedChecksum(65536));
    // Bytes outside [start, end) do not count; one byte inside changes the sum by its lane weight.
    reader.bytes[300] = 9;
    reader.bytes.fill(200, 65536);
    assert.equal(reader.read(256, 512), expectedChecksum(256) + 8n * 256n ** 4n);
  });
});

describe("measureReadBandwidth", () => {
  it("reads every byte of every thread's buffer in every round", async () => {
    const result = await measureReadBandwidth({ bytes: 8 * 1024 * 1024 + 24, threads: 2, rounds: 3 });
    assert.equal(result.threads, 2);
    assert.equal(result.bytes, 8 * 1024 * 1024); // whole 64 KiB pages per thread
    assert.equal(result.checksumsMatch, true);
    assert.equal(result.rounds.length, 3);
    assert.equal(result.bytesPerSecond, Math.max(...result.rounds));
    // A rate in bytes per second: positive, and under 10 TB/s. No lower bound (a busy machine can
    // be slow; how fast it reads is bench/memory-bandwidth.ts's question).
    assert.ok(result.bytesPerSecond > 0 && result.bytesPerSecond < 1e13, String(result.bytesPerSecond));
  });

  it("refuses nonsense options", async () => {
    await assert.rejects(measureReadBandwidth({ threads: 0 }), RangeError);
    await assert.rejects(measureReadBandwidth({ rounds: 0 }), RangeError);
    await assert.rejects(measureReadBandwidth({ bytes: 1000 }), /too small/);
    await assert.rejects(measureReadBandwidth({ bytes: 5 * 1024 ** 3, threads: 2 }), /too large/);
  });
});
