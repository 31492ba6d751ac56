/**
 * Flash attention on or off, at the depths an agent works at: on a synthesised RANDOM-WEIGHT file
 * of a real shape (speed only), for each held-context depth, each setting in a fresh context on the
 * same file and threads, alternating (on first at even depths), it measures:
 * - cold prefill: the depth's tokens evaluated from an empty sequence (tokens/s);
 * - a turn's new tokens: `--chunk` more tokens evaluated on top of the depth (seconds);
 * - decode: `--gen-tokens` tokens generated greedily one at a time after that (tokens/s).
 * This is the measurement behind the backend's default (flash attention off on the CPU; see
 * src/backend/llama-cpp/load.ts and docs/prefix-reuse.md).
 *
 *   node --import tsx bench/attention-depth.ts --shape qwen3-0.6b --quant q4_0 --threads 2
 *     [--depths 512,2048,3600] [--chunk 85] [--gen-tokens 16] [--json]
 */
import { parseArgs } from "node:util";
import type { Token } from "node-llama-cpp";
import { countNoun } from "../src/text/count-noun.js";
import { runWithOnePoolThread } from "./one-pool-thread.js";
import { openShapeModel, shapeModelFlags } from "./shape-model.js";
import { wholeNumberFlag } from "./whole-number-flag.js";

runWithOnePoolThread();

const { values } = parseArgs({
  options: {
    ...shapeModelFlags,
    depths: { type: "string", default: "512,2048,3600" },
    chunk: { type: "string", default: "85" },
    "gen-tokens": { type: "string", default: "16" },
    json: { type: "boolean", default: false },
  },
});

const depths = values.depths.split(",").map((each) => wholeNumberFlag(each.trim(), "--depths"));
const chunk = wholeNumberFlag(values.chunk, "--chunk");
const genTokens = wholeNumberFlag(values["gen-tokens"], "--gen-tokens");
const log = (line: string) => process.stderr.write(`${line}\n`);

/** Deterministic token ids spread over the vocabulary's first 50,000 (random weights: any will do). */
const tokenRun = (offset: number, length: number) =>
  Array.from({ length }, (_, index) => ((1000 + offset + index * 7) % 50000) as Token);

interface Row {
  depth: number;
  flashAttention: "on" | "off";
  prefillTokensPerSecond: number;
  chunkMs: number;
  decodeTokensPerSecond: number;
}

async function main(): Promise<void> {
  const { threads, model, llama } = await openShapeModel(values, log);
  const loaded = await llama.loadModel({ modelPath: model.path, gpuLayers: 0 });
  const rows: Row[] = [];
  for (const [index, depth] of depths.entries()) {
    const settings = index % 2 === 0 ? (["on", "off"] as const) : (["off", "on"] as const);
    for (const setting of settings) {
      const context = await loaded.createContext({
        contextSize: depth + chunk + genTokens + 256,
        threads,
        flashAttention: setting === "on",
      });
      try {
        const sequence = context.getSequence();
        let started = performance.now();
        await sequence.evaluateWithoutGeneratingNewTokens(tokenRun(0, depth));
        const prefillMs = performance.now() - started;
        started = performance.now();
        await sequence.evaluateWithoutGeneratingNewTokens(tokenRun(99, chunk));
        const chunkMs = performance.now() - started;
        started = performance.now();
        let generated = 0;
        for await (const _token of sequence.evaluate([5 as Token], { temperature: 0 })) {
          if (++generated >= genTokens) break;
        }
        const decodeMs = performance.now() - started;
        const row: Row = {
          depth,
          flashAttention: setting,
          prefillTokensPerSecond: Number(((depth * 1000) / prefillMs).toFixed(1)),
          chunkMs: Math.round(chunkMs),
          decodeTokensPerSecond: Number(((genTokens * 1000) / decodeMs).toFixed(1)),
        };
        rows.push(row);
        log(
          `depth ${depth}, flash attention ${setting}: prefill ${row.prefillTokensPerSecond} t/s, ` +
            `+${chunk} tokens ${(row.chunkMs / 1000).toFixed(2)} s, decode ${row.decodeTokensPerSecond} t/s`,
        );
      } finally {
        await context.dispose();
      }
    }
  }
  await loaded.dispose();
  await llama.dispose();
  const document = {
    model: { path: model.path, shape: values.shape, quant: values.quant, randomWeights: true },
    threads,
    chunk,
    genTokens,
    rows,
  };
  if (values.json) {
    process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
    return;
  }
  const lines = [
    `attention at depth: ${values.shape} ${values.quant}, ${countNoun(threads, "thread")}, RANDOM WEIGHTS (speed only)`,
    `| depth | flash attention | cold prefill t/s | +${chunk} tokens s | decode t/s |`,
    "|---:|---|---:|---:|---:|",
    ...rows.map(
      (row) =>
        `| ${row.depth} | ${row.flashAttention} | ${row.prefillTokensPerSecond} | ${(row.chunkMs / 1000).toFixed(2)} | ${row.decodeTokensPerSecond} |`,
    ),
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`attention-depth: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
