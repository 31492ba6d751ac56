/**
 * The environment a stdio MCP server is started with. Deny by default: a server is someone else's
 * program, and edgecall's environment holds the user's tokens (a reference server's `get-env` tool
 * hands them to the model). So a server gets only the MCP SDK's own minimal environment (its
 * `getDefaultEnvironment`: PATH, HOME, USER, SHELL, TERM, LOGNAME on POSIX; the Windows
 * equivalents there), and `--mcp-env` (repeatable) adds to it:
 *
 * - `--mcp-env KEY=VALUE`: sets KEY to VALUE (a set value wins over one passed or inherited);
 * - `--mcp-env KEY` (no `=`): passes KEY on from edgecall's own environment, if it is set there.
 *
 * The same environment goes to every stdio server of one command.
 */
import { DEFAULT_INHERITED_ENV_VARS } from "@modelcontextprotocol/sdk/client/stdio.js";
import { EdgecallError } from "../errors.js";

const keyPattern = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `--mcp-env` values read: keys to pass on and values to set. Throws `usage` naming a bad value. */
export function parseMcpEnv(specs: readonly string[]): { pass: string[]; set: Record<string, string> } {
  const pass: string[] = [];
  const set: Record<string, string> = {};
  for (const spec of specs) {
    const equals = spec.indexOf("=");
    const key = equals < 0 ? spec : spec.slice(0, equals);
    if (!keyPattern.test(key)) {
      throw new EdgecallError(
        "usage",
        `--mcp-env ${spec}: expected NAME (passed on from your environment) or NAME=VALUE (NAME: letters, digits, _)`,
        { subject: "--mcp-env" },
      );
    }
    if (equals < 0) pass.push(key);
    else set[key] = spec.slice(equals + 1);
  }
  return { pass, set };
}

/**
 * The MCP SDK's default environment taken from `base`: its safe list, without values that start
 * with `()` (shell functions), as `getDefaultEnvironment` does with `process.env`.
 */
export function minimalEnvironment(base: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of DEFAULT_INHERITED_ENV_VARS) {
    const value = base[key];
    if (value !== undefined && !value.startsWith("()")) env[key] = value;
  }
  return env;
}

/** The environment for stdio servers: the minimal one from `base` (the user's), plus the `--mcp-env` values. */
export function mcpServerEnvironment(
  specs: readonly string[] = [],
  base: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const { pass, set } = parseMcpEnv(specs);
  const env = minimalEnvironment(base);
  for (const key of pass) {
    const value = base[key];
    if (value !== undefined) env[key] = value;
  }
  return { ...env, ...set };
}
