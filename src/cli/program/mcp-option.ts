/** The repeatable `--mcp "COMMAND ARGS"` option of `chat`, `run` and `eval`. */
import { Option } from "commander";

/** `--mcp <command>`, collected into an array; `offered` says what the server's tools are used for. */
export function mcpOption(offered: string): Option {
  return new Option(
    "--mcp <command>",
    `${offered} the tools of the MCP server this command starts, e.g. "npx -y some-mcp-server" (repeatable)`,
  ).argParser((value: string, previous: string[] = []) => [...previous, value]);
}
