/**
 * The `browser` part of a `bench --browser --json` document: the visiting browser as a device of
 * its own (user agent, cores reported, threads used, SIMD and threads available, cross-origin
 * isolation), its tests in the in-process results' shape, memory and battery where the browser
 * reported them, and each test's speed against this machine's in-process run of the same file.
 * Every figure is labelled "in-browser WebAssembly": a lower bound of a native app on that device.
 */
import { testName } from "../bench-options.js";
import type { BenchReport } from "../bench-report.js";
import { type Spread, summarise } from "../statistics.js";
import type { BrowserResults } from "./browser-results.js";

/** The label every browser figure carries. */
export const browserLabel = "in-browser WebAssembly";

/** One browser test at one thread count. */
export interface BrowserBenchResult {
  test: string;
  threads: number;
  promptTokens: number;
  genTokens: number;
  /** Tokens ÷ the page's wall time of each run (request to answer, worker messaging included). */
  tokensPerSecond: Spread;
  /** pp tests: the wall time of a run (prompt evaluation and the first sampled token). */
  firstTokenMs?: Spread;
  /** Tokens ÷ the time llama.cpp's own timings counted, when every run reported them. */
  llamaCppTokensPerSecond?: Spread;
  runs: { ms: number; tokensPerSecond: number; llamaMs?: number }[];
}

/** A browser test against this machine's in-process run of the same test. */
export interface BrowserRatio {
  test: string;
  browserThreads: number;
  inProcessThreads: number;
  browserTokensPerSecond: number;
  inProcessTokensPerSecond: number;
  /** Browser median ÷ in-process median (0.4 = the browser reached 40 % of the in-process speed). */
  browserOverInProcess: number;
}

/** The `browser` section. */
export interface BrowserBenchSection {
  label: typeof browserLabel;
  note: string;
  runtime: string;
  device: BrowserResults["device"] & { userAgent: string };
  contextSize: number;
  batchSize: number;
  downloadMs: number;
  loadMs: number;
  results: BrowserBenchResult[];
  memory: { source: string; bytes: number; note: string } | null;
  battery: {
    start: { level: number; charging: boolean };
    end: { level: number; charging: boolean };
    tokens: number;
    /** Tokens processed (prefill and decode, warm-ups included) per percent of battery used; null unless it dropped while discharging. */
    tokensPerPercent: number | null;
  } | null;
  /** Against this machine's in-process run of the same file in the same command. */
  inProcess: { device: string; ratios: BrowserRatio[]; note: string };
}

const labelNote =
  `${browserLabel}: llama.cpp compiled to WebAssembly (wllama) in the visiting browser, on its CPU (WebGPU off); ` +
  "a lower bound of what a native app gets on that device";

function results(posted: BrowserResults): BrowserBenchResult[] {
  return posted.tests.map((test) => {
    const runs = test.runs.map((run) => ({ ...run, tokensPerSecond: (test.tokens * 1000) / run.ms }));
    const result: BrowserBenchResult = {
      test: testName(test.kind, test.tokens),
      threads: test.threads,
      promptTokens: test.kind === "pp" ? test.tokens : 0,
      genTokens: test.kind === "tg" ? test.tokens : 0,
      tokensPerSecond: summarise(runs.map((run) => run.tokensPerSecond)),
      runs,
    };
    if (test.kind === "pp") result.firstTokenMs = summarise(runs.map((run) => run.ms));
    if (runs.every((run) => run.llamaMs !== undefined))
      result.llamaCppTokensPerSecond = summarise(runs.map((run) => (test.tokens * 1000) / run.llamaMs!));
    return result;
  });
}

/** Pairs each browser test with the in-process one of the same name (same threads, else the most threads). */
export function browserRatios(
  browser: readonly BrowserBenchResult[],
  inProcess: BenchReport,
): BrowserRatio[] {
  const ratios: BrowserRatio[] = [];
  for (const result of browser) {
    const same = inProcess.results.filter((candidate) => candidate.test === result.test);
    const match =
      same.find((candidate) => candidate.threads === result.threads) ??
      [...same].sort((a, b) => b.threads - a.threads)[0];
    if (match === undefined) continue;
    ratios.push({
      test: result.test,
      browserThreads: result.threads,
      inProcessThreads: match.threads,
      browserTokensPerSecond: result.tokensPerSecond.median,
      inProcessTokensPerSecond: match.tokensPerSecond.median,
      browserOverInProcess: result.tokensPerSecond.median / match.tokensPerSecond.median,
    });
  }
  return ratios;
}

/** Tokens the page processed: every run and warm-up of every test. */
function tokensProcessed(posted: BrowserResults): number {
  return posted.tests.reduce((sum, test) => sum + test.tokens * (test.runs.length + 1), 0);
}

/** Builds the section from the posted results and this machine's in-process report. */
export function browserBenchSection(
  posted: BrowserResults,
  inProcess: BenchReport,
  context: { contextSize: number; batchSize: number; wllamaVersion: string },
): BrowserBenchSection {
  const browser = results(posted);
  let battery: BrowserBenchSection["battery"] = null;
  if (posted.battery !== null) {
    const { start, end } = posted.battery;
    const tokens = tokensProcessed(posted);
    const dropped = (start.level - end.level) * 100;
    battery = {
      start,
      end,
      tokens,
      tokensPerPercent: !start.charging && !end.charging && dropped > 0 ? tokens / dropped : null,
    };
  }
  return {
    label: browserLabel,
    note: labelNote,
    runtime: `@wllama/wllama ${context.wllamaVersion} (llama.cpp ${posted.llamaCppVersion})`,
    device: posted.device,
    contextSize: context.contextSize,
    batchSize: context.batchSize,
    downloadMs: posted.downloadMs,
    loadMs: posted.loadMs,
    results: browser,
    memory:
      posted.memory === null
        ? null
        : {
            ...posted.memory,
            note:
              posted.memory.source === "measureUserAgentSpecificMemory"
                ? "the page's memory with the model loaded (its workers and WebAssembly memory included), as the browser measured it"
                : "the page's JavaScript heap only: WebAssembly memory is not in it",
          },
    battery,
    inProcess: {
      device: `${inProcess.backend.runtime} on this machine (${inProcess.backend.device})`,
      ratios: browserRatios(browser, inProcess),
      note:
        "browser ÷ in-process median tokens/s of the same file in the same command; on this machine when the " +
        "page ran here, otherwise a comparison of two devices",
    },
  };
}
