/**
 * Bench requests to an OpenAI-compatible server (`bench --model openai:URL#MODEL`) through the
 * openai-compatible backend's `stream()`: the same code path, timing and parsing as eval. The chat
 * API takes text, not token ids, so a prompt of N tokens is made of common words, sized from what
 * the server reports it evaluated (`usage.prompt_tokens`): a first tiny request tells the chat
 * template's own tokens, and each test's warm-up run corrects the words per token. Every request
 * starts with a different tag, so a server's prompt cache cannot reuse an earlier prompt (only the
 * template's opening tokens match). Speed comes from the server's own timings where it reports
 * them (llama-server's `timings`; `edgecall serve`'s `edgecall.timing`), else from streamed tokens:
 * prefill = prompt tokens ÷ time to first token, decode = tokens after the first ÷ the time from
 * the first streamed token to the last. The chat API cannot be told to ignore end-of-text, so a tg
 * run counts the tokens the server says it generated.
 */
import type { ModelBackend } from "../../backend/model-backend.js";
import { readServerTimings } from "../../backend/openai/server-timings.js";
import { EdgecallError } from "../../errors.js";
import type { ServerDriver } from "./completion-driver.js";
import type { ServerRun } from "./server-bench-report.js";

/** Common words, one token each in most vocabularies. */
const words = "the cat sat on a mat and the dog ran to the big red box in the sun".split(" ");

/** `count` words after a tag unique to the request. */
export function benchPromptText(count: number, tag: string): string {
  const out = [tag];
  for (let index = 0; index < count; index += 1) out.push(words[index % words.length]!);
  return out.join(" ");
}

interface Work {
  promptTokens: number;
  promptMs: number;
  predictedTokens: number;
  predictedMs: number;
  serverTotalMs?: number;
  cachedTokens?: number;
}

function finite(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** The server's own account of the request: llama-server's `timings`, or `edgecall serve`'s timing. */
function serverWork(
  details: Record<string, unknown> | undefined,
  input: number,
  output: number,
): Work | undefined {
  const llama = readServerTimings(details?.serverTimings);
  if (llama !== undefined)
    return {
      promptTokens: llama.promptTokens,
      promptMs: llama.promptMs,
      predictedTokens: llama.predictedTokens,
      predictedMs: llama.predictedMs,
      ...(llama.cachedTokens === undefined ? {} : { cachedTokens: llama.cachedTokens }),
    };
  const edgecall = details?.edgecallTiming as Record<string, unknown> | undefined;
  const prefillMs = finite(edgecall?.prefillMs);
  const decodeMs = finite(edgecall?.decodeMs);
  const totalMs = finite(edgecall?.totalMs);
  if (prefillMs === undefined || decodeMs === undefined) return undefined;
  return {
    promptTokens: input,
    promptMs: prefillMs,
    predictedTokens: Math.max(0, output - 1),
    predictedMs: decodeMs,
    ...(totalMs === undefined ? {} : { serverTotalMs: totalMs }),
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A driver over `backend` (an openai-compatible backend that streams). */
export function chatDriver(
  backend: ModelBackend,
  endpoint: string,
): ServerDriver & { calibrate(): Promise<void> } {
  if (!backend.stream) throw new EdgecallError("internal", "bench: the server backend cannot stream");
  const stream = backend.stream.bind(backend);
  /** Prompt tokens of the chat template around the words (from the first tiny request). */
  let overhead = 0;
  /** Words that made a prompt of the asked size, per size (corrected by each warm-up run). */
  const wordsFor = new Map<number, number>();
  let requests = 0;

  async function request(wordCount: number, maxTokens: number) {
    requests += 1;
    // Six digits, the count's last digit first: every prompt differs from the previous one at its
    // first word, and tokenizes to the same length.
    const tag = [...String(requests).padStart(6, "0")].reverse().join("");
    const started = performance.now();
    const deltas: number[] = [];
    let result: import("../../backend/model-backend.js").GenerateResult | undefined;
    for await (const event of stream({
      messages: [{ role: "user", content: benchPromptText(wordCount, tag) }],
      maxTokens,
      sampling: { temperature: 0 },
    })) {
      if (event.type === "text-delta") deltas.push(performance.now() - started);
      else result = event.result;
    }
    if (result === undefined)
      throw new EdgecallError("internal", `${endpoint}: the stream ended without a result`);
    return { result, deltas, ms: performance.now() - started };
  }

  return {
    endpoint,
    async calibrate() {
      const { result } = await request(1, 1);
      overhead = Math.max(0, result.usage.inputTokens - 2);
    },
    async run(kind, tokens, variant): Promise<ServerRun> {
      const target = kind === "pp" ? tokens : 8;
      const wordCount = wordsFor.get(target) ?? Math.max(1, target - overhead - 1);
      const { result, deltas, ms } = await request(wordCount, kind === "pp" ? 1 : tokens);
      const { inputTokens, outputTokens } = result.usage;
      // Sized by the warm-up run (variant 0), so the timed runs all send the same number of words.
      if (variant === 0 && inputTokens > overhead + 1) {
        const perWord = (inputTokens - overhead - 1) / wordCount;
        wordsFor.set(target, Math.max(1, Math.round((target - overhead - 1) / perWord)));
      }
      const firstTokenMs = result.timing.firstTokenMs;
      const work = serverWork(result.details, inputTokens, outputTokens);
      if (work !== undefined) {
        const counted = kind === "pp" ? work.promptTokens : work.predictedTokens;
        const serverMs = kind === "pp" ? work.promptMs : work.predictedMs;
        if (counted > 0 && serverMs > 0) {
          const reported = work.serverTotalMs ?? work.promptMs + work.predictedMs;
          return {
            ms: round(ms),
            tokensPerSecond: (counted * 1000) / serverMs,
            tokens: counted,
            firstTokenMs: round(firstTokenMs),
            timingSource: "server",
            ...(kind === "tg" ? { generated: outputTokens } : {}),
            serverMs: round(serverMs),
            networkMs: round(Math.max(0, ms - reported)),
            ...(work.cachedTokens === undefined ? {} : { cachedTokens: work.cachedTokens }),
          };
        }
      }
      if (kind === "pp") {
        const counted = inputTokens - (result.usage.cachedInputTokens ?? 0);
        if (!(counted > 0))
          throw new EdgecallError(
            "backend-protocol",
            `${endpoint}: the server reports no prompt tokens (usage)`,
            {
              subject: endpoint,
            },
          );
        const run: ServerRun = {
          ms: round(ms),
          tokensPerSecond: (counted * 1000) / firstTokenMs,
          tokens: counted,
          firstTokenMs: round(firstTokenMs),
          timingSource: "stream",
        };
        if (result.usage.cachedInputTokens !== undefined) run.cachedTokens = result.usage.cachedInputTokens;
        return run;
      }
      const span = deltas.length >= 2 ? deltas[deltas.length - 1]! - deltas[0]! : 0;
      if (outputTokens < 2 || !(span > 0))
        throw new EdgecallError(
          "backend-protocol",
          `${endpoint}: cannot measure decoding: the server streamed ${deltas.length} text piece(s) for ` +
            `${outputTokens} token(s) and reports no timings of its own`,
          { subject: endpoint },
        );
      return {
        ms: round(ms),
        tokensPerSecond: ((outputTokens - 1) * 1000) / span,
        tokens: outputTokens,
        generated: outputTokens,
        firstTokenMs: round(firstTokenMs),
        timingSource: "stream",
      };
    },
  };
}
