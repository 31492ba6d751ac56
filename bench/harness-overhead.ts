/**
 * Harness overhead of `edgecall eval`: samples per second through the whole eval session (plan,
 * request building, the replay backend with no delay, scoring, one SQLite commit per result,
 * progress, summary, results.jsonl) on 1,000 replayed samples, so the time is all harness.
 *
 * Two workloads: `synthetic` (1,000 samples of a stub suite whose scorer checks the call name:
 * runner + store cost alone) and `bfcl` (the first 1,000 entries of bfcl:live_multiple scored with
 * the BFCL checker, when the BFCL data folder is found).
 *
 *   node --import tsx bench/harness-overhead.ts [--samples 1000] [--concurrency 1] [--bfcl-dir DIR] [--json]
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createReplayBackend } from "../src/backend/replay-backend.js";
import { runEvalSession } from "../src/eval/eval-session.js";
import { ResultStore } from "../src/eval/result-store.js";
import { planRun } from "../src/eval/run-plan.js";
import { runSamples } from "../src/eval/runner.js";
import type { Sample, Suite } from "../src/eval/suite.js";
import { getFormat } from "../src/formats/registry.js";

const { values } = parseArgs({
  options: {
    samples: { type: "string", default: "1000" },
    concurrency: { type: "string", default: "1" },
    "bfcl-dir": {
      type: "string",
      default: join(import.meta.dirname, "..", "..", "shared", "data", "bfcl-v4"),
    },
    json: { type: "boolean", default: false },
  },
});
const count = Number(values.samples);
const concurrency = Number(values.concurrency);
const scratch = mkdtempSync(join(tmpdir(), "edgecall-bench-harness-"));

interface Figure {
  workload: string;
  samples: number;
  seconds: number;
  samplesPerSecond: number;
  msPerSample: number;
}

function figure(workload: string, samples: number, started: number): Figure {
  const seconds = (performance.now() - started) / 1000;
  return {
    workload,
    samples,
    seconds,
    samplesPerSecond: samples / seconds,
    msPerSample: (1000 * seconds) / samples,
  };
}

function stubSuite(size: number): Suite<string> {
  const samples: Sample<string>[] = Array.from({ length: size }, (_, index) => ({
    id: `stub_${index}`,
    suite: "stub:overhead",
    category: "stub",
    messages: [
      { role: "system", content: "You are a helpful assistant with tools." },
      { role: "user", content: `Please call tool_${index % 7} with x=${index}.` },
    ],
    tools: [
      {
        name: `tool_${index % 7}`,
        description: "a tool",
        parameters: { type: "object", properties: { x: { type: "integer" } } },
      },
    ],
    target: `tool_${index % 7}`,
    metadata: {},
  }));
  return {
    name: "stub:overhead",
    version: "1",
    categories: ["stub"],
    samples: () => samples,
    scorer: {
      score(sample, transcript) {
        const parts = transcript.turns.at(-1)?.parts ?? [];
        const passed = parts.some(
          (part) => part.type === "tool-call" && part.toolCall.name === sample.target,
        );
        return { passed, explanation: passed ? "called" : "no call" };
      },
    },
  };
}

async function synthetic(): Promise<Figure> {
  const replay = join(scratch, "synthetic.jsonl");
  const lines = Array.from({ length: count }, (_, index) =>
    JSON.stringify({
      id: `stub_${index}`,
      output: JSON.stringify({ name: `tool_${index % 7}`, arguments: { x: index } }),
    }),
  );
  writeFileSync(replay, `${lines.join("\n")}\n`);
  const started = performance.now();
  const backend = createReplayBackend({ path: replay, format: getFormat("json") });
  const plan = await planRun([stubSuite(count)], {});
  const store = ResultStore.open(join(scratch, "synthetic.sqlite"));
  const outcome = await runSamples({
    backend,
    items: plan,
    store,
    settings: { seed: 0, maxTokens: 64, decoding: "free", toolChoice: "auto" },
    concurrency,
  });
  store.close();
  if (outcome.completed !== count) throw new Error(`only ${outcome.completed} of ${count} samples completed`);
  return figure("synthetic (runner + SQLite store)", count, started);
}

async function bfcl(directory: string): Promise<Figure | undefined> {
  let answers: string;
  try {
    answers = readFileSync(join(directory, "possible_answer", "BFCL_v4_live_multiple.json"), "utf8");
  } catch {
    return undefined;
  }
  const lines = answers
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(0, count)
    .map((line) => {
      const answer = JSON.parse(line) as {
        id: string;
        ground_truth: Record<string, Record<string, unknown[]>>[];
      };
      const calls = answer.ground_truth.map((call) => {
        const [name, params] = Object.entries(call)[0] as [string, Record<string, unknown[]>];
        const args = Object.fromEntries(
          Object.entries(params)
            .filter(([, options]) => options[0] !== "")
            .map(([key, options]) => [key, options[0]]),
        );
        return { name: name.replace(/\./g, "_"), arguments: args };
      });
      return JSON.stringify({ id: answer.id, output: JSON.stringify(calls) });
    });
  const replay = join(scratch, "bfcl.jsonl");
  writeFileSync(replay, `${lines.join("\n")}\n`);
  const started = performance.now();
  const outcome = await runEvalSession({
    model: `replay:${replay}`,
    suites: "bfcl:live_multiple",
    suiteOptions: { "bfcl-dir": directory },
    limit: lines.length,
    out: join(scratch, "runs"),
    concurrency,
    progress: false,
    cache: false,
  });
  const result = figure(
    "bfcl:live_multiple (whole eval session, BFCL checker)",
    outcome.summary.overall.n,
    started,
  );
  if (!values.json)
    process.stderr.write(
      `  (accuracy of the replayed answers: ${(100 * outcome.summary.overall.accuracy).toFixed(1)}%)\n`,
    );
  return result;
}

try {
  const figures = [await synthetic()];
  const full = await bfcl(values["bfcl-dir"] as string);
  if (full) figures.push(full);
  if (values.json) process.stdout.write(`${JSON.stringify({ concurrency, figures }, null, 2)}\n`);
  else {
    for (const item of figures)
      process.stdout.write(
        `${item.workload}: ${item.samples} samples in ${item.seconds.toFixed(2)} s = ${item.samplesPerSecond.toFixed(0)} samples/s (${item.msPerSample.toFixed(2)} ms/sample)\n`,
      );
    if (!full) process.stdout.write("bfcl workload skipped: BFCL data folder not found (--bfcl-dir)\n");
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
