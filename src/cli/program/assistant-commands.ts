/** Registers the assistant commands: `chat`, `tools list|call` and `mcp serve`. */
import { type Command, Option } from "commander";
import { addModelOptions } from "../model-options.js";
import { integerOption, numberOption } from "../option-parsers.js";
import {
  maxSessionsOption,
  mcpEnvOption,
  mcpHeaderOption,
  mcpOption,
  sessionIdleTimeoutOption,
} from "./mcp-option.js";
import { allowedHostsOption, corsOption } from "./web-guard-option.js";

/** The `--state DIR` option of the commands that use the assistant world. */
function stateOption(): Option {
  return new Option(
    "--state <dir>",
    "the assistant world's folder (default: $EDGECALL_STATE_DIR or ~/.local/share/edgecall/state)",
  );
}

/** Adds the commands that drive the assistant tools through the guards. */
export function registerAssistantCommands(program: Command): void {
  addModelOptions(
    program
      .command("chat")
      .description(
        "chat with a model that uses the assistant tools (and MCP servers' tools) through the guards " +
          "(--model demo:script: a scripted demo with real calls, guards and tools; in the chat, /help lists commands)",
      ),
  )
    .addOption(stateOption())
    .addOption(mcpOption("also offer"))
    .addOption(mcpEnvOption())
    .addOption(mcpHeaderOption())
    .option("--system <text>", "the system message (default: a short assistant brief)")
    .option("--max-steps <n>", "most model calls per turn", integerOption(1), 8)
    .option("--max-tokens <n>", "most tokens per model call", integerOption(1), 1024)
    .option("--temperature <t>", "sampling temperature (0 = greedy)", numberOption(0, 10))
    .option("--seed <n>", "sampling seed", integerOption(0))
    .action(async (options) => {
      const { chatCommand } = await import("../commands/chat-command.js");
      process.exitCode = await chatCommand(options);
    });

  const tools = program
    .command("tools")
    .description("list the assistant tools, or call one through the guards");
  tools
    .command("list")
    .description("list the assistant tools with their side-effect classes")
    .option("--json", "print one JSON document")
    .action(async (options) => {
      const { toolsListCommand } = await import("../commands/tools-command.js");
      process.exitCode = await toolsListCommand(options);
    });
  tools
    .command("call")
    .description("call one assistant tool through the guards (schema, preconditions, confirmation)")
    .argument("<name>", "the tool's name, e.g. files_list")
    .option("--args <json>", "the arguments as a JSON object", "{}")
    .addOption(stateOption())
    .option("--yes", "confirm a call that needs confirmation without asking")
    .option("--json", "print one JSON document")
    .action(async (name: string, options) => {
      const { toolsCallCommand } = await import("../commands/tools-command.js");
      process.exitCode = await toolsCallCommand(name, options);
    });

  const mcp = program
    .command("mcp")
    .description("Model Context Protocol: serve the assistant tools to MCP clients");
  mcp
    .command("serve")
    .description(
      "serve the assistant tools over stdio or, with --http, Streamable HTTP (calls that need confirmation ask the client, or need --yes)",
    )
    .addOption(stateOption())
    .option("--yes", "approve every call that needs confirmation (external, payment, tainted writes)")
    .option(
      "--http <port>",
      "serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio (0: any free port)",
      integerOption(0, 65535),
    )
    .option("--host <address>", "with --http: the address to bind (default 127.0.0.1; others need --token)")
    .option(
      "--token <token>",
      "with --http: the bearer token clients must send (default: EDGECALL_MCP_TOKEN; prefer it: ps shows this flag to every user)",
    )
    .addOption(allowedHostsOption("with --http: "))
    .addOption(corsOption("with --http: "))
    .addOption(sessionIdleTimeoutOption())
    .addOption(maxSessionsOption())
    .action(async (options) => {
      const { mcpServeCommand } = await import("../commands/mcp-command.js");
      process.exitCode = await mcpServeCommand(options);
    });
}
