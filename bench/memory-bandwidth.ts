/**
 * Measures memory read bandwidth with our own routine (src/bench/read-bandwidth.ts) and, given an
 * `edgecall bench --json` report or a model file and a decode speed, prints decode tokens/s as a
 * fraction of the bandwidth bound (bandwidth ÷ weight bytes read per token).
 *
 *   node --import tsx bench/memory-bandwidth.ts [--threads 1,2] [--size-mib 1024] [--rounds 5]
 *        [--bench-json FILE | --model FILE.gguf --decode-tps X]
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { fractionOfBandwidthBound, weightTraffic } from "../src/bench/bandwidth-bound.js";
import { parseIntegerList } from "../src/bench/bench-options.js";
import type { BenchReport } from "../src/bench/bench-report.js";
import { measureReadBandwidth, type ReadBandwidth } from "../src/bench/read-bandwidth.js";
import { contextShapeFromMetadata } from "../src/gguf/context-memory.js";
import { readGguf } from "../src/gguf/reader.js";
import { formatBytes } from "../src/text/byte-units.js";

const { values } = parseArgs({
  options: {
    threads: { type: "string", default: "1,2" },
    "size-mib": { type: "string", default: "1024" },
    rounds: { type: "string", default: "5" },
    "bench-json": { type: "string" },
    model: { type: "string" },
    "decode-tps": { type: "string" },
  },
});

function fail(message: string): never {
  process.stderr.write(`memory-bandwidth: ${message}\n`);
  process.exit(2);
}

interface DecodeFigure {
  label: string;
  threads: number;
  tokensPerSecond: number;
  bytesPerToken: number;
}

async function decodeFigures(): Promise<DecodeFigure[]> {
  if (values["bench-json"] !== undefined) {
    let report: BenchReport;
    try {
      report = JSON.parse(readFileSync(values["bench-json"], "utf8")) as BenchReport;
    } catch (error) {
      fail(`cannot read --bench-json ${values["bench-json"]}: ${(error as Error).message}`);
    }
    return report.results
      .filter((result) => result.genTokens > 0)
      .map((result) => ({
        label: `${report.model.description} ${result.test}`,
        threads: result.threads,
        tokensPerSecond: result.tokensPerSecond.median,
        bytesPerToken: report.model.weightBytesPerToken,
      }));
  }
  if (values.model !== undefined) {
    const tokensPerSecond = Number(values["decode-tps"]);
    if (!(tokensPerSecond > 0)) fail("--model needs --decode-tps X (a positive decode speed)");
    const file = await readGguf(values.model, { maxArrayElementsKept: 1024 });
    const shape = contextShapeFromMetadata(file.metadata);
    const threads = parseIntegerList(values.threads!, "--threads");
    return threads.map((count) => ({
      label: values.model!,
      threads: count,
      tokensPerSecond,
      bytesPerToken: weightTraffic(file.tensors, shape.layers).bytesPerToken,
    }));
  }
  return [];
}

const figures = await decodeFigures();
const threadCounts = [
  ...new Set([...parseIntegerList(values.threads!, "--threads"), ...figures.map((figure) => figure.threads)]),
].sort((a, b) => a - b);
const bytes = Number(values["size-mib"]) * 1024 * 1024;
const rounds = Number(values.rounds);
if (!(bytes > 0) || !Number.isInteger(rounds) || rounds < 1) fail("--size-mib and --rounds must be positive");

const bandwidths = new Map<number, ReadBandwidth>();
for (const threads of threadCounts) {
  const result = await measureReadBandwidth({ bytes, threads, rounds });
  bandwidths.set(threads, result);
  const all = result.rounds.map((value) => (value / 1e9).toFixed(1)).join(", ");
  console.log(
    `read bandwidth, ${threads} thread${threads === 1 ? "" : "s"}: ${(result.bytesPerSecond / 1e9).toFixed(2)} GB/s ` +
      `(best of ${rounds} over ${formatBytes(result.bytes)}; rounds: ${all} GB/s)`,
  );
}
console.log(
  "(128-bit SIMD loads from WebAssembly, each thread over its own buffer, all threads at once; " +
    "the machine's read bandwidth as llama.cpp's AVX2 kernels can use it)",
);

for (const figure of figures) {
  const bandwidth = bandwidths.get(figure.threads)!.bytesPerSecond;
  const fraction = fractionOfBandwidthBound(figure.tokensPerSecond, figure.bytesPerToken, bandwidth);
  console.log(
    `${figure.label} at ${figure.threads} thread${figure.threads === 1 ? "" : "s"}: ` +
      `${figure.tokensPerSecond.toFixed(2)} t/s × ${formatBytes(figure.bytesPerToken)} per token = ` +
      `${((figure.tokensPerSecond * figure.bytesPerToken) / 1e9).toFixed(2)} GB/s, ` +
      `${(fraction * 100).toFixed(1)}% of the bound (${(bandwidth / figure.bytesPerToken).toFixed(1)} t/s at ` +
      `${(bandwidth / 1e9).toFixed(2)} GB/s)`,
  );
}
