/**
 * Is a greedy output that differs between one sequence and four (the parallel workload's
 * `sameOutputs: false`) a near-tie flipped by float rounding, or a defect? On a synthesised
 * RANDOM-WEIGHT model (whose next-token distributions are nearly flat, so near-ties are common),
 * one greedy continuation of the same prompt runs alone on a 1-sequence context and on sequence 0
 * of a 4-sequence context while the other three decode other prompts in the same batches (and,
 * as a control, alone on a 4-sequence context). At the
 * first step where the chosen tokens differ, it prints the two best probabilities of each run: a
 * gap far below the probabilities themselves, with the two runs' top two swapped, is numerics
 * (llama.cpp's CPU kernels sum in a different order for a different batch), not state corruption.
 *
 *   node --import tsx bench/greedy-divergence.ts --shape qwen3-0.6b --quant q4_0 --threads 2 [--tokens 64]
 */
import { parseArgs } from "node:util";
import { getLlama, type LlamaContextSequence, LlamaLogLevel, type Token } from "node-llama-cpp";
import { resolveBenchModel } from "../src/bench/bench-model.js";
import { parseBenchOptions } from "../src/bench/bench-options.js";
import { runWithOnePoolThread } from "./one-pool-thread.js";

runWithOnePoolThread();

const { values } = parseArgs({
  options: {
    shape: { type: "string", default: "qwen3-0.6b" },
    quant: { type: "string", default: "q4_0" },
    threads: { type: "string", default: "2" },
    tokens: { type: "string", default: "64" },
  },
});
const threads = Number(values.threads);
const steps = Number(values.tokens);
const options = parseBenchOptions({ shape: values.shape, quant: values.quant, gpu: "off" });
const file = await resolveBenchModel(options.source, (line) => process.stderr.write(`${line}\n`));
const llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
const model = await llama.loadModel({ modelPath: file.path });

interface Step {
  token: Token;
  top: [Token, number][];
}

async function greedy(sequence: LlamaContextSequence, prompt: Token[]): Promise<Step[]> {
  const done: Step[] = [];
  const run = sequence.evaluateWithMetadata(prompt, { probabilities: true }, { temperature: 0 });
  for await (const next of run) {
    done.push({ token: next.token, top: [...(next.probabilities?.entries() ?? [])].slice(0, 2) });
    if (done.length >= steps) break;
  }
  return done;
}

const prompts = ["Count slowly from one to ten", "List three colours", "Name a city", "Say hello"].map(
  (text) => model.tokenize(text),
);
const alone = await model.createContext({ contextSize: 512, sequences: 1, threads });
const single = await greedy(alone.getSequence(), prompts[0] as Token[]);
await alone.dispose();
// The same prompt alone on a 4-sequence context: tells a batch effect from a context effect.
const idle = await model.createContext({ contextSize: 2048, sequences: 4, threads });
const aloneOnFour = await greedy(idle.getSequence(), prompts[0] as Token[]);
await idle.dispose();
const shared = await model.createContext({ contextSize: 2048, sequences: 4, threads });
const runs = await Promise.all(prompts.map((prompt) => greedy(shared.getSequence(), prompt)));
await shared.dispose();
const batched = runs[0] as Step[];

const first = single.findIndex((step, index) => step.token !== batched[index]?.token);
const show = (step: Step | undefined) =>
  (step?.top ?? []).map(([token, p]) => `${token}:${p.toExponential(4)}`).join(", ");
const result = {
  model: { path: file.path, shape: values.shape, quant: values.quant, randomWeights: true },
  threads,
  steps,
  identical: first < 0,
  /** True when the prompt alone on the 4-sequence context decodes exactly as on the 1-sequence one. */
  aloneOnFourIdentical: aloneOnFour.every((step, index) => step.token === single[index]?.token),
  firstDifferentStep: first < 0 ? null : first,
  alone: first < 0 ? null : show(single[first]),
  inBatch: first < 0 ? null : show(batched[first]),
  gapAlone:
    first < 0 ? null : Math.abs((single[first]?.top[0]?.[1] ?? 0) - (single[first]?.top[1]?.[1] ?? 0)),
};
console.log(JSON.stringify(result, null, 2));
await model.dispose();
await llama.dispose();
