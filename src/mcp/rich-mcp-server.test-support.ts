/**
 * A second tiny MCP server for tests (run with `node --import tsx`): `read_env` (a variable of the
 * server's environment), `save_draft` (a local write: `openWorldHint: false`) and `picture` (an
 * image and a resource link).
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "rich-test-server", version: "1.0.0" });

server.registerTool(
  "read_env",
  {
    description: "A variable of the server's environment",
    inputSchema: { name: z.string() },
    annotations: { readOnlyHint: true },
  },
  async ({ name }) => ({
    content: [{ type: "text", text: JSON.stringify({ value: process.env[name] ?? null }) }],
  }),
);
server.registerTool(
  "save_draft",
  {
    description: "Save a draft on this device",
    inputSchema: { text: z.string() },
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  },
  async () => ({ content: [{ type: "text", text: "saved" }] }),
);
server.registerTool(
  "picture",
  { description: "A picture of the board", inputSchema: {}, annotations: { readOnlyHint: true } },
  async () => ({
    content: [
      { type: "image", data: Buffer.from("not really a png").toString("base64"), mimeType: "image/png" },
      { type: "resource_link", uri: "file:///board/picture.png", name: "picture.png", mimeType: "image/png" },
    ],
  }),
);

await server.connect(new StdioServerTransport());
