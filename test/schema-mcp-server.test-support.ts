/**
 * An MCP server (stdio; run with `node --import tsx`) whose tool schemas test the client's schema
 * handling: `pair` declares a 2020-12 output schema with a zod-style tuple (`prefixItems`,
 * `items: false`) and returns a pair; `redos` declares an output `pattern` of `^(a+)+$` and returns
 * 30,000 'a' and a 'b' (hours on a backtracking engine); `backref` takes an input whose pattern has
 * a backreference, which RE2 cannot run.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const server = new Server({ name: "schema-test-server", version: "1.0.0" }, { capabilities: { tools: {} } });
const open = { type: "object", properties: {} };

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    {
      name: "pair",
      inputSchema: open,
      outputSchema: {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        type: "object",
        properties: {
          pair: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false },
        },
        required: ["pair"],
      },
    },
    {
      name: "redos",
      inputSchema: open,
      outputSchema: { type: "object", properties: { s: { type: "string", pattern: "^(a+)+$" } } },
    },
    {
      name: "backref",
      inputSchema: { type: "object", properties: { s: { type: "string", pattern: "^(a)\\1$" } } },
    },
  ],
}));

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const structuredContent =
    request.params.name === "pair" ? { pair: ["x", 1] } : { s: `${"a".repeat(30_000)}b` };
  return { content: [{ type: "text", text: "done" }], structuredContent };
});

await server.connect(new StdioServerTransport());
