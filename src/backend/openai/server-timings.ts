/**
 * llama-server's own `timings` (sent with every completion, and with the last chunk of a stream):
 * `prompt_n` tokens evaluated in `prompt_ms` (prefill; `cache_n` more came from its prompt cache),
 * `predicted_n` tokens generated in `predicted_ms`. Where they are present, prefill and decode are
 * the server's measurements instead of edgecall's guesses from the HTTP exchange, and a reply that
 * was not streamed gets a time to first token of its round trip less the decode time after the
 * first token. vLLM and most other servers send none: stream (`generate` does in eval) to measure
 * the first token.
 */
import type { GenerateTiming, TokenUsage } from "../model-backend.js";

/** The fields of llama-server's `timings` edgecall reads. */
export interface ServerTimings {
  promptTokens: number;
  promptMs: number;
  predictedTokens: number;
  predictedMs: number;
  cachedTokens?: number;
}

function finiteNonNegative(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** The timings of a completion's `timings` object, or undefined when absent or malformed. */
export function readServerTimings(value: unknown): ServerTimings | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const promptTokens = finiteNonNegative(record.prompt_n);
  const promptMs = finiteNonNegative(record.prompt_ms);
  const predictedTokens = finiteNonNegative(record.predicted_n);
  const predictedMs = finiteNonNegative(record.predicted_ms);
  if (
    promptTokens === undefined ||
    promptMs === undefined ||
    predictedTokens === undefined ||
    predictedMs === undefined
  )
    return undefined;
  const cachedTokens = finiteNonNegative(record.cache_n);
  return {
    promptTokens,
    promptMs,
    predictedTokens,
    predictedMs,
    ...(cachedTokens === undefined ? {} : { cachedTokens }),
  };
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}

/**
 * The call's timing from what edgecall measured and what the server reported. Streamed calls keep
 * their measured first token; whole replies take the round trip less the server's decode time
 * after the first token. Prefill and decode are the server's.
 */
export function timingWithServer(
  measured: { firstTokenMs: number; totalMs: number },
  server: ServerTimings | undefined,
  streamed: boolean,
): GenerateTiming {
  const firstTokenMs = Math.min(measured.firstTokenMs, measured.totalMs);
  if (server === undefined) return { firstTokenMs, totalMs: measured.totalMs };
  const afterFirst =
    server.predictedTokens > 1
      ? (server.predictedMs * (server.predictedTokens - 1)) / server.predictedTokens
      : 0;
  return {
    firstTokenMs: streamed ? firstTokenMs : round(Math.max(0, measured.totalMs - afterFirst)),
    totalMs: measured.totalMs,
    prefillMs: round(server.promptMs),
    decodeMs: round(afterFirst),
  };
}

/** Usage from the server's timings where the completion sent none, or added cached tokens. */
export function usageWithServer(
  usage: TokenUsage | undefined,
  server: ServerTimings | undefined,
): TokenUsage | undefined {
  if (server === undefined) return usage;
  const cached = server.cachedTokens;
  if (usage === undefined) {
    return {
      inputTokens: server.promptTokens + (cached ?? 0),
      outputTokens: server.predictedTokens,
      ...(cached === undefined ? {} : { cachedInputTokens: cached }),
    };
  }
  if (usage.cachedInputTokens !== undefined || cached === undefined || cached > usage.inputTokens)
    return usage;
  return { ...usage, cachedInputTokens: cached };
}
