/**
 * `edgecall mcp serve [--state DIR] [--yes]`: the assistant tools as an MCP server on stdio. The
 * world in the state folder is opened (seeded with the default world on first use) before the
 * server starts, so an unusable state folder is an error at once. stdout carries the protocol
 * only; notes go to stderr.
 */
import { createAssistantRegistry } from "../../assistant/assistant-registry.js";
import { type AssistantState, openWorld } from "../../assistant/world.js";
import { serveToolsOverStdio } from "../../mcp/mcp-server.js";

/** Parsed options of `edgecall mcp serve`. */
export interface McpServeOptions {
  state?: string;
  /** Approve every call that needs confirmation. */
  yes?: boolean;
}

/** Serves until the client closes stdin; returns the exit code. */
export async function mcpServeCommand(options: McpServeOptions): Promise<number> {
  // Opened before serving, so an unusable --state fails at start rather than on every call.
  const world: AssistantState = openWorld(options.state);
  const registry = createAssistantRegistry(() => world);
  if (options.yes) {
    process.stderr.write("edgecall: mcp serve --yes: calls that need confirmation run without asking\n");
  }
  try {
    await serveToolsOverStdio({ registry, approveAll: options.yes === true });
  } finally {
    world.close();
  }
  return 0;
}
