/**
 * How the openai-compatible transport (src/backend/openai/transport.ts) calls a server: the
 * endpoint, timeouts, retries and the bound on response bodies, with the error for a body over it.
 */
import { EdgecallError } from "../../errors.js";

/** How the transport calls the server. */
export interface TransportConfig {
  /** The full endpoint, e.g. `http://127.0.0.1:8080/v1/chat/completions`. */
  url: string;
  apiKey?: string;
  /**
   * Longest wait for the server to send anything: the status line, or the next piece of the body
   * (for a stream read with `chunks({ touchOnBytes: false })`, the next {@link OpenResponse.progress}).
   */
  timeoutMs: number;
  /** Longest time one call may take, from its first try to the end of its body. Unset: no deadline. */
  requestTimeoutMs?: number;
  maxRetries: number;
  /** First backoff delay; each retry doubles it (before jitter). */
  retryBaseDelayMs: number;
  /** Cap on any one wait between tries, `Retry-After` included. */
  maxRetryDelayMs: number;
  /** The most bytes of one response body (streamed or whole); more is a backend-protocol error. */
  maxResponseBytes: number;
  fetch: typeof fetch;
}

/** The default of {@link TransportConfig.maxResponseBytes}: 64 MiB. */
export const defaultMaxResponseBytes = 64 * 1024 * 1024;

/** The error for a body over the limit (announced by Content-Length, or counted as it arrives). */
export function tooLargeError(config: TransportConfig, declaredBytes: number | undefined): EdgecallError {
  const what =
    declaredBytes === undefined
      ? "the response is"
      : `the response is ${declaredBytes} bytes (Content-Length),`;
  return new EdgecallError(
    "backend-protocol",
    `${config.url}: ${what} over the limit of ${mebibytes(config.maxResponseBytes)} on response bodies; raise it with maxResponseBytes (--max-response-mib on the command line)`,
    { subject: config.url },
  );
}

function mebibytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return Number.isInteger(mib) ? `${mib} MiB` : `${bytes} bytes`;
}
