/**
 * Drafting (`--prompt-lookup`) judged on a model's own outputs: a random-weight model cannot show
 * how often drafts are accepted (docs/prefix-reuse.md), a real file can. Two in-process backends
 * on the same file and threads, one without and one with drafting (both with prefix reuse), answer
 * the assistant:single requests (the suite's system prompt and tools) ALTERNATELY, without first
 * on even requests and with first on odd ones, after one untimed warm-up call each; for every
 * request the ratio with ÷ without of decode tokens per second (tokens after the first ÷ decode
 * time) is a pair, and the median ratio is printed with its 95 % interval, per decoding mode
 * (free, and constrained as `eval --constrained` does). Outputs must be identical (drafts are
 * verified): the script says when they are not. Speeds of a real model, not random weights.
 *
 *   node --import tsx bench/real-drafting.ts --model FILE.gguf [--threads 1] [--limit 20]
 *     [--max-tokens 128] [--decoding free,constrained] [--json]
 */
import { parseArgs } from "node:util";
import { createLlamaCppBackend } from "../src/backend/llama-cpp/backend.js";
import type { DecodingMode, GenerateRequest, ModelBackend } from "../src/backend/model-backend.js";
import { type RatioSummary, summariseRatios } from "../src/bench/llama-bench-run.js";
import { errorMessage } from "../src/error-message.js";
import { createAssistantSuite } from "../src/suites/assistant-suite.js";
import { wholeNumberFlag } from "./whole-number-flag.js";

const { values } = parseArgs({
  options: {
    model: { type: "string" },
    threads: { type: "string", default: "1" },
    limit: { type: "string", default: "20" },
    "max-tokens": { type: "string", default: "128" },
    decoding: { type: "string", default: "free,constrained" },
    json: { type: "boolean", default: false },
  },
});

interface Arm {
  decodeTokensPerSecond: number;
  outputTokens: number;
  text: string;
}

function armOf(result: Awaited<ReturnType<ModelBackend["generate"]>>): Arm {
  const tokens = Math.max(0, result.usage.outputTokens - 1);
  const seconds = (result.timing.decodeMs ?? 0) / 1000;
  return {
    decodeTokensPerSecond: seconds > 0 ? tokens / seconds : Number.NaN,
    outputTokens: result.usage.outputTokens,
    text: result.rawText,
  };
}

function commonPrefix(a: string, b: string): number {
  let index = 0;
  while (index < a.length && a[index] === b[index]) index++;
  return index;
}

function describe(name: string, summary: RatioSummary): string {
  const interval = summary.medianInterval;
  return (
    `${name}: with/without median ${summary.median.toFixed(3)} over ${summary.pairs} requests ` +
    `(interquartile ${summary.interquartile[0].toFixed(3)}-${summary.interquartile[1].toFixed(3)}` +
    (interval
      ? `, ${(interval.coverage * 100).toFixed(1)} % interval of the median ${interval.lower.toFixed(3)}-${interval.upper.toFixed(3)})`
      : ")")
  );
}

async function main(): Promise<void> {
  if (values.model === undefined) throw new Error("give --model FILE.gguf");
  const threads = wholeNumberFlag(values.threads, "--threads");
  const limit = wholeNumberFlag(values.limit, "--limit");
  const maxTokens = wholeNumberFlag(values["max-tokens"], "--max-tokens");
  const modes = values.decoding.split(",").map((mode) => mode.trim()) as DecodingMode[];
  const samples = (await createAssistantSuite("assistant:single").samples()) as {
    messages: GenerateRequest["messages"];
    tools: GenerateRequest["tools"];
  }[];
  const chosen = [...samples].slice(0, limit);
  const open = (promptLookup: boolean) =>
    createLlamaCppBackend({ modelPath: values.model!, gpu: "off", threads, promptLookup, contextSize: 4096 });
  const without = await open(false);
  const withDrafting = await open(true);
  const document: Record<string, unknown> = {
    model: values.model,
    threads,
    limit: chosen.length,
    maxTokens,
    modes: {},
  };
  try {
    console.log(
      `${values.model}: ${chosen.length} assistant:single requests, ${threads} thread(s), max ${maxTokens} tokens`,
    );
    for (const decoding of modes) {
      const request = (index: number): GenerateRequest => ({
        messages: chosen[index]!.messages,
        tools: chosen[index]!.tools,
        maxTokens,
        decoding,
        sampling: { temperature: 0, seed: 1 },
      });
      await without.generate(request(0));
      await withDrafting.generate(request(0));
      const ratios: number[] = [];
      let differing = 0;
      let tokensWithout = 0;
      let secondsWithout = 0;
      let secondsWith = 0;
      for (let index = 0; index < chosen.length; index++) {
        const order = index % 2 === 0 ? [without, withDrafting] : [withDrafting, without];
        const arms = new Map<ModelBackend, Arm>();
        for (const backend of order) arms.set(backend, armOf(await backend.generate(request(index))));
        const plain = arms.get(without)!;
        const drafted = arms.get(withDrafting)!;
        if (plain.text !== drafted.text) differing++;
        tokensWithout += plain.outputTokens;
        secondsWithout += plain.outputTokens / plain.decodeTokensPerSecond || 0;
        secondsWith += drafted.outputTokens / drafted.decodeTokensPerSecond || 0;
        if (Number.isFinite(plain.decodeTokensPerSecond) && Number.isFinite(drafted.decodeTokensPerSecond))
          ratios.push(drafted.decodeTokensPerSecond / plain.decodeTokensPerSecond);
        console.log(
          `${decoding} ${index + 1}/${chosen.length}: ${plain.outputTokens} tokens, ` +
            `${plain.decodeTokensPerSecond.toFixed(1)} -> ${drafted.decodeTokensPerSecond.toFixed(1)} t/s` +
            (plain.text === drafted.text
              ? ""
              : ` (OUTPUTS DIFFER after ${commonPrefix(plain.text, drafted.text)} characters)`),
        );
      }
      const summary = summariseRatios(ratios);
      console.log(describe(`decode, ${decoding}`, summary));
      console.log(
        `${decoding}: ${differing} of ${chosen.length} outputs differ; ${tokensWithout} tokens; ` +
          `decode time summed with/without ${(secondsWith / secondsWithout).toFixed(3)}`,
      );
      (document.modes as Record<string, unknown>)[decoding] = {
        ratio: summary,
        differingOutputs: differing,
        outputTokens: tokensWithout,
        summedDecodeTimeRatio: secondsWith / secondsWithout,
      };
    }
  } finally {
    await without.close();
    await withDrafting.close();
  }
  if (values.json) console.log(JSON.stringify(document));
}

try {
  await main();
} catch (error) {
  process.stderr.write(`real-drafting: ${errorMessage(error)}\n`);
  process.exitCode = 1;
}
