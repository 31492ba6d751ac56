/**
 * `edgecall serve`: any ModelBackend behind an OpenAI-compatible HTTP API (`/v1/chat/completions`,
 * `/v1/models`, `/health`), so that OpenAI clients, and edgecall's own `openai:` backend on another
 * machine, get edgecall's template rendering, tool-call parsing and constrained decoding.
 *
 * Bad requests get OpenAI's error shape with the field named (400), a missing or wrong key 401, a
 * body over the limit 413; harness errors 500 (502 when the backend is itself a remote server).
 * A client that disconnects aborts its model call. `/v1/chat/completions` (chat-completions-route.ts)
 * and `/v1/responses` (the Responses API, responses-route.ts) are answered from the same backend
 * behind one admission gate (gated-route.ts).
 */
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { createAdaptorServer } from "@hono/node-server";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ModelBackend } from "../backend/model-backend.js";
import { EdgecallError } from "../errors.js";
import { AdmissionGate } from "./admission-gate.js";
import { createChatCompletionsHandler } from "./chat-completions-route.js";
import { errorBody, harnessError } from "./http-errors.js";
import { withModelPathHidden } from "./model-path-hiding.js";
import { ResponseFormatChecker } from "./response-format.js";
import { createResponsesHandler } from "./responses-route.js";
import { webGuardMiddleware } from "./web-guard-middleware.js";

/** How the server behaves. */
export interface OpenAIServerOptions {
  backend: ModelBackend;
  /** The model id `/v1/models` lists, and responses name when the request names none. */
  modelName: string;
  /** Grammar-constrain calls whenever tools are offered (the `--constrained` of `run`). */
  constrained?: boolean;
  /** When set, `/v1/*` needs `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  /** The address the server listens on, whose name `Host` may give (src/http/web-guard.ts). Default 127.0.0.1. */
  host?: string;
  /** More names `Host` may give (`--allowed-hosts`); loopback names and `host` always. */
  allowedHosts?: readonly string[];
  /** Origins whose web pages may call the server (`--cors`); none by default. */
  corsOrigins?: readonly string[];
  /** Largest request body in bytes, on every route; larger gets 413. Default {@link defaultMaxBodyBytes}. */
  maxBodyBytes?: number;
  /** Bytes of `/v1/responses` items kept for `previous_response_id` (item-store.ts). Default 16 MiB. */
  responsesStoreBytes?: number;
  /** Interval of SSE keep-alive comments while a streamed reply is being generated. Default 10 s. */
  keepAliveMs?: number;
  /** One line per finished request (method, path, status, time), for the terminal. */
  log?: (line: string) => void;
  /**
   * Most chat completions generating or waiting at once; more get 503 with Retry-After. Default
   * {@link defaultMaxPending}; 0: no limit.
   */
  maxPending?: number;
}

/** Default of {@link OpenAIServerOptions.maxPending}. */
export const defaultMaxPending = 16;

/** Default of {@link OpenAIServerOptions.maxBodyBytes}: 8 MiB. */
export const defaultMaxBodyBytes = 8 * 1024 * 1024;

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The Hono app; {@link startOpenAIServer} puts it on a socket, tests call `app.request` directly. */
export function createOpenAIServerApp(options: OpenAIServerOptions): Hono {
  const { modelName } = options;
  // Errors name the model id, never the server's model file (model-path-hiding.ts).
  const backend = withModelPathHidden(options.backend, modelName);
  const keepAliveMs = options.keepAliveMs ?? 10_000;
  const gate = new AdmissionGate(options.maxPending ?? defaultMaxPending);
  const checker = new ResponseFormatChecker();
  const app = new Hono();

  app.use("*", async (c, next) => {
    const started = performance.now();
    await next();
    options.log?.(
      `${c.req.method} ${c.req.path} ${c.res.status} ${Math.round(performance.now() - started)} ms`,
    );
  });
  app.use(
    "*",
    webGuardMiddleware(options.host ?? "127.0.0.1", options.allowedHosts ?? [], options.corsOrigins ?? []),
  );
  // Every route: a body past the limit is refused before anything reads it.
  const maxBodyBytes = options.maxBodyBytes ?? defaultMaxBodyBytes;
  app.use("*", bodyLimit({ maxSize: maxBodyBytes, onError: tooLarge(maxBodyBytes) }));
  if (options.apiKey !== undefined) {
    const apiKey = options.apiKey;
    const guard = async (c: Context, next: () => Promise<void>) => {
      const header = c.req.header("authorization") ?? "";
      // The scheme is case-insensitive (RFC 7235).
      const given = /^bearer /i.test(header) ? header.slice("bearer ".length).trim() : "";
      if (!sameKey(given, apiKey)) {
        return c.json(
          errorBody("missing or wrong API key (Authorization: Bearer KEY)", "authentication_error"),
          401,
        );
      }
      await next();
    };
    app.use("/v1/*", guard);
    app.use("/chat/*", guard);
    app.use("/models", guard);
    app.use("/responses", guard);
  }

  app.get("/health", (c) => c.json({ status: "ok" }));
  const models = (c: Context) =>
    c.json({
      object: "list",
      data: [
        {
          id: modelName,
          object: "model",
          created: Math.floor(Date.now() / 1000),
          owned_by: "edgecall",
          edgecall: backend.info,
        },
      ],
    });
  app.get("/v1/models", models);
  app.get("/models", models);

  const completions = createChatCompletionsHandler({
    backend,
    modelName,
    gate,
    keepAliveMs,
    checker,
    constrained: options.constrained === true,
  });
  // hono's body limit fails on a request without a body; answer that as the bad request it is.
  const needsBody = async (c: Context, next: () => Promise<void>) => {
    if (c.req.raw.body === null) {
      return c.json(
        errorBody("the request body is empty (a JSON object is needed)", "invalid_request_error"),
        400,
      );
    }
    await next();
  };
  const responses = createResponsesHandler({
    backend,
    modelName,
    gate,
    keepAliveMs,
    checker,
    constrained: options.constrained === true,
    ...(options.responsesStoreBytes === undefined ? {} : { storeBytes: options.responsesStoreBytes }),
  });
  app.post("/v1/responses", needsBody, responses);
  app.post("/responses", needsBody, responses);
  app.post("/v1/chat/completions", needsBody, completions);
  app.post("/chat/completions", needsBody, completions);
  for (const path of ["/v1/chat/completions", "/chat/completions"]) {
    app.on(["GET", "PUT", "PATCH", "DELETE"], path, (c) => {
      c.header("Allow", "POST");
      return c.json(
        errorBody(`${c.req.method} is not allowed on ${path}: use POST`, "invalid_request_error"),
        405,
      );
    });
  }

  app.notFound((c) =>
    c.json(
      errorBody(
        `no route ${c.req.method} ${c.req.path} (edgecall serve answers POST /v1/chat/completions, POST /v1/responses, GET /v1/models, GET /health)`,
        "not_found_error",
      ),
      404,
    ),
  );
  app.onError((error, c) => harnessErrorResponse(c, error));
  return app;
}

/** The 413 answer to a body over `maxBytes`. */
function tooLarge(maxBytes: number) {
  const mib = maxBytes / (1024 * 1024);
  const limit = Number.isInteger(mib) ? `${mib} MiB` : `${maxBytes} bytes`;
  return (c: Context) =>
    c.json(
      errorBody(
        `the request body is over the limit of ${limit} (--max-body-mib)`,
        "invalid_request_error",
        null,
        "request_too_large",
      ),
      413,
    );
}

function harnessErrorResponse(c: Context, error: unknown) {
  const { status, body } = harnessError(error);
  return c.json(body, status);
}

/** A listening server. */
export interface RunningServer {
  /** `http://HOST:PORT` (the port the system chose for port 0). */
  url: string;
  /**
   * Stops accepting connections and lets the requests in flight finish, for at most `graceMs`
   * (default 10 s), after which their connections are closed.
   */
  close(graceMs?: number): Promise<void>;
}

/**
 * Listens on `host:port`. A port in use or an address that cannot be bound is a harness error naming
 * it. `onUpgrade` takes the requests that ask to switch protocols (`env serve`'s WebSocket).
 */
export async function startOpenAIServer(
  app: Hono,
  host: string,
  port: number,
  onUpgrade?: (request: IncomingMessage, socket: Duplex, head: Buffer) => void,
): Promise<RunningServer> {
  const server = createAdaptorServer({
    fetch: app.fetch,
    hostname: host,
    overrideGlobalObjects: false,
  }) as Server;
  if (onUpgrade !== undefined) server.on("upgrade", onUpgrade);
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      const why =
        error.code === "EADDRINUSE"
          ? "the port is in use (pick another with --port, or --port 0 for any free one)"
          : error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND"
            ? "no such address on this machine (--host)"
            : error.code === "EACCES"
              ? "permission denied (ports below 1024 need privileges)"
              : error.message;
      reject(
        new EdgecallError("invalid-argument", `could not listen on ${host}:${port}: ${why}`, {
          subject: "--port",
        }),
      );
    });
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    close: (graceMs = 10_000) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => server.closeAllConnections(), graceMs);
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
