/**
 * A tiny MCP server for tests of the MCP client tools (run with `node --import tsx`): `echo`
 * (read-only), `post_note` (no annotations: a side effect), `broken` (answers isError) and
 * `stats` (structured content), `read_env` (a variable of the server's environment), `save_draft`
 * (a local write: `openWorldHint: false`) and `picture` (an image and a resource link).
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "tiny-test-server", version: "1.0.0" });
const notes: string[] = [];

server.registerTool(
  "echo",
  { description: "Echo text back", inputSchema: { text: z.string() }, annotations: { readOnlyHint: true } },
  async ({ text }) => ({ content: [{ type: "text", text: JSON.stringify({ echoed: text }) }] }),
);
server.registerTool(
  "post_note",
  { description: "Post a note to a shared board", inputSchema: { note: z.string() } },
  async ({ note }) => {
    notes.push(note);
    return { content: [{ type: "text", text: `posted note ${notes.length}` }] };
  },
);
server.registerTool("broken", { description: "Always fails", inputSchema: {} }, async () => ({
  content: [{ type: "text", text: "the board is on fire" }],
  isError: true,
}));
server.registerTool(
  "stats",
  {
    description: "Board statistics",
    inputSchema: {},
    outputSchema: { notes: z.number() },
    annotations: { readOnlyHint: true },
  },
  async () => ({
    content: [{ type: "text", text: `${notes.length}` }],
    structuredContent: { notes: notes.length },
  }),
);

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
