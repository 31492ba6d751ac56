/**
 * `edgecall env serve`: the suites as training environments over HTTP, in OpenEnv's shape.
 *
 * - `POST /reset` `{"seed"?, "sample_id"?, "episode_id"?}` → `{"observation", "reward", "done"}`
 * - `POST /step` `{"episode_id", "action": {"message": <assistant message>}}` → the same shape
 * - `GET /state[?episode_id=ID]` → OpenEnv's `State` (`episode_id`, `step_count`, ...)
 * - `GET /health` → `{"status": "healthy"}`; `GET /metadata`, `GET /schema` as OpenEnv's
 * - `GET /ws` → OpenEnv's persistent-session WebSocket (env-socket.ts), which its Python client uses
 *
 * OpenEnv's own HTTP `/reset` and `/step` make a fresh environment per request (one-step
 * environments); here an episode outlives the request, so HTTP steps name it by `episode_id`
 * (the field of OpenEnv's `ResetRequest`, returned in the observation). Every request passes the
 * same Host/Origin/content-type guard as `serve` (src/http/web-guard.ts), the WebSocket's opening
 * request included, and bodies are bounded.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { errorMessage } from "../error-message.js";
import { carriesBody } from "../http/json-content-type.js";
import { checkWebRequest, type WebGuardOptions, type WebVerdict } from "../http/web-guard.js";
import { type RunningServer, startOpenAIServer } from "../serve/openai-server.js";
import { actionSchema } from "./assistant-action.js";
import type { EnvEpisodes } from "./env-episodes.js";
import { EnvRefusal, refusalBody } from "./env-refusal.js";
import { serveEnvSocket } from "./env-socket.js";
import { handshakeProblem, refuseUpgrade, WebSocketConnection } from "./websocket-connection.js";

/** Options of the environment server. */
export interface EnvServerOptions {
  episodes: EnvEpisodes;
  /** The address listened on, whose name `Host` may give. Default 127.0.0.1. */
  host?: string;
  allowedHosts?: readonly string[];
  corsOrigins?: readonly string[];
  /** Largest request body (and WebSocket message), in bytes. Default 1 MiB. */
  maxBodyBytes?: number;
  /** How long an idle `/ws` connection stays open, in ms (the episodes' idle timeout). */
  idleTimeoutMs: number;
  /** Told one line per request. */
  log?: (line: string) => void;
}

/** Default of {@link EnvServerOptions.maxBodyBytes}: 1 MiB. */
export const defaultEnvBodyBytes = 1024 * 1024;

const envCors: WebGuardOptions["cors"] = {
  methods: ["GET", "POST", "OPTIONS"],
  requestHeaders: ["content-type"],
};

function guardOptions(options: EnvServerOptions): WebGuardOptions {
  return {
    boundAddress: options.host ?? "127.0.0.1",
    allowedHosts: options.allowedHosts ?? [],
    corsOrigins: options.corsOrigins ?? [],
    cors: envCors,
  };
}

function refused(c: Context, refusal: EnvRefusal) {
  return c.json(refusalBody(refusal), refusal.status);
}

async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new EnvRefusal(400, "INVALID_JSON", `the body is not JSON: ${errorMessage(error)}`);
  }
}

/** The Hono app of the HTTP routes; {@link startEnvServer} adds `/ws` and a socket, tests call `app.request`. */
export function createEnvServerApp(options: EnvServerOptions): Hono {
  const { episodes } = options;
  const guard = guardOptions(options);
  const app = new Hono();
  app.use("*", async (c, next) => {
    const started = performance.now();
    await next();
    options.log?.(
      `${c.req.method} ${c.req.path} ${c.res.status} ${Math.round(performance.now() - started)} ms`,
    );
  });
  app.use("*", async (c, next) => {
    const header = (name: string) => c.req.header(name);
    const verdict = checkWebRequest(
      {
        method: c.req.method,
        header: (name) => header(name) ?? (name === "host" ? new URL(c.req.url).host : undefined),
        hasBody:
          carriesBody(header("content-length"), header("transfer-encoding")) || c.req.raw.body !== null,
      },
      guard,
    );
    if (verdict.kind === "refuse")
      return refused(c, new EnvRefusal(verdict.status, verdict.code, verdict.message));
    if (verdict.kind === "preflight") return c.body(null, 204, verdict.headers);
    await next();
    for (const [name, value] of Object.entries(verdict.headers)) c.res.headers.set(name, value);
  });
  const maxBytes = options.maxBodyBytes ?? defaultEnvBodyBytes;
  app.use(
    "*",
    bodyLimit({
      maxSize: maxBytes,
      onError: (c) =>
        refused(c, new EnvRefusal(413, "payload_too_large", `the body is over ${maxBytes} bytes`)),
    }),
  );
  app.onError((error, c) => {
    if (error instanceof EnvRefusal) return refused(c, error);
    return c.json({ detail: `internal error: ${errorMessage(error)}`, code: "EXECUTION_ERROR" }, 500);
  });

  app.post("/reset", async (c) => {
    const { episodeId: _, ...reply } = await episodes.reset(await jsonBody(c));
    return c.json(reply);
  });
  app.post("/step", async (c) => {
    const body = await jsonBody(c);
    return c.json(await episodes.step(episodes.episodeOf(body), body));
  });
  app.get("/state", (c) => c.json(episodes.state(c.req.query("episode_id"))));
  app.get("/health", (c) => c.json({ status: "healthy" }));
  app.get("/metadata", (c) =>
    c.json({
      name: "edgecall",
      description: `edgecall's suites as environments: ${String(episodes.state().suites)}`,
      readme_content: null,
      version: null,
      author: null,
      documentation_url: null,
    }),
  );
  app.get("/schema", (c) =>
    c.json({
      action: z.toJSONSchema(actionSchema),
      observation: {
        type: "object",
        description:
          "episode_id, sample_id, suite, messages, new_messages, tools, tool_choice, step_count, passed, explanation",
      },
      state: {
        type: "object",
        description: "episode_id, step_count, sample_id, suite, done, reward, passed, explanation",
      },
    }),
  );
  return app;
}

/** The guard's verdict on a WebSocket's opening request. */
function upgradeVerdict(request: IncomingMessage, options: EnvServerOptions): WebVerdict {
  return checkWebRequest(
    {
      method: request.method ?? "GET",
      header: (name) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value.join(", ") : value;
      },
      hasBody: false,
    },
    guardOptions(options),
  );
}

/** Listens on `host:port` with the HTTP routes and `/ws`. Closing it ends every episode and connection. */
export async function startEnvServer(options: EnvServerOptions, port: number): Promise<RunningServer> {
  const app = createEnvServerApp(options);
  const sockets = new Set<WebSocketConnection>();
  const maxSockets = options.episodes.table.capacity;
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    const verdict = upgradeVerdict(request, options);
    const problem = handshakeProblem(request);
    if (verdict.kind === "refuse")
      refuseUpgrade(socket, verdict.status, "Forbidden", { detail: verdict.message, code: verdict.code });
    else if (path !== "/ws") refuseUpgrade(socket, 404, "Not Found", { detail: "WebSocket path is /ws" });
    else if (problem !== undefined) refuseUpgrade(socket, 400, "Bad Request", { detail: problem });
    else if (sockets.size >= maxSockets)
      refuseUpgrade(socket, 503, "Service Unavailable", {
        detail: `${sockets.size} connections are open, the most this server takes (--max-episodes ${maxSockets})`,
        code: "CAPACITY_REACHED",
      });
    else {
      const connection = new WebSocketConnection(
        request,
        socket,
        head,
        options.maxBodyBytes ?? defaultEnvBodyBytes,
      );
      sockets.add(connection);
      connection.onClose(() => sockets.delete(connection));
      serveEnvSocket(connection, options.episodes, options.idleTimeoutMs);
      options.log?.(`GET /ws 101 (${sockets.size} open)`);
    }
  };
  const running = await startOpenAIServer(app, options.host ?? "127.0.0.1", port, onUpgrade);
  return {
    url: running.url,
    close: async (graceMs?: number) => {
      for (const connection of sockets) connection.destroy();
      await options.episodes.closeAll();
      await running.close(graceMs);
    },
  };
}
