/**
 * edgecall bench vs llama.cpp's llama-bench on the same file, threads and token counts. The two
 * tools run ALTERNATELY (llama-bench first in even pairs, edgecall first in odd ones) for at least
 * 10 pairs, each run a fresh process, and the median of the pairwise ratios edgecall ÷ llama-bench
 * is printed for prefill and decode with its spread: on a shared machine speed drifts between
 * runs, and pairing cancels most of the drift. Build llama-bench as docs/benchmarks.md says.
 *
 *   LLAMA_BENCH=/path/to/llama-bench node --import tsx bench/vs-llama-bench.ts
 *     (--model FILE.gguf | --shape PRESET [--arch ARCH] [--quant q4_0]) [--threads 2]
 *     [--prompt-tokens 512] [--gen-tokens 128] [--repeats 3] [--pairs 10] [--json]
 */
import { parseArgs } from "node:util";
import { resolveBenchModel } from "../src/bench/bench-model.js";
import { parseBenchOptions } from "../src/bench/bench-options.js";
import {
  judgeGoal,
  type LlamaBenchTest,
  llamaBenchArgs,
  type RatioSummary,
  resolveLlamaBench,
  runLlamaBench,
  summariseRatios,
} from "../src/bench/llama-bench-run.js";
import { runBench } from "../src/bench/run-bench.js";
import { median } from "../src/bench/statistics.js";
import { errorMessage } from "../src/error-message.js";
import { isEdgecallError } from "../src/errors.js";
import { countNoun } from "../src/text/count-noun.js";

/** The goals for edgecall ÷ llama-bench. */
const goals = { prefill: 0.97, decode: 0.98 };
const minimumPairs = 10;

const { values } = parseArgs({
  options: {
    model: { type: "string" },
    shape: { type: "string" },
    arch: { type: "string" },
    quant: { type: "string" },
    threads: { type: "string", default: "2" },
    "prompt-tokens": { type: "string", default: "512" },
    "gen-tokens": { type: "string", default: "128" },
    repeats: { type: "string", default: "3" },
    pairs: { type: "string", default: String(minimumPairs) },
    json: { type: "boolean", default: false },
  },
});

interface Pair {
  order: "llama-bench first" | "edgecall first";
  llamaBench: { prefill: number; decode: number };
  /**
   * decodeInsideLlamaCpp: edgecall's tg tokens ÷ the time llama.cpp itself counted inside its
   * decode calls in the same runs (sampling and node-llama-cpp's JavaScript path left out);
   * decodeOutsideShare: the share of edgecall's tg time spent outside them.
   */
  edgecall: { prefill: number; decode: number; decodeInsideLlamaCpp?: number; decodeOutsideShare?: number };
}

function findTest(tests: LlamaBenchTest[], kind: "pp" | "tg"): number {
  const test = tests.find((entry) => (kind === "pp" ? entry.genTokens === 0 : entry.promptTokens === 0));
  if (!test) throw new Error(`llama-bench printed no ${kind} result`);
  return test.tokensPerSecond;
}

const verdictWords = {
  meets: "meets the goal",
  below: "BELOW the goal",
  undecided: "UNDECIDED against the goal (it lies inside the interval: more pairs or a quieter machine)",
} as const;

function describe(name: string, summary: RatioSummary, goal: number): string {
  const interval = summary.medianInterval;
  const intervalText = interval
    ? `, ${(interval.coverage * 100).toFixed(1)} % interval of the median ${interval.lower.toFixed(3)}-${interval.upper.toFixed(3)}`
    : "";
  return (
    `${name}: median ratio ${summary.median.toFixed(3)} over ${summary.pairs} pairs ` +
    `(interquartile ${summary.interquartile[0].toFixed(3)}-${summary.interquartile[1].toFixed(3)}, ` +
    `range ${summary.min.toFixed(3)}-${summary.max.toFixed(3)}${intervalText}); ` +
    `${verdictWords[judgeGoal(summary, goal)]} >= ${goal}`
  );
}

async function main(): Promise<void> {
  const binary = resolveLlamaBench(process.env.LLAMA_BENCH);
  const plan = parseBenchOptions({
    model: values.model,
    shape: values.shape,
    arch: values.arch,
    quant: values.quant,
    threads: values.threads,
    promptTokens: values["prompt-tokens"],
    genTokens: values["gen-tokens"],
    repeats: values.repeats,
    gpu: "off",
  });
  if (plan.threads.length !== 1 || plan.promptTokens.length !== 1 || plan.genTokens === 0) {
    throw new Error("give one --threads value, one --prompt-tokens value and --gen-tokens > 0");
  }
  const pairCount = Number(values.pairs);
  if (!Number.isInteger(pairCount) || pairCount < minimumPairs) {
    throw new Error(`--pairs must be a whole number >= ${minimumPairs}, got ${values.pairs}`);
  }
  const model = await resolveBenchModel(plan.source, (message) => process.stderr.write(`${message}\n`));
  const [threads] = plan.threads as [number];
  const [promptTokens] = plan.promptTokens as [number];
  const args = llamaBenchArgs({
    modelPath: model.path,
    threads,
    promptTokens,
    genTokens: plan.genTokens,
    repeats: plan.repeats,
  });
  const runLlama = async () => {
    const tests = await runLlamaBench(binary, args);
    return { prefill: findTest(tests, "pp"), decode: findTest(tests, "tg") };
  };
  const runEdgecall = async () => {
    const report = await runBench({ ...plan, source: { kind: "file", path: model.path } });
    const resultOf = (kind: "pp" | "tg") =>
      report.results.find((result) => (kind === "pp" ? result.genTokens === 0 : result.promptTokens === 0))!;
    const inside = resultOf("tg").insideLlamaCpp;
    return {
      prefill: resultOf("pp").tokensPerSecond.median,
      decode: resultOf("tg").tokensPerSecond.median,
      ...(inside
        ? { decodeInsideLlamaCpp: inside.tokensPerSecond.median, decodeOutsideShare: inside.outsideShare }
        : {}),
    };
  };
  console.log(
    `${model.path}: pp${promptTokens} and tg${plan.genTokens} at ${countNoun(threads, "thread")}, ${plan.repeats} runs per tool per pair`,
  );
  const pairs: Pair[] = [];
  for (let index = 0; index < pairCount; index += 1) {
    const llamaFirst = index % 2 === 0;
    const first = llamaFirst ? await runLlama() : await runEdgecall();
    const second = llamaFirst ? await runEdgecall() : await runLlama();
    const pair: Pair = {
      order: llamaFirst ? "llama-bench first" : "edgecall first",
      llamaBench: llamaFirst ? first : second,
      edgecall: llamaFirst ? second : first,
    };
    pairs.push(pair);
    console.log(
      `pair ${index + 1}/${pairCount} (${pair.order}): pp ${pair.edgecall.prefill.toFixed(2)} / ${pair.llamaBench.prefill.toFixed(2)} = ` +
        `${(pair.edgecall.prefill / pair.llamaBench.prefill).toFixed(3)}, tg ${pair.edgecall.decode.toFixed(2)} / ` +
        `${pair.llamaBench.decode.toFixed(2)} = ${(pair.edgecall.decode / pair.llamaBench.decode).toFixed(3)}`,
    );
  }
  const prefill = summariseRatios(pairs.map((pair) => pair.edgecall.prefill / pair.llamaBench.prefill));
  const decode = summariseRatios(pairs.map((pair) => pair.edgecall.decode / pair.llamaBench.decode));
  console.log(describe(`prefill (pp${promptTokens})`, prefill, goals.prefill));
  console.log(describe(`decode (tg${plan.genTokens})`, decode, goals.decode));
  const insidePairs = pairs.filter((pair) => pair.edgecall.decodeInsideLlamaCpp !== undefined);
  let decodeInsideLlamaCpp: RatioSummary | undefined;
  let decodeOutsideShare: number | undefined;
  if (insidePairs.length === pairs.length) {
    decodeInsideLlamaCpp = summariseRatios(
      insidePairs.map((pair) => pair.edgecall.decodeInsideLlamaCpp! / pair.llamaBench.decode),
    );
    decodeOutsideShare = median(insidePairs.map((pair) => pair.edgecall.decodeOutsideShare!));
    console.log(
      `decode counting only llama.cpp's decode time in edgecall's runs: median ratio ` +
        `${decodeInsideLlamaCpp.median.toFixed(3)} (interquartile ${decodeInsideLlamaCpp.interquartile[0].toFixed(3)}-` +
        `${decodeInsideLlamaCpp.interquartile[1].toFixed(3)}); median share of edgecall's decode time outside ` +
        `llama.cpp (sampling, node-llama-cpp's JavaScript path): ${(decodeOutsideShare * 100).toFixed(1)}%`,
    );
  }
  if (values.json) {
    console.log(
      JSON.stringify({
        model: model.path,
        threads,
        promptTokens,
        genTokens: plan.genTokens,
        pairs,
        goals,
        prefill: { ...prefill, verdict: judgeGoal(prefill, goals.prefill) },
        decode: { ...decode, verdict: judgeGoal(decode, goals.decode) },
        ...(decodeInsideLlamaCpp ? { decodeInsideLlamaCpp, decodeOutsideShare } : {}),
      }),
    );
  }
}

try {
  await main();
} catch (error) {
  process.stderr.write(`vs-llama-bench: ${errorMessage(error)}\n`);
  process.exitCode = isEdgecallError(error, "usage") ? 2 : 1;
}
