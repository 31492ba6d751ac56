/**
 * `edgecall mcp serve [--state DIR] [--yes] [--http PORT [--host H] [--token T]
 * [--session-idle-timeout S] [--max-sessions N]]`: the assistant
 * tools as an MCP server on stdio, or over Streamable HTTP at `http://HOST:PORT/mcp` (loopback by
 * default; a bearer token, `--token` or EDGECALL_MCP_TOKEN, required on any other host). The
 * world in the state folder is opened (seeded with the default world on first use) before the
 * server starts, so an unusable state folder is an error at once. stdout carries the protocol
 * only; notes go to stderr.
 */
import { createAssistantRegistry } from "../../assistant/assistant-registry.js";
import { type AssistantState, openWorld } from "../../assistant/world.js";
import { allowedHostNames, corsOrigins } from "../../http/web-guard-options.js";
import { startToolsHttpServer } from "../../mcp/mcp-http-server.js";
import { serveToolsOverStdio } from "../../mcp/mcp-server.js";

/** Parsed options of `edgecall mcp serve`. */
export interface McpServeOptions {
  state?: string;
  /** Approve every call that needs confirmation. */
  yes?: boolean;
  /** Serve Streamable HTTP on this port instead of stdio. */
  http?: number;
  /** With `http`: the address (default 127.0.0.1). */
  host?: string;
  /** With `http`: the bearer token (default EDGECALL_MCP_TOKEN, which `ps` does not show). */
  token?: string;
  /** With `http`: more names the `Host` header may give (`--allowed-hosts`). */
  allowedHosts?: string[];
  /** With `http`: origins whose web pages may call the server (`--cors`); none by default. */
  cors?: string[];
  /** With `http`: seconds a session may stay idle before it expires (default 300). */
  sessionIdleTimeout?: number;
  /** With `http`: most sessions open at once (default 64). */
  maxSessions?: number;
}

/** Serves over HTTP until SIGINT or SIGTERM. */
async function serveHttp(
  options: McpServeOptions,
  registry: ReturnType<typeof createAssistantRegistry>,
): Promise<void> {
  const token = options.token ?? process.env.EDGECALL_MCP_TOKEN;
  const server = await startToolsHttpServer({
    registry,
    approveAll: options.yes === true,
    port: options.http ?? 0,
    ...(options.host === undefined ? {} : { host: options.host }),
    ...(token === undefined || token === "" ? {} : { token }),
    allowedHosts: allowedHostNames(options.allowedHosts ?? []),
    corsOrigins: corsOrigins(options.cors ?? []),
    ...(options.sessionIdleTimeout === undefined
      ? {}
      : { sessionIdleTimeoutMs: options.sessionIdleTimeout * 1000 }),
    ...(options.maxSessions === undefined ? {} : { maxSessions: options.maxSessions }),
  });
  process.stderr.write(
    `edgecall: mcp serve: Streamable HTTP at ${server.url}${token ? " (bearer token required)" : ""}\n`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  await server.close();
}

/** Serves until the client closes stdin; returns the exit code. */
export async function mcpServeCommand(options: McpServeOptions): Promise<number> {
  // Checked before the state folder is opened (a usage error leaves nothing behind).
  allowedHostNames(options.allowedHosts ?? []);
  corsOrigins(options.cors ?? []);
  // Opened before serving, so an unusable --state fails at start rather than on every call.
  const world: AssistantState = openWorld(options.state);
  const registry = createAssistantRegistry(() => world);
  if (options.yes) {
    process.stderr.write("edgecall: mcp serve --yes: calls that need confirmation run without asking\n");
  }
  try {
    if (options.http !== undefined) await serveHttp(options, registry);
    else await serveToolsOverStdio({ registry, approveAll: options.yes === true });
  } finally {
    world.close();
  }
  return 0;
}
