/**
 * Does a RANDOM-WEIGHT twin predict a real file's speed (the premise of `edgecall bench --shape`)?
 * The twin is the synthesiser's plan for the real file's shape, read from its metadata, with every
 * tensor's ggml type copied from the real file (bench/twin-vs-real/twin-file.ts; it says which
 * types had to be replaced by the nearest writable one, and any tensor that differs). The real file
 * and the twin then run ALTERNATELY (real first in even pairs, twin first in odd ones), each run a
 * fresh `edgecall bench` process with the same threads and token counts, and the median of the
 * pairwise ratios twin ÷ real is printed for prefill and decode with its 95 % interval: on a shared
 * machine speed drifts between runs, and pairing cancels most of the drift. The premise holds when
 * both ratios are within a few percent of 1.
 *
 *   node --import tsx bench/twin-vs-real.ts --model REAL.gguf [--threads 2] [--prompt-tokens 256]
 *     [--gen-tokens 64] [--repeats 2] [--pairs 8] [--json]
 */
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { parseArgs } from "node:util";
import { parseBenchOptions } from "../src/bench/bench-options.js";
import { type RatioSummary, summariseRatios } from "../src/bench/llama-bench-run.js";
import { runBench } from "../src/bench/run-bench.js";
import { errorMessage } from "../src/error-message.js";
import { isEdgecallError } from "../src/errors.js";
import { countNoun } from "../src/text/count-noun.js";
import { writeTwin } from "./twin-vs-real/twin-file.js";

const minimumPairs = 6;
/** "Within a few percent": the premise holds when the whole interval lies in 1 ± this. */
const tolerance = 0.05;

const { values } = parseArgs({
  options: {
    model: { type: "string" },
    threads: { type: "string", default: "2" },
    "prompt-tokens": { type: "string", default: "256" },
    "gen-tokens": { type: "string", default: "64" },
    repeats: { type: "string", default: "2" },
    pairs: { type: "string", default: "8" },
    seed: { type: "string", default: "0" },
    json: { type: "boolean", default: false },
  },
});

interface Speeds {
  prefill: number;
  decode: number;
  /** Decode counting only the time inside llama.cpp's decode calls (sampling and JavaScript left out). */
  decodeInside?: number;
}

interface Pair {
  order: "real first" | "twin first";
  real: Speeds;
  twin: Speeds;
}

function verdict(summary: RatioSummary): "holds" | "fails" | "undecided" {
  const interval = summary.medianInterval;
  if (!interval) return "undecided";
  if (interval.lower >= 1 - tolerance && interval.upper <= 1 + tolerance) return "holds";
  if (interval.upper < 1 - tolerance || interval.lower > 1 + tolerance) return "fails";
  return "undecided";
}

function describe(name: string, summary: RatioSummary): string {
  const interval = summary.medianInterval;
  const intervalText = interval
    ? `, ${(interval.coverage * 100).toFixed(1)} % interval of the median ${interval.lower.toFixed(3)}-${interval.upper.toFixed(3)}`
    : "";
  return (
    `${name}: twin/real median ${summary.median.toFixed(3)} over ${summary.pairs} pairs ` +
    `(interquartile ${summary.interquartile[0].toFixed(3)}-${summary.interquartile[1].toFixed(3)}, ` +
    `range ${summary.min.toFixed(3)}-${summary.max.toFixed(3)}${intervalText}); ` +
    `premise (within ±${tolerance * 100} %): ${verdict(summary)}`
  );
}

async function main(): Promise<void> {
  if (values.model === undefined) throw new Error("give --model REAL.gguf");
  const pairCount = Number(values.pairs);
  if (!Number.isInteger(pairCount) || pairCount < minimumPairs)
    throw new Error(`--pairs must be a whole number >= ${minimumPairs}, got ${values.pairs}`);
  const plan = parseBenchOptions({
    model: values.model,
    threads: values.threads,
    promptTokens: values["prompt-tokens"],
    genTokens: values["gen-tokens"],
    repeats: values.repeats,
    gpu: "off",
  });
  if (plan.threads.length !== 1 || plan.promptTokens.length !== 1 || plan.genTokens === 0)
    throw new Error("give one --threads value, one --prompt-tokens value and --gen-tokens > 0");
  const [threads] = plan.threads as [number];
  const [promptTokens] = plan.promptTokens as [number];
  const twinPath = join(tmpdir(), `edgecall-twin-${process.pid}-${basename(values.model)}`);
  const twin = await writeTwin(values.model, twinPath, Number(values.seed));
  try {
    console.log(
      `${values.model} vs its RANDOM-WEIGHT twin (${Object.entries(twin.types)
        .map(([type, count]) => `${type} ${count}`)
        .join(", ")}): pp${promptTokens} and tg${plan.genTokens} at ${countNoun(threads, "thread")}, ` +
        `${plan.repeats} timed runs per file per pair`,
    );
    console.log(
      `types replaced in the twin: ${twin.substitutions.length ? twin.substitutions.join("; ") : "none"}`,
    );
    console.log(`tensors that differ: ${twin.differences.length ? twin.differences.join("; ") : "none"}`);
    const measure = async (path: string): Promise<Speeds> => {
      const report = await runBench({ ...plan, source: { kind: "file", path } });
      const result = (kind: "pp" | "tg") =>
        report.results.find((entry) => (kind === "pp" ? entry.genTokens === 0 : entry.promptTokens === 0))!;
      const inside = result("tg").insideLlamaCpp;
      return {
        prefill: result("pp").tokensPerSecond.median,
        decode: result("tg").tokensPerSecond.median,
        ...(inside ? { decodeInside: inside.tokensPerSecond.median } : {}),
      };
    };
    const pairs: Pair[] = [];
    for (let index = 0; index < pairCount; index += 1) {
      const realFirst = index % 2 === 0;
      const first = await measure(realFirst ? values.model : twin.path);
      const second = await measure(realFirst ? twin.path : values.model);
      const pair: Pair = {
        order: realFirst ? "real first" : "twin first",
        real: realFirst ? first : second,
        twin: realFirst ? second : first,
      };
      pairs.push(pair);
      console.log(
        `pair ${index + 1}/${pairCount} (${pair.order}): pp ${pair.twin.prefill.toFixed(1)} / ${pair.real.prefill.toFixed(1)} = ` +
          `${(pair.twin.prefill / pair.real.prefill).toFixed(3)}, tg ${pair.twin.decode.toFixed(2)} / ` +
          `${pair.real.decode.toFixed(2)} = ${(pair.twin.decode / pair.real.decode).toFixed(3)}`,
      );
    }
    const prefill = summariseRatios(pairs.map((pair) => pair.twin.prefill / pair.real.prefill));
    const decode = summariseRatios(pairs.map((pair) => pair.twin.decode / pair.real.decode));
    console.log(describe(`prefill (pp${promptTokens})`, prefill));
    console.log(describe(`decode (tg${plan.genTokens})`, decode));
    const decodeInside = pairs.every((pair) => pair.real.decodeInside && pair.twin.decodeInside)
      ? summariseRatios(pairs.map((pair) => pair.twin.decodeInside! / pair.real.decodeInside!))
      : undefined;
    if (decodeInside) console.log(describe("decode inside llama.cpp's decode calls", decodeInside));
    if (values.json) {
      console.log(
        JSON.stringify({
          model: values.model,
          twin: {
            shape: twin.shape,
            types: twin.types,
            substitutions: twin.substitutions,
            differences: twin.differences,
          },
          threads,
          promptTokens,
          genTokens: plan.genTokens,
          repeats: plan.repeats,
          pairs,
          tolerance,
          prefill: { ...prefill, verdict: verdict(prefill) },
          decode: { ...decode, verdict: verdict(decode) },
          ...(decodeInside ? { decodeInside: { ...decodeInside, verdict: verdict(decodeInside) } } : {}),
        }),
      );
    }
  } finally {
    await rm(twinPath, { force: true });
  }
}

try {
  await main();
} catch (error) {
  process.stderr.write(`twin-vs-real: ${errorMessage(error)}\n`);
  process.exitCode = isEdgecallError(error, "usage") ? 2 : 1;
}
