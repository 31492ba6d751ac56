/**
 * A tiny MCP server for tests of the MCP client tools (run with `node --import tsx`): `echo`
 * (read-only), `post_note` (no annotations: a side effect), `broken` (answers isError) and
 * `stats` (structured content).
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

await server.connect(new StdioServerTransport());
