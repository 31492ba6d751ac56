/**
 * GET requests to the model hub: redirects followed (the hub sends file downloads to a CDN) up to
 * a few hops, `Authorization` sent only to the endpoint's own origin (dropped on a cross-origin
 * redirect, never sent over plain http from an https hub), an idle timeout, bounded bodies, and
 * status codes turned into `model-download` errors that say what to do.
 */
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { EdgecallError } from "../../errors.js";
import type { HubSettings } from "./hub-settings.js";

/** The most redirects followed for one request. */
export const maxRedirects = 5;
/** Default longest wait for the hub to send anything, in ms. */
export const defaultIdleTimeoutMs = 60_000;

/** Options of one hub request. */
export interface HubGetOptions {
  settings: HubSettings;
  /** Extra request headers (e.g. `Range`); `Authorization` is added here, never by callers. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  idleTimeoutMs?: number;
}

/** A hub response after redirects: the final URL and the response, its body not yet read. */
export interface HubResponse {
  url: URL;
  response: IncomingMessage;
}

/** A `model-download` error. */
export function downloadError(message: string, subject?: string, cause?: unknown): EdgecallError {
  return new EdgecallError("model-download", message, {
    ...(subject === undefined ? {} : { subject }),
    ...(cause === undefined ? {} : { cause }),
  });
}

/** A URL for messages: origin and path, never a query (a CDN's signed query is noise, maybe secret). */
export function shownUrl(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

function once(url: URL, headers: Record<string, string>, options: HubGetOptions): Promise<IncomingMessage> {
  return new Promise((resolvePromise, reject) => {
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const request = send(url, {
      method: "GET",
      headers,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    const idleMs = options.idleTimeoutMs ?? defaultIdleTimeoutMs;
    request.setTimeout(idleMs, () => {
      request.destroy(
        downloadError(`the hub sent nothing for ${Math.round(idleMs / 1000)} s (${shownUrl(url)})`),
      );
    });
    request.once("response", resolvePromise);
    request.once("error", (error) => {
      if (error instanceof EdgecallError) reject(error);
      else if (options.signal?.aborted)
        reject(new EdgecallError("aborted", "download interrupted", { cause: error }));
      else reject(downloadError(`cannot reach ${shownUrl(url)}: ${error.message}`, shownUrl(url), error));
    });
    request.end();
  });
}

/**
 * GETs `url`, following redirects. `Authorization: Bearer HF_TOKEN` goes only to URLs on the
 * endpoint's origin. Returns the final response whatever its status; redirect bodies are discarded.
 */
export async function hubGet(url: URL, options: HubGetOptions): Promise<HubResponse> {
  const hubOrigin = new URL(options.settings.endpoint).origin;
  let current = url;
  for (let hop = 0; ; hop += 1) {
    const headers: Record<string, string> = {
      "user-agent": "edgecall",
      ...options.headers,
    };
    if (options.settings.token !== undefined && current.origin === hubOrigin)
      headers.authorization = `Bearer ${options.settings.token}`;
    const response = await once(current, headers, options);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status < 300 || status >= 400 || status === 304 || location === undefined)
      return { url: current, response };
    response.resume();
    if (hop >= maxRedirects)
      throw downloadError(`more than ${maxRedirects} redirects from ${shownUrl(url)}`, shownUrl(url));
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      throw downloadError(
        `the hub redirected to an invalid URL from ${shownUrl(current)}`,
        shownUrl(current),
      );
    }
    if (next.protocol !== "https:" && next.protocol !== "http:")
      throw downloadError(`the hub redirected to a ${next.protocol} URL; only http and https are followed`);
    if (current.protocol === "https:" && next.protocol === "http:")
      throw downloadError(`refusing a redirect from https to plain http (${shownUrl(next)})`, shownUrl(next));
    current = next;
  }
}

/** Reads a response body of at most `maxBytes`; throws `model-download` naming `what` beyond. */
export async function readBounded(
  response: IncomingMessage,
  maxBytes: number,
  what: string,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of response) {
      const buffer = chunk as Buffer;
      total += buffer.length;
      if (total > maxBytes) {
        response.destroy();
        throw downloadError(`${what} is larger than ${Math.round(maxBytes / 1024 / 1024)} MiB; refusing it`);
      }
      chunks.push(buffer);
    }
  } catch (error) {
    if (error instanceof EdgecallError) throw error;
    throw downloadError(`${what}: the connection failed (${(error as Error).message})`, undefined, error);
  }
  return Buffer.concat(chunks);
}

/**
 * The error for an unexpected status of `what` (e.g. "hf:OWNER/REPO"), saying what to do: 401 a
 * token, 403 the model's terms, 404 the name, 429 wait.
 */
export function statusError(status: number, what: string, settings: HubSettings): EdgecallError {
  const hub = settings.endpoint;
  switch (status) {
    case 401:
      return downloadError(
        settings.token === undefined
          ? `${hub} answered 401 (unauthorised) for ${what}: it is private or gated, or does not exist; set HF_TOKEN to an access token that can read it (${hub}/settings/tokens), and check the name`
          : `${hub} answered 401 (unauthorised) for ${what} although HF_TOKEN is set: the token is invalid or expired, or cannot read this repository, or the name is wrong`,
        what,
      );
    case 403:
      return downloadError(
        `${hub} answered 403 (forbidden) for ${what}: the model is gated; accept its terms on its page with the account of HF_TOKEN, or use a token with read access`,
        what,
      );
    case 404:
      return downloadError(
        `${hub} answered 404 (not found) for ${what}: check the owner, repository and file names${settings.token === undefined ? " (a private repository needs HF_TOKEN)" : ""}`,
        what,
      );
    case 429:
      return downloadError(
        `${hub} answered 429 (too many requests) for ${what}: wait a few minutes and retry`,
        what,
      );
    default:
      return downloadError(`${hub} answered HTTP ${status} for ${what}`, what);
  }
}
