/**
 * Synthesises a random-weight GGUF, loads it in node-llama-cpp and measures decode speed.
 * Prints synth seconds, load seconds and decode tokens/s. RANDOM WEIGHTS: the numbers measure
 * the runtime on this shape, not a real model's output quality.
 *
 *   node --import tsx bench/synth-load.ts [--preset qwen3.5-0.8b] [--arch ARCH] [--quant q4_0]
 *        [--threads 2] [--tokens 32] [--keep]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { getLlama, LlamaLogLevel } from "node-llama-cpp";
import { synthesizeGguf } from "../src/gguf/synth/synthesize.js";
import { countNoun } from "../src/text/count-noun.js";
import { runWithOnePoolThread } from "./one-pool-thread.js";

runWithOnePoolThread();

const { values } = parseArgs({
  options: {
    preset: { type: "string", default: "qwen3.5-0.8b" },
    arch: { type: "string" },
    quant: { type: "string", default: "q4_0" },
    threads: { type: "string", default: "2" },
    tokens: { type: "string", default: "32" },
    keep: { type: "boolean", default: false },
  },
});
const threads = Number(values.threads);
const tokenCount = Number(values.tokens);
const directory = mkdtempSync(join(tmpdir(), "edgecall-bench-synth-"));

try {
  const synth = await synthesizeGguf({
    preset: values.preset,
    arch: values.arch,
    quant: values.quant,
    outputPath: join(directory, `random-${values.preset}-${values.quant}.gguf`),
  });
  console.log(`model: random-${synth.preset} (${synth.arch}, ${synth.quant}) — RANDOM WEIGHTS`);
  if (!synth.verified) console.log(`note: ${synth.notes}`);
  console.log(
    `parameters: ${synth.parameters.toLocaleString("en")}  file: ${(synth.bytes / 2 ** 20).toFixed(1)} MiB`,
  );
  console.log(`synth: ${synth.seconds.toFixed(2)} s`);

  const llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
  const loadStart = performance.now();
  const model = await llama.loadModel({ modelPath: synth.path });
  console.log(`load: ${((performance.now() - loadStart) / 1000).toFixed(2)} s`);
  const context = await model.createContext({ contextSize: 512, threads });
  const sequence = context.getSequence();
  const prompt = model.tokenize("The weather in Paris is");
  const decodeTimes: number[] = [];
  let last = performance.now();
  let generated = 0;
  for await (const _token of sequence.evaluate(prompt, { temperature: 0 })) {
    const now = performance.now();
    decodeTimes.push(now - last);
    last = now;
    if (++generated >= tokenCount) break;
  }
  // The first token includes the prompt's prefill; decode speed is measured over the rest.
  const decodeMs = decodeTimes.slice(1).reduce((sum, value) => sum + value, 0);
  console.log(
    `prefill + first token: ${(decodeTimes[0] ?? 0).toFixed(0)} ms (${prompt.length} prompt tokens)`,
  );
  console.log(
    `decode: ${((generated - 1) / (decodeMs / 1000)).toFixed(1)} tokens/s over ${generated - 1} tokens, ${countNoun(threads, "thread")} (random weights)`,
  );
  await context.dispose();
  await model.dispose();
  await llama.dispose();
  if (values.keep) console.log(`kept: ${synth.path}`);
} finally {
  if (!values.keep) rmSync(directory, { recursive: true, force: true });
}
