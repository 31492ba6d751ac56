/**
 * The in-process MCP server of the MCP carriers: a real `McpServer` (the MCP SDK) serving a
 * carrier's tools (`McpToolSpec`), reached over the SDK's in-memory transport by a real `Client`,
 * each listed tool made an edgecall tool by `toolFromMcp` (src/mcp/mcp-client-tools.ts), exactly
 * as `--mcp` servers are: third-party definitions, every result and `isError` result tainting,
 * the side-effect class from the annotations.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { type McpToolSource, toolFromMcp } from "../../mcp/mcp-client-tools.js";
import type { ToolDefinition } from "../../messages.js";
import type { McpToolSpec } from "./carrier-types.js";

/** Longest a carrier tool call may take, in ms. */
const callTimeoutMs = 10_000;

/** The definition a sample offers for `spec` (the one the server lists). */
export function mcpToolDefinition(spec: McpToolSpec): ToolDefinition {
  return {
    name: spec.name,
    description: spec.description,
    parameters: {
      type: "object",
      properties: { [spec.argument]: { type: "string" } },
      required: [spec.argument],
      additionalProperties: false,
    },
  };
}

/** Starts a server with `specs` and connects a client to it; `close` stops both. */
export async function connectCarrierMcp(specs: readonly McpToolSpec[]): Promise<McpToolSource> {
  const server = new McpServer({ name: "carrier-tools", version: "1.0.0" });
  for (const spec of specs)
    server.registerTool(
      spec.name,
      {
        description: spec.description,
        inputSchema: { [spec.argument]: z.string() },
        ...(spec.readOnly ? { annotations: { readOnlyHint: true } } : {}),
      },
      async () => ({
        content: [{ type: "text" as const, text: spec.reply }],
        ...(spec.isError === true ? { isError: true } : {}),
      }),
    );
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "edgecall", version: "0.1.0" });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await client.close().catch(() => undefined);
    await server.close().catch(() => undefined);
  };
  try {
    await server.connect(serverSide);
    await client.connect(clientSide);
    const listed = await client.listTools();
    return {
      serverName: "carrier-tools",
      commandLine: "(in-process)",
      tools: listed.tools.map((tool) => toolFromMcp(client, tool, callTimeoutMs)),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
