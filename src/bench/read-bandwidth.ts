/**
 * Memory read bandwidth, measured with our own routine: worker threads sum disjoint slices of one
 * large shared Float64Array (much larger than the CPU caches) at the same time, several rounds,
 * and the best round counts. Plain JavaScript loads 8 bytes at a time where llama.cpp's kernels
 * use SIMD, so this is a lower bound of what the memory delivers: decode speed can come out above
 * "100% of the bound" computed from it on machines where one JavaScript thread cannot saturate
 * the memory bus.
 */
import { Worker } from "node:worker_threads";

/** What to measure. */
export interface ReadBandwidthOptions {
  /** Buffer size in bytes (default 512 MiB); a multiple of 8 × threads is used. */
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
  bytes: number;
  /** Sum of the buffer as the readers computed it (every element is 1, so it equals the element count). */
  checksum: number;
}

/** The reader: waits for round numbers in control[0], sums its slice, reports, repeats. */
const readerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const { buffer, control, start, end } = workerData;
const values = new Float64Array(buffer);
const signal = new Int32Array(control);
let round = 0;
parentPort.postMessage({ ready: true });
for (;;) {
  Atomics.wait(signal, 0, round);
  round = Atomics.load(signal, 0);
  if (round < 0) break;
  let a = 0, b = 0, c = 0, d = 0;
  let index = start;
  const last = end - 3;
  for (; index < last; index += 4) {
    a += values[index];
    b += values[index + 1];
    c += values[index + 2];
    d += values[index + 3];
  }
  for (; index < end; index++) a += values[index];
  parentPort.postMessage({ round, sum: a + b + c + d });
}
`;

function nextMessage(worker: Worker): Promise<{ round?: number; sum?: number }> {
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
  const elements = Math.floor((options.bytes ?? 512 * 1024 * 1024) / 8 / threads) * threads;
  if (elements < threads) throw new RangeError("buffer too small");
  const buffer = new SharedArrayBuffer(elements * 8);
  new Float64Array(buffer).fill(1);
  const control = new SharedArrayBuffer(4);
  const signal = new Int32Array(control);
  const slice = elements / threads;
  const workers = Array.from(
    { length: threads },
    (_, index) =>
      new Worker(readerSource, {
        eval: true,
        workerData: { buffer, control, start: index * slice, end: (index + 1) * slice },
      }),
  );
  try {
    await Promise.all(workers.map(nextMessage));
    const rounds: number[] = [];
    let checksum = 0;
    for (let round = 1; round <= roundCount; round += 1) {
      const finished = Promise.all(workers.map(nextMessage));
      const started = performance.now();
      Atomics.store(signal, 0, round);
      Atomics.notify(signal, 0);
      const results = await finished;
      const seconds = (performance.now() - started) / 1000;
      rounds.push((elements * 8) / seconds);
      checksum = results.reduce((sum, result) => sum + (result.sum ?? 0), 0);
    }
    return { bytesPerSecond: Math.max(...rounds), rounds, threads, bytes: elements * 8, checksum };
  } finally {
    Atomics.store(signal, 0, -1);
    Atomics.notify(signal, 0);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
