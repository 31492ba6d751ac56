/**
 * The HTTP server of `bench --browser`: it serves the bench page, wllama's module and wasm (from
 * the installed package) and the GGUF part(s) under a one-time random token in the path, and
 * takes the page's status lines and results back. Loopback unless another address is given.
 * Every request passes, in order: the web guard of `serve` (src/http/web-guard.ts: the Host must
 * be an address being served, a request from another site's page is refused, a body must be
 * JSON), the token (compared in constant time; 403 without it), then the route. Bodies are
 * bounded (413) and validated (400); a second results body is refused (409). Every response
 * carries `Cross-Origin-Opener-Policy: same-origin` and `Cross-Origin-Embedder-Policy:
 * require-corp`, which make the page cross-origin isolated, so WebAssembly threads are allowed.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { createReadStream } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";
import type { z } from "zod";
import { isWildcardAddress } from "../../http/host-names.js";
import { checkWebRequest } from "../../http/web-guard.js";
import type { BrowserModelPart } from "./browser-model-parts.js";
import { browserPageHtml } from "./browser-page.js";
import { browserPageScript } from "./browser-page-script.js";
import {
  type BrowserPost,
  browserPostSchema,
  browserStatusSchema,
  maxResultsBodyBytes,
  maxStatusBodyBytes,
} from "./browser-results.js";
import type { WllamaAssets } from "./wllama-assets.js";

/** What the server needs. */
export interface BrowserBenchServerOptions {
  /** The address to listen on (`--host`; loopback by default). */
  host: string;
  /** The port (`--port`; 0 for any free one). */
  port: number;
  /** More names the Host header may give (`--allowed-hosts`). */
  allowedHosts?: readonly string[];
  /** The page's `config.json` (the test plan), without the parts, which the server adds. */
  config: Record<string, unknown>;
  parts: readonly BrowserModelPart[];
  assets: WllamaAssets;
  /** A status line from the page. */
  onStatus?: (message: string) => void;
  /** The token (tests); a fresh random one by default. */
  token?: string;
}

/** A running server. */
export interface BrowserBenchServer {
  /** The page's URLs (one per address a phone may reach when listening on a wildcard address). */
  urls: string[];
  port: number;
  /** The first valid results body the page posts. */
  results: Promise<BrowserPost>;
  close(): Promise<void>;
}

const securityHeaders: Record<string, string> = {
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-embedder-policy": "require-corp",
  "cross-origin-resource-policy": "same-origin",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
};

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    ...securityHeaders,
    ...headers,
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
  });
  response.end(text);
}

function sendError(response: ServerResponse, status: number, code: string, message: string) {
  sendJson(response, status, { error: { code, message } });
}

/** Reads a body of at most `limit` bytes; undefined (after answering 413) when it is larger. */
function readBody(
  request: IncomingMessage,
  response: ServerResponse,
  limit: number,
): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const refuse = () => {
      response.setHeader("connection", "close");
      sendError(response, 413, "body_too_large", `the body is larger than ${limit} bytes`);
      // Drain what the client is still sending (so it reads the answer), for two seconds at most.
      request.resume();
      setTimeout(() => request.destroy(), 2000).unref();
      resolve(undefined);
    };
    const declared = Number(request.headers["content-length"] ?? 0);
    if (declared > limit) return refuse();
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    request.on("data", (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        refuse();
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => {
      if (!done) resolve(Buffer.concat(chunks).toString("utf8"));
    });
    request.on("error", reject);
  });
}

async function readJson<T>(
  request: IncomingMessage,
  response: ServerResponse,
  limit: number,
  schema: z.ZodType<T>,
): Promise<T | undefined> {
  const text = await readBody(request, response, limit);
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    sendError(response, 400, "invalid_json", "the body is not JSON");
    return undefined;
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    sendError(
      response,
      400,
      "invalid_body",
      `${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`,
    );
    return undefined;
  }
  return parsed.data;
}

function pageUrls(host: string, port: number, token: string): string[] {
  const hosts: string[] = [];
  if (isWildcardAddress(host)) {
    for (const entries of Object.values(networkInterfaces())) {
      for (const entry of entries ?? [])
        if (entry.family === "IPv4" && !entry.internal) hosts.push(entry.address);
    }
    hosts.push("127.0.0.1");
  } else hosts.push(host.includes(":") && !host.startsWith("[") ? `[${host}]` : host);
  return hosts.map((name) => `http://${name}:${port}/${token}/`);
}

/** Starts the server; resolves once it listens. */
export async function startBrowserBenchServer(
  options: BrowserBenchServerOptions,
): Promise<BrowserBenchServer> {
  const token = options.token ?? randomBytes(18).toString("base64url");
  const tokenDigest = digest(token);
  const config = JSON.stringify({
    ...options.config,
    parts: options.parts.map((part, index) => ({
      name: part.path.split(/[\\/]/).pop(),
      url: `model/${index + 1}.gguf`,
      bytes: part.bytes,
    })),
  });
  let settle: (post: BrowserPost) => void = () => {};
  const results = new Promise<BrowserPost>((resolve) => {
    settle = resolve;
  });
  let received = false;
  const texts: Record<string, [string, string]> = {
    "": [browserPageHtml, "text/html; charset=utf-8"],
    "index.html": [browserPageHtml, "text/html; charset=utf-8"],
    "page.js": [browserPageScript, "text/javascript; charset=utf-8"],
    "config.json": [config, "application/json; charset=utf-8"],
  };
  const files: Record<string, [string, string, number?]> = {
    "wllama.js": [options.assets.modulePath, "text/javascript; charset=utf-8"],
    "wllama.wasm": [options.assets.wasmPath, "application/wasm"],
  };
  options.parts.forEach((part, index) => {
    files[`model/${index + 1}.gguf`] = [part.path, "application/octet-stream", part.bytes];
  });

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const method = request.method ?? "GET";
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value.join(", ") : value;
    };
    const hasBody = Number(header("content-length") ?? 0) > 0 || header("transfer-encoding") !== undefined;
    const verdict = checkWebRequest(
      { method, header, hasBody },
      {
        boundAddress: options.host,
        allowedHosts: options.allowedHosts ?? [],
        // The page's own origin: its POSTs carry an Origin, which is same-origin once Host passed.
        corsOrigins: header("host") === undefined ? [] : [`http://${header("host")}`],
        cors: { methods: ["GET", "POST"], requestHeaders: ["content-type"] },
      },
    );
    if (verdict.kind === "refuse") return sendError(response, verdict.status, verdict.code, verdict.message);
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    const [, first = "", ...rest] = path.split("/");
    if (!timingSafeEqual(digest(first), tokenDigest)) {
      return sendError(
        response,
        403,
        "wrong_token",
        "missing or wrong token: open the exact URL the command printed",
      );
    }
    const route = rest.join("/");
    if (method === "POST" && route === "status") {
      const body = await readJson(request, response, maxStatusBodyBytes, browserStatusSchema);
      if (body === undefined) return;
      options.onStatus?.(body.message);
      return sendJson(response, 200, { ok: true });
    }
    if (method === "POST" && route === "results") {
      if (received) return sendError(response, 409, "already_received", "the results were already received");
      const body = await readJson(request, response, maxResultsBodyBytes, browserPostSchema);
      if (body === undefined) return;
      received = true;
      settle(body);
      return sendJson(response, 200, { ok: true });
    }
    if (method !== "GET" && method !== "HEAD")
      return sendError(response, 405, "method_not_allowed", `${method} ${route}`);
    const text = texts[route];
    if (text !== undefined) {
      response.writeHead(200, {
        ...securityHeaders,
        "content-type": text[1],
        "content-length": Buffer.byteLength(text[0]),
      });
      return response.end(method === "HEAD" ? undefined : text[0]);
    }
    const file = files[route];
    if (file === undefined) return sendError(response, 404, "not_found", `no ${route}`);
    response.writeHead(200, {
      ...securityHeaders,
      "content-type": file[1],
      ...(file[2] === undefined ? {} : { "content-length": file[2] }),
    });
    if (method === "HEAD") return response.end();
    createReadStream(file[0])
      .on("error", () => response.destroy())
      .pipe(response);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) sendError(response, 500, "internal", "the request failed");
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    urls: pageUrls(options.host, port, token),
    port,
    results,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
