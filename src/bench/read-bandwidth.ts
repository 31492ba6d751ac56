/**
 * Memory read bandwidth, measured with our own routine: worker threads each stream through a
 * buffer of their own (together much larger than the CPU caches) at the same time, several
 * rounds, and the best round counts. The reads are 128-bit SIMD loads from a small WebAssembly
 * module (simd-reader-wasm.ts), as llama.cpp's AVX2 kernels read weights: plain JavaScript
 * indexing loads 8 bytes at a time and measured about a third of what llama.cpp itself pulled
 * through the memory at decode, so it could not serve as the bound.
 */
import { Worker } from "node:worker_threads";
import { simdReaderAvailable, simdReaderModuleBytes } from "./simd-reader-wasm.js";

/** What to measure. */
export interface ReadBandwidthOptions {
  /** Total buffer size in bytes over all threads (default 1 GiB); rounded down to 64 KiB pages per thread. */
  bytes?: number;
  /** Reader threads (default 1). */
  threads?: number;
  /** Rounds; the fastest counts (default 5). */
  rounds?: number;
}

/** The measurement. */
export interface ReadBandwidth {
  /** Best round: bytes read ÷ seconds from the start signal to the last reader finishing. */
  bytesPerSecond: number;
  /** Every round's bytes per second, in order. */
  rounds: number[];
  threads: number;
  /** Bytes read per round (all threads together). */
  bytes: number;
  /**
   * Whether every reader's checksum matched the buffer's contents (every byte is 1, so each
   * 64-bit lane adds 0x0101010101010101) in every round: proof that every byte was read.
   */
  checksumsMatch: boolean;
}

/** WebAssembly's page size; each reader's memory is whole pages (and so a multiple of its 128-byte step). */
const pageBytes = 64 * 1024;
const maxBytesPerThread = 2 * 1024 * 1024 * 1024;

/** The reader: fills its own memory, then waits for round numbers in control[0], reads it all, reports. */
const readerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const { moduleBytes, bytes, control } = workerData;
const memory = new WebAssembly.Memory({ initial: bytes / ${pageBytes} });
const instance = new WebAssembly.Instance(new WebAssembly.Module(moduleBytes), { env: { memory } });
const read = instance.exports.read;
new Uint8Array(memory.buffer).fill(1);
const signal = new Int32Array(control);
let round = 0;
read(0, bytes);
parentPort.postMessage({ ready: true });
for (;;) {
  Atomics.wait(signal, 0, round);
  round = Atomics.load(signal, 0);
  if (round < 0) break;
  const sum = BigInt.asUintN(64, read(0, bytes));
  parentPort.postMessage({ round, sum });
}
`;

/** The checksum a reader returns for `bytes` bytes of ones: the 64-bit lanes summed, wrapping at 2^64. */
export function expectedChecksum(bytes: number): bigint {
  return BigInt.asUintN(64, 0x0101010101010101n * BigInt(bytes / 8));
}

function nextMessage(worker: Worker): Promise<{ round?: number; sum?: bigint }> {
  return new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
}

/** Measures read bandwidth; see the module comment. */
export async function measureReadBandwidth(options: ReadBandwidthOptions = {}): Promise<ReadBandwidth> {
  const threads = options.threads ?? 1;
  const roundCount = options.rounds ?? 5;
  if (!Number.isInteger(threads) || threads < 1) throw new RangeError(`threads must be >= 1, got ${threads}`);
  if (!Number.isInteger(roundCount) || roundCount < 1)
    throw new RangeError(`rounds must be >= 1, got ${roundCount}`);
  const perThread = Math.floor((options.bytes ?? 1024 * 1024 * 1024) / threads / pageBytes) * pageBytes;
  if (perThread < pageBytes) throw new RangeError(`buffer too small: at least ${pageBytes} bytes per thread`);
  if (perThread > maxBytesPerThread) {
    throw new RangeError(
      `buffer too large: at most ${maxBytesPerThread} bytes per thread (WebAssembly memory)`,
    );
  }
  if (!simdReaderAvailable()) {
    throw new Error("this Node.js lacks WebAssembly SIMD, which the bandwidth routine needs");
  }
  const control = new SharedArrayBuffer(4);
  const signal = new Int32Array(control);
  const workers = Array.from(
    { length: threads },
    () =>
      new Worker(readerSource, {
        eval: true,
        workerData: { moduleBytes: simdReaderModuleBytes(), bytes: perThread, control },
      }),
  );
  try {
    await Promise.all(workers.map(nextMessage));
    const rounds: number[] = [];
    const expected = expectedChecksum(perThread);
    let checksumsMatch = true;
    for (let round = 1; round <= roundCount; round += 1) {
      const finished = Promise.all(workers.map(nextMessage));
      const started = performance.now();
      Atomics.store(signal, 0, round);
      Atomics.notify(signal, 0);
      const results = await finished;
      const seconds = (performance.now() - started) / 1000;
      rounds.push((perThread * threads) / seconds);
      if (!results.every((result) => result.sum === expected)) checksumsMatch = false;
    }
    return {
      bytesPerSecond: Math.max(...rounds),
      rounds,
      threads,
      bytes: perThread * threads,
      checksumsMatch,
    };
  } finally {
    Atomics.store(signal, 0, -1);
    Atomics.notify(signal, 0);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
