/**
 * The guard in front of edgecall's HTTP servers (`serve`, `mcp serve --http`) against web pages:
 * the nearest attacker of a server on a laptop is a browser tab. A page can send `text/plain` POSTs
 * to any address without asking (no CORS preflight), and after DNS rebinding it reaches a loopback
 * server under its own name and reads the replies. So, before anything else:
 *
 * 1. the `Host` header must name an address being served (host-names.ts), else 403;
 * 2. a request carrying an `Origin` must come from an origin given with `--cors`, and one a browser
 *    marks as sent by another site's page (`Sec-Fetch-Site: cross-site` or `same-site`) without
 *    such an origin is refused, 403; non-browser clients send neither;
 * 3. an allowed origin's preflight is answered (204), and its replies carry CORS headers; no other
 *    origin gets any CORS header;
 * 4. a request with a body must say `Content-Type: application/json`, else 415.
 *
 * Framework-free: each server adapts its request to {@link GuardedRequest} and its reply to the verdict.
 */
import { hostHeaderName, isServedHostName } from "./host-names.js";
import { isJsonContentType } from "./json-content-type.js";

/** What the guard allows. */
export interface WebGuardOptions {
  /** The address the server listens on (`--host`); its name is accepted as `Host`. */
  boundAddress: string;
  /** More names the `Host` header may give (`--allowed-hosts`), besides loopback and the bound address. */
  allowedHosts?: readonly string[];
  /** Origins (`scheme://host[:port]`) whose pages may call the server (`--cors`); none by default. */
  corsOrigins?: readonly string[];
  /** What an allowed origin may use: methods and request headers (preflight), response headers it may read. */
  cors: {
    methods: readonly string[];
    requestHeaders: readonly string[];
    exposedHeaders?: readonly string[];
  };
}

/** The parts of a request the guard reads. */
export interface GuardedRequest {
  method: string;
  /** A header's value by lower-case name; undefined when absent. */
  header(name: string): string | undefined;
  /** True when the request carries a body. */
  hasBody: boolean;
}

/** Why a request was refused (for the error body's code). */
export type WebRefusal = "host_not_allowed" | "origin_not_allowed" | "unsupported_media_type";

/** What to do with a request. */
export type WebVerdict =
  /** Go on; put `headers` (CORS headers, possibly none) on the reply. */
  | { kind: "pass"; headers: Record<string, string> }
  /** An allowed origin's preflight: answer 204 with `headers`. */
  | { kind: "preflight"; headers: Record<string, string> }
  /** Answer `status` with `message`; nothing else runs. */
  | { kind: "refuse"; status: 403 | 415; code: WebRefusal; message: string };

/** How long a browser may keep an answered preflight, in seconds. */
const preflightMaxAgeSeconds = 600;

/** A header value as shown in a message: printable, at most 100 characters, quoted. */
function shown(value: string): string {
  const printable = value.replace(/[^\x20-\x7e]/g, "?");
  return JSON.stringify(printable.length > 100 ? `${printable.slice(0, 100)}...` : printable);
}

/** Checks one request. Pure apart from reading this machine's interface addresses (wildcard binds). */
export function checkWebRequest(request: GuardedRequest, options: WebGuardOptions): WebVerdict {
  const allowedHosts = options.allowedHosts ?? [];
  const corsOrigins = options.corsOrigins ?? [];
  const host = request.header("host");
  const name = host === undefined ? undefined : hostHeaderName(host);
  if (name === undefined || !isServedHostName(name, options.boundAddress, allowedHosts)) {
    return {
      kind: "refuse",
      status: 403,
      code: "host_not_allowed",
      message:
        `${host === undefined ? "no Host header" : `Host ${shown(host)} is not an address this server is served under`} ` +
        `(it answers localhost, 127.0.0.0/8, ::1 and the address it listens on; add names with --allowed-hosts). ` +
        "A web page reaching this port through a hostile DNS name sends its own name.",
    };
  }
  const origin = request.header("origin");
  const vary: Record<string, string> = corsOrigins.length > 0 ? { vary: "Origin" } : {};
  if (origin !== undefined && !corsOrigins.includes(origin)) {
    return {
      kind: "refuse",
      status: 403,
      code: "origin_not_allowed",
      message: `a request from a web page at ${shown(origin)} is refused: allow that origin with --cors ORIGIN`,
    };
  }
  const site = request.header("sec-fetch-site")?.trim().toLowerCase();
  if (origin === undefined && (site === "cross-site" || site === "same-site")) {
    return {
      kind: "refuse",
      status: 403,
      code: "origin_not_allowed",
      message: `a request from another site's page (Sec-Fetch-Site: ${site}) is refused: allow its origin with --cors ORIGIN`,
    };
  }
  const cors: Record<string, string> =
    origin === undefined ? {} : { "access-control-allow-origin": origin, ...vary };
  if (
    request.method === "OPTIONS" &&
    origin !== undefined &&
    request.header("access-control-request-method")
  ) {
    return {
      kind: "preflight",
      headers: {
        ...cors,
        "access-control-allow-methods": options.cors.methods.join(", "),
        "access-control-allow-headers": options.cors.requestHeaders.join(", "),
        "access-control-max-age": String(preflightMaxAgeSeconds),
      },
    };
  }
  if (request.hasBody && !isJsonContentType(request.header("content-type"))) {
    const type = request.header("content-type");
    return {
      kind: "refuse",
      status: 415,
      code: "unsupported_media_type",
      message: `the body must be sent as Content-Type: application/json (got ${type === undefined ? "none" : shown(type)})`,
    };
  }
  const exposed = options.cors.exposedHeaders ?? [];
  const expose: Record<string, string> =
    origin !== undefined && exposed.length > 0 ? { "access-control-expose-headers": exposed.join(", ") } : {};
  return { kind: "pass", headers: { ...vary, ...cors, ...expose } };
}
