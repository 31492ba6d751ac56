/**
 * The repeatable `--mcp "COMMAND ARGS" | URL` option of `chat`, `run` and `eval`, with `--mcp-env`
 * and `--mcp-header`; and the session limits of `mcp serve --http`.
 */
import { Option } from "commander";
import { integerOption } from "../option-parsers.js";

/** `--mcp <command>`, collected into an array; `offered` says what the server's tools are used for. */
export function mcpOption(offered: string): Option {
  return new Option(
    "--mcp <command>",
    `${offered} the tools of an MCP server: a command this starts (stdio), e.g. "npx -y some-mcp-server", or a Streamable HTTP URL, e.g. https://host/mcp (repeatable)`,
  ).argParser(collect);
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** `--mcp-env NAME[=VALUE]`: the environment of stdio servers (see src/mcp/server-environment.ts). */
export function mcpEnvOption(): Option {
  return new Option(
    "--mcp-env <NAME[=VALUE]>",
    "stdio MCP servers get only PATH, HOME, USER, SHELL, TERM and LOGNAME of your environment; NAME=VALUE sets a variable for them, a bare NAME passes yours on (repeatable)",
  ).argParser(collect);
}

/** `--mcp-header "Name: value"`: a header sent to Streamable HTTP MCP servers. */
export function mcpHeaderOption(): Option {
  return new Option(
    "--mcp-header <header>",
    'a header for HTTP MCP servers, e.g. "Authorization: Bearer TOKEN" (repeatable)',
  ).argParser(collect);
}

/** `mcp serve --http --session-idle-timeout SECONDS`: when an idle session expires. */
export function sessionIdleTimeoutOption(): Option {
  return new Option(
    "--session-idle-timeout <seconds>",
    "with --http: a session with no request in flight for this long expires (default 300)",
  ).argParser(integerOption(1, 7 * 24 * 3600));
}

/** `mcp serve --http --max-sessions N`: most sessions open at once. */
export function maxSessionsOption(): Option {
  return new Option(
    "--max-sessions <n>",
    "with --http: most sessions open at once; when full the longest idle one is evicted, 503 only if all are busy (default 64)",
  ).argParser(integerOption(1, 10_000));
}
