/**
 * The options of the openai-compatible backend (src/backend/openai/backend.ts): the server, the
 * model, timeouts, retries, the response bound, streaming, the call format and template variables.
 */
import type { TemplateVariables } from "../../formats/chat-template.js";
import type { ToolCallFormat } from "../../formats/tool-call-format.js";

/** Options of {@link createOpenAICompatibleBackend}. */
export interface OpenAICompatibleOptions {
  /** The API root, e.g. `http://127.0.0.1:8080/v1`; `/chat/completions` is appended. */
  baseUrl: string;
  /** The `model` field sent to the server. */
  model: string;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey?: string;
  /**
   * Longest wait for the server to send anything (status line, next body piece; in a stream, the
   * next line that is not a keep-alive comment). Default 120000.
   */
  timeoutMs?: number;
  /**
   * Longest time one call may take, from its first try (retries and their waits included) to the
   * end of the reply. Default {@link defaultRequestTimeoutMs}.
   */
  requestTimeoutMs?: number;
  /** Retries after 429/500/502/503/504 or a dropped connection. Default 2. */
  maxRetries?: number;
  /** First backoff delay between tries, doubled each retry, with jitter. Default 500. */
  retryBaseDelayMs?: number;
  /** Cap on one wait between tries, `Retry-After` included. Default 30000. */
  maxRetryDelayMs?: number;
  /**
   * The most bytes of one response body, streamed or whole; a larger one is refused
   * (`backend-protocol`). Default 64 MiB.
   */
  maxResponseBytes?: number;
  /** `generate` streams (SSE) when true. `stream()` always streams. Default false. */
  stream?: boolean;
  /** Parses the content when the server returned no `tool_calls` (servers that pass raw call markup). */
  format?: ToolCallFormat;
  /** Template variables sent as `chat_template_kwargs` (unset: the server's defaults). */
  templateVariables?: TemplateVariables;
  /** The fetch implementation (tests, proxies). Default: the global fetch. */
  fetch?: typeof fetch;
}

/** The default of {@link OpenAICompatibleOptions.requestTimeoutMs}: 10 minutes. */
export const defaultRequestTimeoutMs = 600_000;
