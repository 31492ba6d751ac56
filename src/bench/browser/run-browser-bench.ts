/**
 * `runBrowserBench`: `bench --browser`. Resolves the model as `bench` does, refuses files a
 * browser cannot load (browser-model-parts.ts), serves the page (browser-bench-server.ts) with
 * the same test plan as in-process bench, waits (bounded by a time limit) for a browser to visit
 * and post its figures, then — with the page's server closed, so the two never share the CPU
 * when the browser runs on this machine — runs the in-process bench of the same file and plan and
 * returns its report with the browser's figures added as `browser`, each test against in-process.
 */
import { EdgecallError } from "../../errors.js";
import { allocatedContextSize } from "../../gguf/context-memory.js";
import { type GgufFile, ggufNumber, isGgufArray, readGguf } from "../../gguf/reader.js";
import { resolveBenchModel } from "../bench-model.js";
import type { BenchPlan } from "../bench-options.js";
import type { BenchProgressHandler } from "../bench-protocol.js";
import type { BenchReport } from "../bench-report.js";
import { benchBatchSize, type RunBenchHooks, runBench } from "../run-bench.js";
import { type BrowserBenchSection, browserBenchSection } from "./browser-bench-section.js";
import { type BrowserBenchServer, startBrowserBenchServer } from "./browser-bench-server.js";
import { shownPageText } from "./browser-bench-text.js";
import { browserModelParts, browserSingleFileLimitBytes } from "./browser-model-parts.js";
import type { BrowserPost } from "./browser-results.js";
import { wllamaAssets } from "./wllama-assets.js";

/** The default time limit of the whole browser run: room for a phone to download a 1 GB model over Wi-Fi and run. */
export const defaultBrowserTimeoutSeconds = 1800;

/** Where and how long to serve the page. */
export interface BrowserBenchOptions {
  /** Address to listen on; loopback by default. */
  host?: string;
  /** Port; 0 (default) for any free one. */
  port?: number;
  allowedHosts?: readonly string[];
  /** Seconds to wait for the browser's results before giving up. */
  timeoutSeconds?: number;
  /** Thread counts the page sweeps; null: the browser's reported cores. */
  threads?: number[] | null;
}

/** Hooks: progress, the page's URLs (print them; tests open them), test seams. */
export interface BrowserBenchHooks extends RunBenchHooks {
  onUrls?: (urls: string[]) => void;
  /** A smaller single-file limit (tests). */
  singleFileLimitBytes?: number;
  /** Runs the in-process bench (tests may substitute it). */
  inProcess?: (plan: BenchPlan, hooks: RunBenchHooks) => Promise<BenchReport>;
}

/** A bench report with the browser's figures. */
export type BrowserBenchReport = BenchReport & { browser: BrowserBenchSection };

/**
 * A prompt piece that is exactly one token: a control token's text (the server-side tokenizer
 * parses special tokens), preferring one that is neither BOS nor EOS. Token ids need not be random
 * for speed: every token costs the same to evaluate.
 */
export function promptPiece(metadata: GgufFile["metadata"], path: string): string {
  const tokens = metadata.get("tokenizer.ggml.tokens");
  const types = metadata.get("tokenizer.ggml.token_type");
  const texts = isGgufArray(tokens) ? (tokens.values as unknown[]) : [];
  const kinds = isGgufArray(types) ? (types.values as unknown[]) : [];
  const bos = ggufNumber(metadata.get("tokenizer.ggml.bos_token_id"));
  const eos = ggufNumber(metadata.get("tokenizer.ggml.eos_token_id"));
  const control: number[] = [];
  for (let id = 0; id < Math.min(texts.length, kinds.length); id += 1) {
    if (Number(kinds[id]) === 3 && typeof texts[id] === "string" && texts[id] !== "") control.push(id);
  }
  const chosen = control.find((id) => id !== bos && id !== eos) ?? control[0];
  if (chosen === undefined) {
    throw new EdgecallError(
      "unsupported",
      `${path}: its vocabulary has no control token (tokenizer.ggml.token_type 3), which bench --browser uses to build prompts of an exact length`,
      { subject: path },
    );
  }
  return texts[chosen] as string;
}

function timeLimit(seconds: number): { promise: Promise<never>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new EdgecallError(
            "backend-timeout",
            `no browser sent bench results within ${seconds} s (--browser-timeout): open the printed URL in a browser and keep the page open`,
            { subject: "--browser-timeout" },
          ),
        ),
      seconds * 1000,
    );
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

async function startServer(
  options: Parameters<typeof startBrowserBenchServer>[0],
): Promise<BrowserBenchServer> {
  try {
    return await startBrowserBenchServer(options);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new EdgecallError(
      "usage",
      `bench --browser: cannot listen on ${options.host} port ${options.port}${code ? ` (${code})` : ""}: give another --port or --host`,
      { subject: "--port", cause: error },
    );
  }
}

/** Runs the browser bench; see the module comment. */
export async function runBrowserBench(
  plan: BenchPlan,
  options: BrowserBenchOptions = {},
  hooks: BrowserBenchHooks = {},
): Promise<BrowserBenchReport> {
  const onProgress: BenchProgressHandler = hooks.onProgress ?? (() => {});
  const modelFile = await resolveBenchModel(plan.source, onProgress);
  const parts = browserModelParts(modelFile.path, hooks.singleFileLimitBytes ?? browserSingleFileLimitBytes);
  const file = await readGguf(parts[0]!.path, { maxArrayElementsKept: Number.MAX_SAFE_INTEGER });
  const largestTest = Math.max(...plan.promptTokens, plan.genTokens);
  const contextSize = plan.contextSize ?? allocatedContextSize(Math.max(largestTest + 2, 16));
  const batchSize = Math.min(benchBatchSize, contextSize);
  const assets = wllamaAssets();
  const host = options.host ?? "127.0.0.1";
  const server = await startServer({
    host,
    port: options.port ?? 0,
    allowedHosts: options.allowedHosts ?? [],
    parts,
    assets,
    config: {
      promptTokens: plan.promptTokens,
      genTokens: plan.genTokens,
      repeats: plan.repeats,
      threads: options.threads ?? null,
      contextSize,
      batchSize,
      promptPiece: promptPiece(file.metadata, parts[0]!.path),
    },
    onStatus: (message) => onProgress(`browser: ${shownPageText(message)}`),
  });
  let posted: BrowserPost;
  const limit = timeLimit(options.timeoutSeconds ?? defaultBrowserTimeoutSeconds);
  try {
    hooks.onUrls?.(server.urls);
    posted = await Promise.race([server.results, limit.promise]);
  } finally {
    limit.cancel();
    await server.close();
  }
  if (!posted.ok) {
    throw new EdgecallError(
      "unsupported",
      `the browser could not run the bench: ${shownPageText(posted.error, 1000)}` +
        (posted.userAgent ? ` (user agent: ${shownPageText(posted.userAgent)})` : ""),
      { subject: modelFile.path },
    );
  }
  onProgress("browser done; measuring in-process on this machine for the ratio");
  const inProcess = await (hooks.inProcess ?? runBench)(plan, hooks);
  return {
    ...inProcess,
    browser: browserBenchSection(posted, inProcess, {
      contextSize,
      batchSize,
      wllamaVersion: assets.version,
    }),
  };
}
