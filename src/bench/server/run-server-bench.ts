/**
 * `runServerBench`: measures a model served over HTTP with the tests of in-process bench (pp N,
 * tg N; one untimed warm-up, then `repeats` timed runs each): reads the server's identity, times
 * the network round trip on a request without the model, runs the tests through the driver of the
 * server's API (completion-driver.ts for llama-server, chat-driver.ts for OpenAI-compatible ones)
 * and builds the report. Energy: this machine's counters are read only when the server is on this
 * machine (a loopback address); for a remote server they would not measure it, and the report
 * says so.
 */
import { createOpenAICompatibleBackend } from "../../backend/openai/backend.js";
import { EdgecallError } from "../../errors.js";
import { isLoopbackName } from "../../http/host-names.js";
import type { BenchProgressHandler } from "../bench-protocol.js";
import { type EnergyMeterChoice, openEnergyMeter } from "../energy/energy-counters.js";
import { benchEnergy, TestEnergyWindow } from "../energy/test-energy.js";
import { summarise } from "../statistics.js";
import { chatDriver } from "./chat-driver.js";
import { completionDriver, type ServerDriver } from "./completion-driver.js";
import type { ServerBenchPlan } from "./server-bench-options.js";
import {
  remoteLoadNote,
  remoteMemoryNote,
  type ServerBenchReport,
  type ServerBenchResult,
  type ServerRun,
  serverResult,
} from "./server-bench-report.js";
import { boundedGet, readServerIdentity } from "./server-identity.js";

/** Optional hooks (tests inject the energy counters and fetch). */
export interface ServerBenchHooks {
  onProgress?: BenchProgressHandler;
  fetch?: typeof fetch;
  /** This machine's energy counters (default: sysfs, when the server is on this machine). */
  energy?: EnergyMeterChoice;
  /** Seed of llama-server's random prompt token ids (default 1). */
  seed?: number;
}

/** Round trips of `GET /models` measured, after the identity's. */
const networkProbes = 5;

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^\[|\]$/g, "");
  } catch {
    return url;
  }
}

/** Runs a server benchmark plan; see the module comment. */
export async function runServerBench(
  plan: ServerBenchPlan,
  hooks: ServerBenchHooks = {},
): Promise<ServerBenchReport> {
  const onProgress = hooks.onProgress ?? (() => {});
  const fetchImplementation = hooks.fetch ?? globalThis.fetch;
  onProgress(`reading ${plan.apiRoot}/models and ${plan.root}/props`);
  const identity = await readServerIdentity(plan.root, plan.apiRoot, fetchImplementation);
  const roundTrips: number[] = [];
  for (let probe = 0; probe < networkProbes; probe += 1)
    roundTrips.push((await boundedGet(`${plan.apiRoot}/models`, fetchImplementation)).ms);
  let driver: ServerDriver;
  if (plan.api === "llama-server") {
    const vocabularySize = identity.models[0]?.vocabularySize;
    if (vocabularySize === undefined || vocabularySize < 2)
      throw new EdgecallError(
        "backend-protocol",
        `${plan.apiRoot}/models does not give the vocabulary size (llama-server's meta.n_vocab): is this llama-server? ` +
          "Another server: --model openai:URL/v1#MODEL",
        { subject: plan.apiRoot },
      );
    driver = completionDriver(plan.root, vocabularySize, hooks.seed ?? 1, fetchImplementation);
  } else {
    const backend = createOpenAICompatibleBackend({
      baseUrl: plan.apiRoot,
      model: plan.model,
      stream: true,
      maxRetries: 0,
      timeoutMs: 600_000,
      fetch: fetchImplementation,
    });
    const chat = chatDriver(backend, `${plan.apiRoot}/chat/completions`);
    onProgress("sizing the prompts (the chat template's own tokens)");
    await chat.calibrate();
    driver = chat;
  }
  const host = hostOf(plan.root);
  const local = isLoopbackName(host);
  const energy: EnergyMeterChoice = local
    ? (hooks.energy ?? openEnergyMeter())
    : {
        meter: undefined,
        unavailable: [
          `the server is on another machine (${host}): this machine's counters do not measure it (measure on the server)`,
        ],
      };
  const tests: ["pp" | "tg", number][] = [
    ...plan.promptTokens.map((tokens): ["pp", number] => ["pp", tokens]),
    ...(plan.genTokens > 0 ? [["tg", plan.genTokens] as ["tg", number]] : []),
  ];
  const total = tests.length * (1 + plan.repeats);
  let done = 0;
  const results: ServerBenchResult[] = [];
  for (const [kind, tokens] of tests) {
    const name = `${kind}${tokens}`;
    onProgress(`${name}: warm-up`, { phase: name, done: done++, total, unit: "steps" });
    await driver.run(kind, tokens, 0);
    const window = new TestEnergyWindow(energy);
    window.start();
    const runs: ServerRun[] = [];
    for (let repeat = 1; repeat <= plan.repeats; repeat += 1) {
      onProgress(`${name}: run ${repeat}/${plan.repeats}`, {
        phase: name,
        done: done++,
        total,
        unit: "steps",
      });
      runs.push(await driver.run(kind, tokens, repeat));
    }
    const counted = runs.reduce((sum, run) => sum + run.tokens, 0);
    results.push(serverResult(kind, tokens, runs, window.finish(counted)));
  }
  return {
    model: {
      spec: plan.spec,
      name: plan.api === "openai" ? plan.model : (identity.models[0]?.id ?? "llama-server"),
      path: identity.props?.modelPath ?? null,
      // llama-server names its model by the file's path: its file name is enough for a table.
      description:
        plan.api === "openai" ? plan.model : (identity.models[0]?.id.split(/[\\/]/).pop() ?? "llama-server"),
    },
    backend: {
      name: plan.api === "openai" ? "openai-compatible" : "llama-server",
      endpoint: driver.endpoint,
      baseUrl: plan.apiRoot,
      server: identity,
    },
    loadMs: null,
    load: { note: remoteLoadNote },
    peakRssBytes: null,
    peakRss: { note: remoteMemoryNote },
    network: {
      roundTripMs: summarise(roundTrips.map((ms) => Math.round(ms * 100) / 100)),
      probe: `GET ${plan.apiRoot}/models`,
      note: "a request the server answers without the model; each run's networkMs is its wall time less the work the server reports",
    },
    results,
    repeats: plan.repeats,
    energy: benchEnergy(energy),
    notes: [
      ...serverNotes(plan, results),
      ...(driver.redrawn
        ? [
            `${driver.redrawn} request(s) sent again with another random prompt: llama-server refused a reply that was not valid UTF-8 (random weights do this)`,
          ]
        : []),
    ],
  };
}

/** Notes on what differs from in-process figures. */
function serverNotes(plan: ServerBenchPlan, results: readonly ServerBenchResult[]): string[] {
  const notes: string[] = [];
  if (results.some((result) => result.timingSource === "stream"))
    notes.push(
      "stream timing: prefill = prompt tokens ÷ time to first token seen here (network included), decode = tokens after the first ÷ the time between the first and the last streamed token",
    );
  for (const result of results) {
    const counts = result.runs.map((run) => run.generated ?? run.tokens);
    const asked = result.promptTokens + result.genTokens;
    if (counts.some((count) => count !== asked))
      notes.push(
        `${result.test}: the server ${result.genTokens > 0 ? "generated" : "evaluated"} ${[...new Set(counts)].join("/")} tokens` +
          (plan.api === "openai"
            ? result.genTokens > 0
              ? " (the chat API cannot be told to ignore end-of-text)"
              : " (a chat prompt's size in tokens is the server's tokenizer's)"
            : ""),
      );
  }
  return notes;
}
