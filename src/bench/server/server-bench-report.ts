/**
 * The `edgecall bench --json` document of a model served over HTTP (`openai:URL#MODEL`,
 * `llama-server:URL`): the CLI contract's shape (`model`, `loadMs`, `peakRssBytes`, `results[].{test,
 * tokensPerSecond: {min, median, max}, runs}`) with `loadMs` and `peakRssBytes` null (a remote
 * server's load and memory are not visible from here, and are never guessed), plus the server's
 * identity, the network round trip, each result's timing source and network time, and energy.
 */
import type { BenchEnergy, TestEnergy } from "../energy/test-energy.js";
import { type Spread, summarise } from "../statistics.js";
import type { ServerIdentity } from "./server-identity.js";

/** Where a run's speed comes from: the server's own timings, or the arrival of streamed tokens. */
export type TimingSource = "server" | "stream";

/** One timed request. */
export interface ServerRun {
  /** The request's wall time here, from sending it to the end of the reply. */
  ms: number;
  tokensPerSecond: number;
  /** Tokens the server processed: prompt tokens evaluated (pp), tokens generated (tg). */
  tokens: number;
  /** Time to the first generated token as seen here (network included). */
  firstTokenMs: number;
  timingSource: TimingSource;
  /** The server's own time for the tokens (prompt or generation), where it reports it. */
  serverMs?: number;
  /** Wall time less the server's reported work: network and the server's HTTP handling. */
  networkMs?: number;
  /** tg: every token the reply had (`tokens` may leave out the first, as its server timed it). */
  generated?: number;
  /** Prompt tokens the server took from its cache instead of evaluating (should be 0 or a few). */
  cachedTokens?: number;
}

/** One test. */
export interface ServerBenchResult {
  test: string;
  promptTokens: number;
  genTokens: number;
  tokensPerSecond: Spread;
  /** pp tests: time to first token seen here (network included). */
  firstTokenMs?: Spread;
  /** `server` when every run has the server's timings, else `stream`. */
  timingSource: TimingSource;
  /** Of each run's wall time, what the server did not report as its work (network and HTTP). */
  networkMs?: Spread;
  energy: TestEnergy;
  runs: ServerRun[];
}

/** The whole report. */
export interface ServerBenchReport {
  model: {
    spec: string;
    /** The model id sent (`openai:`), or the file llama-server reports. */
    name: string;
    /** The server's model file, where `/props` names it. */
    path: string | null;
    description: string;
  };
  backend: {
    name: "openai-compatible" | "llama-server";
    /** Where the requests went: `…/v1/chat/completions` (streamed) or llama-server's `/completion`. */
    endpoint: string;
    baseUrl: string;
    server: ServerIdentity;
  };
  loadMs: null;
  load: { note: string };
  peakRssBytes: null;
  peakRss: { note: string };
  /** `GET /v1/models` timed: a request the server answers without the model. */
  network: { roundTripMs: Spread; probe: string; note: string };
  results: ServerBenchResult[];
  repeats: number;
  energy: BenchEnergy;
  notes: string[];
}

/** The result of one test's runs. */
export function serverResult(
  kind: "pp" | "tg",
  tokens: number,
  runs: ServerRun[],
  energy: TestEnergy,
): ServerBenchResult {
  const network = runs.flatMap((run) => (run.networkMs === undefined ? [] : [run.networkMs]));
  return {
    test: `${kind}${tokens}`,
    promptTokens: kind === "pp" ? tokens : 0,
    genTokens: kind === "tg" ? tokens : 0,
    tokensPerSecond: summarise(runs.map((run) => run.tokensPerSecond)),
    ...(kind === "pp" ? { firstTokenMs: summarise(runs.map((run) => run.firstTokenMs)) } : {}),
    timingSource: runs.every((run) => run.timingSource === "server") ? "server" : "stream",
    ...(network.length === runs.length && network.length > 0 ? { networkMs: summarise(network) } : {}),
    energy,
    runs,
  };
}

/** Why `loadMs` and `peakRssBytes` are null. */
export const remoteLoadNote =
  "not available for a model served over HTTP: the server loaded it, out of sight of this process";
export const remoteMemoryNote =
  "not available for a model served over HTTP: measure the server's memory on its machine (e.g. its peak RSS)";
