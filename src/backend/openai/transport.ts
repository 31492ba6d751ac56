/**
 * The HTTP side of the openai-compatible backend: one POST with an idle timeout, an overall
 * deadline for the whole call (retries and their waits included), the caller's abort signal, and
 * retries with exponential backoff and jitter for overload and dropped connections. Both timeouts
 * end as `backend-timeout` errors. Whoever reads a stream may say what counts as progress for the
 * idle timeout (SSE keep-alive comments do not), so a server dripping comments cannot hold a call.
 * Retries happen only until a successful status line arrives; a body cut off half-way is not retried,
 * so a streamed reply is never delivered twice.
 */
import { EdgecallError } from "../../errors.js";
import {
  BackendHttpError,
  classifyNetworkError,
  isUnparsedOutputMessage,
  rootMessage,
  serverErrorMessage,
} from "./errors.js";
import { abortedError, backoffDelay, parseRetryAfter, sleep } from "./retry-timing.js";
import { type TransportConfig, tooLargeError } from "./transport-config.js";

/** Statuses worth another try: rate limited, or the server (or a proxy in front of it) is overloaded. */
const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504]);

/** A response with a 2xx status whose body has not been read yet. Call `close()` when done. */
export interface OpenResponse {
  readonly status: number;
  readonly headers: Headers;
  /**
   * The body's bytes; each piece resets the idle timeout, unless `touchOnBytes` is false, when only
   * {@link progress} does. Errors arrive as EdgecallErrors.
   */
  chunks(options?: { touchOnBytes?: boolean }): AsyncIterable<Uint8Array>;
  /** Resets the idle timeout: the reader found progress in what arrived (an SSE field, not a comment). */
  progress(): void;
  /** The whole body as text. */
  text(): Promise<string>;
  /** Stops the timer and the caller-signal listener, and drops the connection if the body is unread. */
  close(): void;
}

/** The error for a call past its deadline ({@link TransportConfig.requestTimeoutMs}). */
function deadlineError(config: TransportConfig, cause?: unknown, lastTry?: EdgecallError): EdgecallError {
  const after = lastTry === undefined ? "" : `; the last try: ${lastTry.message}`;
  return new EdgecallError(
    "backend-timeout",
    `${config.url}: the call was not done within its deadline of ${config.requestTimeoutMs} ms (--request-timeout)${after}`,
    { subject: config.url, ...(cause === undefined ? {} : { cause }) },
  );
}

/** The `performance.now()` at which a call starting now must end; Infinity without a deadline. */
export function callDeadline(config: TransportConfig): number {
  return config.requestTimeoutMs === undefined
    ? Number.POSITIVE_INFINITY
    : performance.now() + config.requestTimeoutMs;
}

/** One try: its own AbortController, fired by the idle timer, the call's deadline or the caller's signal. */
class AttemptGuard {
  /** Body bytes received so far (checked against the config's maxResponseBytes). */
  received = 0;
  readonly controller = new AbortController();
  private reason: "timeout" | "deadline" | "aborted" | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly deadlineTimer: NodeJS.Timeout | undefined;
  private readonly onCallerAbort = (): void => this.fire("aborted");

  constructor(
    readonly config: TransportConfig,
    private readonly callerSignal: AbortSignal | undefined,
    deadlineAt: number,
  ) {
    callerSignal?.addEventListener("abort", this.onCallerAbort, { once: true });
    if (Number.isFinite(deadlineAt)) {
      this.deadlineTimer = setTimeout(
        () => this.fire("deadline"),
        Math.max(0, deadlineAt - performance.now()),
      );
    }
    this.touch();
  }

  /** Restarts the idle timer: the server just sent something. */
  touch(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.fire("timeout"), this.config.timeoutMs);
  }

  dispose(): void {
    clearTimeout(this.timer);
    clearTimeout(this.deadlineTimer);
    this.callerSignal?.removeEventListener("abort", this.onCallerAbort);
  }

  /** Turns whatever fetch or the body reader threw into a harness error. */
  translate(error: unknown, phase: "connect" | "body"): { error: EdgecallError; retryable: boolean } {
    const { url, timeoutMs } = this.config;
    if (error instanceof EdgecallError) return { error, retryable: false };
    if (this.reason === "aborted" || this.callerSignal?.aborted)
      return { error: abortedError(), retryable: false };
    if (this.reason === "deadline") return { error: deadlineError(this.config, error), retryable: false };
    if (this.reason === "timeout") {
      const what = phase === "connect" ? "no response" : "no further data";
      return {
        error: new EdgecallError(
          "backend-timeout",
          `${url}: ${what} within ${timeoutMs} ms (--idle-timeout)`,
          {
            subject: url,
            cause: error,
          },
        ),
        retryable: false,
      };
    }
    const kind = classifyNetworkError(error);
    if (phase === "body") {
      const message = `${url}: connection lost while reading the response: ${rootMessage(error)}`;
      return {
        error: new EdgecallError("backend-protocol", message, { subject: url, cause: error }),
        retryable: false,
      };
    }
    const message =
      kind === "reset"
        ? `${url}: connection reset by the server: ${rootMessage(error)}`
        : `cannot reach ${url}: ${rootMessage(error)}`;
    return {
      error: new EdgecallError("backend-unreachable", message, { subject: url, cause: error }),
      retryable: kind === "reset",
    };
  }

  private fire(reason: "timeout" | "deadline" | "aborted"): void {
    this.reason ??= reason;
    clearTimeout(this.timer);
    clearTimeout(this.deadlineTimer);
    this.controller.abort();
  }
}

/**
 * Reads a body to its end through the guard (error bodies, whole responses and streams); each piece
 * resets the idle timer unless `touchOnBytes` is false.
 */
async function* guardedChunks(
  response: Response,
  guard: AttemptGuard,
  touchOnBytes = true,
): AsyncGenerator<Uint8Array> {
  if (response.body === null) return;
  const reader = response.body.getReader();
  let finished = false;
  try {
    while (true) {
      let result: Awaited<ReturnType<typeof reader.read>>;
      try {
        result = await reader.read();
      } catch (error) {
        throw guard.translate(error, "body").error;
      }
      if (result.done) {
        finished = true;
        return;
      }
      if (touchOnBytes) guard.touch();
      guard.received += result.value.length;
      if (guard.received > guard.config.maxResponseBytes) throw tooLargeError(guard.config, undefined);
      yield result.value;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

async function collectText(chunks: AsyncIterable<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder("utf-8");
  let text = "";
  for await (const chunk of chunks) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

function openResponse(response: Response, guard: AttemptGuard): OpenResponse {
  let closed = false;
  const close = (): void => {
    if (closed) return;
    closed = true;
    guard.dispose();
    // Drop the connection if nobody read (or finished reading) the body.
    if (response.body !== null && !response.bodyUsed) response.body.cancel().catch(() => undefined);
  };
  return {
    status: response.status,
    headers: response.headers,
    chunks: (options) => guardedChunks(response, guard, options?.touchOnBytes !== false),
    progress: () => {
      if (!closed) guard.touch();
    },
    text: () => collectText(guardedChunks(response, guard)),
    close,
  };
}

/**
 * POSTs `body` as JSON, retrying 429/500/502/503/504 (but not a server's report that the model's
 * output did not parse) and dropped connections up to `maxRetries` times (waiting `Retry-After` when the server sends it, else exponential backoff with jitter).
 * Resolves once a 2xx status line has arrived; rejects with an EdgecallError otherwise. `deadlineAt`
 * ({@link callDeadline}, default from now) ends the call, its body included, with `backend-timeout`.
 */
export async function openChatCompletion(
  config: TransportConfig,
  body: unknown,
  signal?: AbortSignal,
  deadlineAt: number = callDeadline(config),
): Promise<OpenResponse> {
  const payload = JSON.stringify(body);
  const streaming =
    typeof body === "object" && body !== null && (body as { stream?: unknown }).stream === true;
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: streaming ? "text/event-stream" : "application/json",
  };
  if (config.apiKey !== undefined && config.apiKey !== "") headers.authorization = `Bearer ${config.apiKey}`;
  for (let attempt = 0; ; attempt++) {
    if (signal?.aborted) throw abortedError();
    if (performance.now() >= deadlineAt) throw deadlineError(config);
    const guard = new AttemptGuard(config, signal, deadlineAt);
    let failure: EdgecallError;
    let retryable: boolean;
    let retryAfterMs: number | undefined;
    try {
      const response = await config.fetch(config.url, {
        method: "POST",
        headers,
        body: payload,
        signal: guard.controller.signal,
      });
      guard.touch();
      if (response.ok) {
        const declared = Number(response.headers.get("content-length") ?? Number.NaN);
        if (declared > config.maxResponseBytes) {
          await response.body?.cancel().catch(() => undefined);
          guard.dispose();
          throw tooLargeError(config, declared);
        }
        return openResponse(response, guard);
      }
      let errorBody = "";
      try {
        errorBody = await collectText(guardedChunks(response, guard));
      } catch (error) {
        if (
          error instanceof EdgecallError &&
          (error.code === "aborted" || error.code === "backend-timeout")
        ) {
          throw error;
        }
      }
      const serverMessage = serverErrorMessage(errorBody);
      failure = new BackendHttpError(config.url, response.status, serverMessage);
      // The model's unparseable output is an answer, not overload: asking again re-samples it.
      retryable = RETRYABLE_STATUSES.has(response.status) && !isUnparsedOutputMessage(serverMessage);
      retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
    } catch (error) {
      guard.dispose();
      const translated = guard.translate(error, "connect");
      failure = translated.error;
      retryable = translated.retryable;
    }
    guard.dispose();
    if (!retryable || attempt >= config.maxRetries) throw failure;
    const delay = Math.min(
      config.maxRetryDelayMs,
      retryAfterMs ?? backoffDelay(attempt, config.retryBaseDelayMs, config.maxRetryDelayMs),
    );
    // A retry that could only start past the deadline is not waited for.
    if (performance.now() + delay >= deadlineAt) throw deadlineError(config, failure, failure);
    await sleep(delay, signal);
  }
}
