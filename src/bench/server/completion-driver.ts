/**
 * Bench requests to llama-server's own `POST /completion` (`bench --model llama-server:URL`): the
 * prompt is N random token ids, as llama-bench and in-process bench use, so the server evaluates
 * exactly N tokens with no chat template around them; `cache_prompt: false` so no repeat reuses
 * the last one's prompt; `ignore_eos` so a tg test generates exactly N tokens. Prefill and decode
 * are the server's own `timings` (server-timings.ts, as the llama-server backend reads them), from
 * the stream's last event (streamed, because a whole reply of random-weight output that is not
 * valid UTF-8 is refused by llama-server's content parser after the work is done); the time to first
 * token is the first streamed token's arrival. The requests go
 * through the openai transport (bounded, deadline) without retries: a retried request would time
 * the wait too. The llama-server backend itself is not used: it renders a chat prompt and keeps the
 * server's prompt cache on, which suit eval, not a measurement.
 */

import { abbreviate, isUnparsedOutputMessage } from "../../backend/openai/errors.js";
import { readServerTimings } from "../../backend/openai/server-timings.js";
import { parseSseStream } from "../../backend/openai/sse-parser.js";
import { openChatCompletion } from "../../backend/openai/transport.js";
import { defaultMaxResponseBytes, type TransportConfig } from "../../backend/openai/transport-config.js";
import { EdgecallError } from "../../errors.js";
import { SeededRandom } from "../../stats/seeded-random.js";
import type { ServerRun } from "./server-bench-report.js";

/** Prompts drawn again, at most, when llama-server refuses a random-weight reply's text. */
const maxRedraws = 8;

/** One request of a test; `variant` (the run's index) picks the prompt. */
export interface ServerDriver {
  readonly endpoint: string;
  /** Requests sent again with another prompt (llama-server refused the reply's text). */
  readonly redrawn?: number;
  run(kind: "pp" | "tg", tokens: number, variant: number): Promise<ServerRun>;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A driver for llama-server at `root` whose model has `vocabularySize` tokens. */
export function completionDriver(
  root: string,
  vocabularySize: number,
  seed: number,
  fetchImplementation: typeof fetch = globalThis.fetch,
): ServerDriver {
  const transport: TransportConfig = {
    url: `${root}/completion`,
    timeoutMs: 600_000,
    requestTimeoutMs: 600_000,
    maxRetries: 0,
    retryBaseDelayMs: 0,
    maxRetryDelayMs: 0,
    maxResponseBytes: defaultMaxResponseBytes,
    fetch: fetchImplementation,
  };
  const random = new SeededRandom(seed);
  const prompt = (length: number) => Array.from({ length }, () => Math.floor(random.next() * vocabularySize));
  /** One streamed request: the last timings it carried, when it ended, and any error it sent. */
  async function once(kind: "pp" | "tg", tokens: number) {
    const body = {
      prompt: prompt(kind === "pp" ? tokens : 1),
      n_predict: kind === "pp" ? 1 : tokens,
      cache_prompt: false,
      ignore_eos: true,
      temperature: 0,
      stream: true,
      // Timings with every streamed token: where the server refuses the finished text (below),
      // the last token's timings are still there.
      timings_per_token: true,
    };
    const started = performance.now();
    const response = await openChatCompletion(transport, body);
    let firstTokenMs: number | undefined;
    let last: Record<string, unknown> | undefined;
    let problem: string | undefined;
    try {
      for await (const event of parseSseStream(response.chunks())) {
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          continue;
        }
        if (typeof data !== "object" || data === null) continue;
        const record = data as Record<string, unknown>;
        if (record.error !== undefined) problem = abbreviate(JSON.stringify(record.error), 200);
        if (firstTokenMs === undefined && typeof record.content === "string" && record.content !== "")
          firstTokenMs = performance.now() - started;
        if (record.timings !== undefined) last = record;
      }
    } finally {
      response.close();
    }
    const ms = performance.now() - started;
    return { timings: readServerTimings(last?.timings), ms, firstTokenMs: firstTokenMs ?? ms, problem };
  }

  const driver = {
    endpoint: transport.url,
    redrawn: 0,
    async run(kind: "pp" | "tg", tokens: number): Promise<ServerRun> {
      let reply = await once(kind, tokens);
      // llama-server refuses a finished text that is not valid UTF-8 (random weights emit byte
      // tokens out of order); when not one token's timings came before, another prompt is drawn.
      for (let redraw = 0; reply.timings === undefined && redraw < maxRedraws; redraw += 1) {
        if (reply.problem === undefined || !isUnparsedOutputMessage(reply.problem)) break;
        driver.redrawn += 1;
        reply = await once(kind, tokens);
      }
      const { timings, ms } = reply;
      if (timings === undefined)
        throw new EdgecallError(
          "backend-protocol",
          `${transport.url}: the stream ended without llama-server's timings (prompt_n, prompt_ms, predicted_n, predicted_ms)` +
            (reply.problem === undefined
              ? "; for another server use --model openai:URL/v1#MODEL"
              : `: ${reply.problem}`),
          { subject: transport.url },
        );
      const counted = kind === "pp" ? timings.promptTokens : timings.predictedTokens;
      const serverMs = kind === "pp" ? timings.promptMs : timings.predictedMs;
      if (!(counted > 0 && serverMs > 0))
        throw new EdgecallError("backend-protocol", `${transport.url}: the server reports no ${kind} work`, {
          subject: transport.url,
        });
      return {
        ms: round(ms),
        tokensPerSecond: (counted * 1000) / serverMs,
        tokens: counted,
        firstTokenMs: round(reply.firstTokenMs),
        timingSource: "server",
        ...(kind === "tg" ? { generated: timings.predictedTokens } : {}),
        serverMs: round(serverMs),
        networkMs: round(Math.max(0, ms - timings.promptMs - timings.predictedMs)),
        ...(timings.cachedTokens === undefined ? {} : { cachedTokens: timings.cachedTokens }),
      };
    },
  };
  return driver;
}
