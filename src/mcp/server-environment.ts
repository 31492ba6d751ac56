/**
 * The environment a stdio MCP server is started with. The SDK alone passes only a short safe list
 * (PATH, HOME, USER, SHELL, TERM, LOGNAME on POSIX), so a server that needs a token in its
 * environment never sees it. edgecall passes the user's environment, and `--mcp-env` adjusts it:
 *
 * - no `--mcp-env`: the whole environment of edgecall, as a shell would pass it to a program;
 * - `--mcp-env KEY=VALUE`: sets KEY (added, or replacing the inherited value);
 * - `--mcp-env KEY` (no `=`): restricts: once any bare KEY is given, only the named keys (and the
 *   SDK's safe list, which a program needs to start) are passed on, plus the KEY=VALUE ones.
 *
 * The same environment goes to every stdio server of one command.
 */
import { getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import { EdgecallError } from "../errors.js";

const keyPattern = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `--mcp-env` values read: keys to keep and values to set. Throws `usage` naming a bad value. */
export function parseMcpEnv(specs: readonly string[]): { keep: string[]; set: Record<string, string> } {
  const keep: string[] = [];
  const set: Record<string, string> = {};
  for (const spec of specs) {
    const equals = spec.indexOf("=");
    const key = equals < 0 ? spec : spec.slice(0, equals);
    if (!keyPattern.test(key)) {
      throw new EdgecallError(
        "usage",
        `--mcp-env ${spec}: expected KEY or KEY=VALUE (KEY: letters, digits, _)`,
        {
          subject: "--mcp-env",
        },
      );
    }
    if (equals < 0) keep.push(key);
    else set[key] = spec.slice(equals + 1);
  }
  return { keep, set };
}

/** The environment for stdio servers from `base` (the user's) and the `--mcp-env` values. */
export function mcpServerEnvironment(
  specs: readonly string[] = [],
  base: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const { keep, set } = parseMcpEnv(specs);
  const inherited: Record<string, string> = {};
  if (keep.length === 0) {
    for (const [key, value] of Object.entries(base)) if (value !== undefined) inherited[key] = value;
  } else {
    Object.assign(inherited, getDefaultEnvironment());
    for (const key of keep) if (base[key] !== undefined) inherited[key] = base[key];
  }
  return { ...inherited, ...set };
}
