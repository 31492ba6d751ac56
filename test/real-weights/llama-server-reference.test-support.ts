/**
 * llama.cpp's own answers, as the reference of the real-weight tier: the llama-server that
 * bench/build-llama-server.sh builds from the llama.cpp source node-llama-cpp bundles, started on
 * one real file. Greedy completions from given prompt token ids (no prompt cache), token ids
 * back; and `/apply-template`. Flash attention is set explicitly (`off` by default, edgecall's CPU
 * default): llama-server's own default (`auto`, on for the CPU) gives different logits, enough to
 * change a greedy token on SmolLM2.
 */
import {
  findLlamaServerBinary,
  type RunningLlamaServer,
  startLlamaServer,
} from "../../src/backend/llama-server/launch.js";
import { toOpenAIMessages } from "../../src/backend/openai/request.js";
import type { ChatMessage } from "../../src/messages.js";

/** The llama-server binary, or the one line saying why the reference checks skip. */
export function llamaServerOrSkip(): { binary: string; skip: false } | { binary: undefined; skip: string } {
  const binary = findLlamaServerBinary();
  return binary === undefined
    ? {
        binary: undefined,
        skip: "llama-server is not built: run `bash bench/build-llama-server.sh` or set EDGECALL_LLAMA_SERVER",
      }
    : { binary, skip: false };
}

/** Starts llama-server on `modelPath` with one slot, 1 thread and flash attention `flashAttention`. */
export function startReferenceServer(
  binary: string,
  modelPath: string,
  flashAttention: "on" | "off" = "off",
): Promise<RunningLlamaServer> {
  return startLlamaServer({
    binary,
    modelPath,
    threads: 1,
    contextSize: 2048,
    parallel: 1,
    readyTimeoutMs: 120_000,
    extraArgs: ["-fa", flashAttention],
  });
}

async function postJson(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

/** A greedy completion: the token ids generated, the end-of-generation token excluded. */
export interface ReferenceCompletion {
  tokens: number[];
  /**
   * At each generated position (the end-of-generation token's included), how far the chosen token's
   * log-probability is above the runner-up's: near 0, a near tie that any change in the order of
   * floating-point sums (another batch shape) may flip.
   */
  margins: number[];
  text: string;
  /** llama-server's `stop_type`: `eos`, `limit`, `word`. */
  stopType: string;
}

/** `/completion` at temperature 0 from `promptTokens` exactly, `maxTokens` at most, no prompt cache. */
export async function greedyCompletion(
  root: string,
  promptTokens: readonly number[],
  maxTokens: number,
): Promise<ReferenceCompletion> {
  const body = (await postJson(`${root}/completion`, {
    prompt: promptTokens,
    n_predict: maxTokens,
    temperature: 0,
    cache_prompt: false,
    return_tokens: true,
    n_probs: 2,
  })) as {
    tokens: number[];
    content: string;
    stop_type: string;
    tokens_evaluated: number;
    completion_probabilities?: { top_logprobs: { logprob: number }[] }[];
  };
  if (body.tokens_evaluated !== promptTokens.length) {
    throw new Error(
      `llama-server evaluated ${body.tokens_evaluated} prompt tokens, sent ${promptTokens.length}`,
    );
  }
  // With stop_type eos the last id is the end-of-generation token, which edgecall does not report.
  const tokens = body.stop_type === "eos" ? body.tokens.slice(0, -1) : body.tokens;
  const margins = (body.completion_probabilities ?? []).map(({ top_logprobs: [first, second] }) =>
    first === undefined || second === undefined ? Number.POSITIVE_INFINITY : first.logprob - second.logprob,
  );
  return { tokens, margins, text: body.content, stopType: body.stop_type };
}

/** llama-server's rendering of `messages` with the file's own chat template (`/apply-template`). */
export async function applyTemplate(root: string, messages: ChatMessage[]): Promise<string> {
  const body = (await postJson(`${root}/apply-template`, { messages: toOpenAIMessages(messages) })) as {
    prompt: string;
  };
  return body.prompt;
}
