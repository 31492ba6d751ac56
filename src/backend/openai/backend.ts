/**
 * The `openai-compatible` backend: a model served over HTTP by llama-server, vLLM, Ollama, LM Studio
 * or anything else that speaks `POST /v1/chat/completions` with `tools`, streamed (SSE) or not.
 *
 * `rawText` is the message content exactly as the server sent it; calls the server decoded itself
 * arrive as structured `tool_calls` and have no raw text here. Timings are measured by edgecall:
 * `firstTokenMs` is the first content, reasoning or tool-call delta when streaming, and the arrival of
 * the response when not; where the server sends llama-server's `timings`, prefill and decode are its
 * own (server-timings.ts). Usage is the server's; when it sends none, both counts are 0 and
 * `details.usageKnown` is false.
 *
 * A server's report that the model's output did not parse as its call format (llama-server's HTTP
 * 500, or the same error inside a stream) is the model's failure: it comes back as a result with a
 * `tool-call-error` part (unparsed-output.ts), scored like any malformed output, never retried. A
 * request refused because the server could not build a grammar from the tool schemas is sent once
 * more with the over-long bounds dropped (grammar-bounds.ts), and so is every later one; `report()`
 * lists the bounds dropped.
 */
import { EdgecallError } from "../../errors.js";
import type { ToolCallFormat } from "../../formats/tool-call-format.js";
import type {
  BackendInfo,
  BackendReport,
  GenerateOptions,
  GenerateRequest,
  GenerateResult,
  ModelBackend,
  StreamEvent,
} from "../model-backend.js";
import { defaultRequestTimeoutMs, type OpenAICompatibleOptions } from "./backend-options.js";
import { BackendHttpError, isUnparsedOutputMessage } from "./errors.js";
import { describeRelaxedBound, isGrammarRefusal, relaxGrammarBounds } from "./grammar-bounds.js";
import { toOpenAIRequestBody } from "./request.js";
import { assembleParts, type DecodedCompletion, decodeCompletionBody, mapFinishReason } from "./response.js";
import { readServerTimings, timingWithServer, usageWithServer } from "./server-timings.js";
import { collectEventStreamText, readCompletionStream } from "./stream-reader.js";
import { StreamState } from "./stream-state.js";
import { callDeadline, type OpenResponse, openChatCompletion } from "./transport.js";
import { defaultMaxResponseBytes, type TransportConfig } from "./transport-config.js";
import { UnparsedOutputError, unparsedOutputResult } from "./unparsed-output.js";

export type { OpenAICompatibleOptions } from "./backend-options.js";

/** The milliseconds elapsed since `start`, rounded to 0.1 ms. */
function since(start: number): number {
  return Math.round((performance.now() - start) * 10) / 10;
}

function positiveOption(
  name: string,
  value: number | undefined,
  fallback: number,
  allowZero = false,
): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    throw new EdgecallError(
      "invalid-argument",
      `openai-compatible: ${name} must be a positive number, got ${value}`,
      {
        subject: name,
      },
    );
  }
  return value;
}

function makeResult(
  decoded: Pick<
    DecodedCompletion,
    "content" | "reasoning" | "toolCalls" | "finishReason" | "usage" | "extras"
  >,
  format: ToolCallFormat | undefined,
  request: GenerateRequest,
  timing: { firstTokenMs: number; totalMs: number },
  streamed: boolean,
): GenerateResult {
  const parts = assembleParts(decoded, format, request.tools);
  const server = readServerTimings(decoded.extras.serverTimings);
  const usage = usageWithServer(decoded.usage, server);
  return {
    rawText: decoded.content,
    parts,
    finishReason: mapFinishReason(decoded.finishReason, parts),
    usage: usage ?? { inputTokens: 0, outputTokens: 0 },
    timing: timingWithServer(timing, server, streamed),
    details: {
      usageKnown: usage !== undefined,
      serverFinishReason: decoded.finishReason,
      streamed,
      ...decoded.extras,
    },
  };
}

/** Creates a backend for an OpenAI-compatible chat-completions server. Throws `invalid-argument` for bad options. */
export function createOpenAICompatibleBackend(options: OpenAICompatibleOptions): ModelBackend {
  let parsedBase: URL;
  try {
    parsedBase = new URL(options.baseUrl);
  } catch {
    throw new EdgecallError(
      "invalid-argument",
      `openai-compatible: baseUrl '${options.baseUrl}' is not a URL`,
      {
        subject: options.baseUrl,
      },
    );
  }
  if (parsedBase.protocol !== "http:" && parsedBase.protocol !== "https:") {
    throw new EdgecallError(
      "invalid-argument",
      `openai-compatible: baseUrl must be http(s), got ${options.baseUrl}`,
      {
        subject: options.baseUrl,
      },
    );
  }
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const transport: TransportConfig = {
    url: `${baseUrl}/chat/completions`,
    apiKey: options.apiKey,
    timeoutMs: positiveOption("timeoutMs", options.timeoutMs, 120_000),
    requestTimeoutMs: positiveOption("requestTimeoutMs", options.requestTimeoutMs, defaultRequestTimeoutMs),
    maxRetries: Math.floor(positiveOption("maxRetries", options.maxRetries, 2, true)),
    retryBaseDelayMs: positiveOption("retryBaseDelayMs", options.retryBaseDelayMs, 500, true),
    maxRetryDelayMs: positiveOption("maxRetryDelayMs", options.maxRetryDelayMs, 30_000, true),
    maxResponseBytes: positiveOption("maxResponseBytes", options.maxResponseBytes, defaultMaxResponseBytes),
    fetch: options.fetch ?? globalThis.fetch,
  };
  const format = options.format;
  const info: BackendInfo = { backend: "openai-compatible", model: options.model, baseUrl };
  if (format !== undefined) info.format = format.name;

  /** Set once a server refused the tool schemas' grammar: from then on, bounds are relaxed. */
  let relaxBounds = false;
  const relaxed = new Map<string, string>();

  function bodyOf(request: GenerateRequest, stream: boolean): Record<string, unknown> {
    const templateVariables = options.templateVariables;
    if (!relaxBounds || request.tools === undefined)
      return toOpenAIRequestBody(request, options.model, stream, { templateVariables });
    const adjusted = relaxGrammarBounds(request.tools);
    for (const bound of adjusted.relaxed) {
      const line = describeRelaxedBound(bound);
      relaxed.set(line, line);
    }
    return toOpenAIRequestBody(request, options.model, stream, { templateVariables, tools: adjusted.tools });
  }

  /**
   * Opens the call; a grammar refusal is answered by relaxing the schemas' bounds, once, within the
   * same deadline.
   */
  async function open(request: GenerateRequest, stream: boolean, signal: AbortSignal | undefined) {
    const deadlineAt = callDeadline(transport);
    try {
      return await openChatCompletion(transport, bodyOf(request, stream), signal, deadlineAt);
    } catch (error) {
      if (
        error instanceof BackendHttpError &&
        !relaxBounds &&
        isGrammarRefusal(error.status, error.serverMessage) &&
        request.tools !== undefined &&
        relaxGrammarBounds(request.tools).relaxed.length > 0
      ) {
        relaxBounds = true;
        return openChatCompletion(transport, bodyOf(request, stream), signal, deadlineAt);
      }
      throw error;
    }
  }

  /** Opens the call, or the failure as the model's when the server said its output did not parse. */
  async function openOrUnparsed(
    request: GenerateRequest,
    stream: boolean,
    signal: AbortSignal | undefined,
    start: number,
  ): Promise<OpenResponse | GenerateResult> {
    try {
      return await open(request, stream, signal);
    } catch (error) {
      if (error instanceof BackendHttpError && isUnparsedOutputMessage(error.serverMessage)) {
        const totalMs = since(start);
        return unparsedOutputResult(error.serverMessage, "", { firstTokenMs: totalMs, totalMs }, stream);
      }
      throw error;
    }
  }

  async function generateWhole(
    request: GenerateRequest,
    signal: AbortSignal | undefined,
  ): Promise<GenerateResult> {
    const start = performance.now();
    const response = await openOrUnparsed(request, false, signal, start);
    if (!("close" in response)) return response;
    try {
      const firstTokenMs = since(start);
      // An event stream where a whole response was asked for: keep-alive comments are no progress.
      const eventStream = /text\/event-stream/i.test(response.headers.get("content-type") ?? "");
      const text = eventStream
        ? await collectEventStreamText(response.chunks({ touchOnBytes: false }), transport.url, () =>
            response.progress(),
          )
        : await response.text();
      const decoded = decodeCompletionBody(text, transport.url);
      return makeResult(decoded, format, request, { firstTokenMs, totalMs: since(start) }, false);
    } finally {
      response.close();
    }
  }

  async function* streamEvents(
    request: GenerateRequest,
    signal: AbortSignal | undefined,
  ): AsyncGenerator<StreamEvent> {
    const start = performance.now();
    const response = await openOrUnparsed(request, true, signal, start);
    if (!("close" in response)) {
      yield { type: "finish", result: response };
      return;
    }
    const state = new StreamState();
    let firstTokenMs: number | undefined;
    try {
      // Only SSE lines other than comments reset the idle timeout: keep-alives are not progress.
      const chunks = response.chunks({ touchOnBytes: false });
      for await (const delta of readCompletionStream(chunks, transport.url, state, () =>
        response.progress(),
      )) {
        if (delta.generated && firstTokenMs === undefined) firstTokenMs = since(start);
        if (delta.text !== "") yield { type: "text-delta", text: delta.text };
      }
    } catch (error) {
      if (!(error instanceof UnparsedOutputError)) throw error;
      // What streamed before the server gave up parsing is the model's raw output.
      const totalMs = since(start);
      const timing = { firstTokenMs: firstTokenMs ?? totalMs, totalMs };
      yield {
        type: "finish",
        result: unparsedOutputResult(error.serverMessage, state.content, timing, true),
      };
      return;
    } finally {
      response.close();
    }
    const totalMs = since(start);
    const decoded = {
      content: state.content,
      reasoning: state.reasoning,
      toolCalls: state.toolCalls(),
      finishReason: state.finishReason,
      usage: state.usage,
      extras: state.extras,
    };
    const result = makeResult(
      decoded,
      format,
      request,
      { firstTokenMs: firstTokenMs ?? totalMs, totalMs },
      true,
    );
    yield { type: "finish", result };
  }

  return {
    info,
    async generate(request: GenerateRequest, generateOptions: GenerateOptions = {}): Promise<GenerateResult> {
      if (!options.stream) return generateWhole(request, generateOptions.signal);
      for await (const event of streamEvents(request, generateOptions.signal)) {
        if (event.type === "finish") return event.result;
      }
      throw new EdgecallError("internal", "openai-compatible: stream ended without a result");
    },
    stream(request: GenerateRequest, generateOptions: GenerateOptions = {}): AsyncIterable<StreamEvent> {
      return streamEvents(request, generateOptions.signal);
    },
    report(): BackendReport {
      return relaxed.size === 0 ? {} : { relaxedBounds: [...relaxed.values()] };
    },
    async close(): Promise<void> {
      // Nothing is held between calls: fetch pools its own connections.
    },
  };
}
