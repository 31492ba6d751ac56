/**
 * MCP round trip: `edgecall mcp serve` spawned as a child process (through tsx, from the sources)
 * and driven by the official SDK client, on a fresh state folder.
 */
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { type CallToolResult, ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const stateDir = mkdtempSync(join(tmpdir(), "edgecall-mcp-"));
const clients: Client[] = [];

async function connect(
  options: { extraArgs?: string[]; elicit?: (message: string) => boolean } = {},
): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      "--import",
      "tsx",
      "src/cli/main.ts",
      "mcp",
      "serve",
      "--state",
      stateDir,
      ...(options.extraArgs ?? []),
    ],
    cwd: repoRoot,
    stderr: "pipe",
  });
  const client = new Client(
    { name: "edgecall-test", version: "0.0.0" },
    options.elicit ? { capabilities: { elicitation: { form: {} } } } : {},
  );
  const elicit = options.elicit;
  if (elicit) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => ({
      action: "accept",
      content: { approve: elicit(request.params.message) },
    }));
  }
  await client.connect(transport);
  clients.push(client);
  return client;
}

function payload(result: unknown): unknown {
  const content = (result as CallToolResult).content;
  assert.equal(content[0]?.type, "text");
  return JSON.parse((content[0] as { text: string }).text);
}

after(async () => {
  for (const client of clients) await client.close();
});

describe("edgecall mcp serve", () => {
  it("lists the assistant tools with their JSON Schemas and side-effect annotations", async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    assert.ok(tools.length >= 30, `only ${tools.length} tools`);
    const send = byName.get("email_send");
    assert.equal(send?.inputSchema.type, "object");
    assert.ok(send?.inputSchema.required?.includes("to"));
    assert.ok(send?.inputSchema.properties && "to" in send.inputSchema.properties);
    assert.equal(send?.annotations?.readOnlyHint, false);
    assert.equal(send?.annotations?.openWorldHint, true);
    assert.equal(byName.get("files_list")?.annotations?.readOnlyHint, true);
    assert.equal(byName.get("files_write")?.annotations?.destructiveHint, true);
  });

  it("runs calls through the guards: reads and local writes run, sending needs a confirmation", async () => {
    const client = await connect();
    const written = await client.callTool({
      name: "files_write",
      arguments: { path: "notes/mcp.txt", content: "written over MCP" },
    });
    assert.notEqual(written.isError, true, JSON.stringify(written));
    assert.equal(readFileSync(join(stateDir, "files", "notes", "mcp.txt"), "utf8"), "written over MCP");

    const listing = await client.callTool({ name: "files_list", arguments: { path: "notes" } });
    assert.notEqual(listing.isError, true);
    assert.match(JSON.stringify(payload(listing)), /todo\.md/);
    // File names are third-party text: after a listing, a write needs confirmation too.
    const afterListing = await client.callTool({
      name: "files_write",
      arguments: { path: "notes/mcp2.txt", content: "written after a listing" },
    });
    assert.equal(afterListing.isError, true);
    assert.equal((payload(afterListing) as { error: { type: string } }).error.type, "needs-confirmation");

    const send = await client.callTool({
      name: "email_send",
      arguments: { to: ["jordan.lee@example.net"], subject: "Hi", body: "Dinner?" },
    });
    assert.equal(send.isError, true);
    const error = (payload(send) as { error: { type: string; message: string } }).error;
    assert.equal(error.type, "needs-confirmation");
    assert.match(error.message, /--yes/);

    const unknown = await client.callTool({ name: "email_sned", arguments: {} });
    assert.equal(unknown.isError, true);
    assert.match(JSON.stringify(payload(unknown)), /unknown-tool.*email_send/);

    const invalid = await client.callTool({ name: "files_write", arguments: { path: 3 } });
    assert.equal(invalid.isError, true);
    assert.equal((payload(invalid) as { error: { type: string } }).error.type, "invalid-arguments");
  });

  it("asks the client's user through elicitation, and runs only what was approved", async () => {
    const asked: string[] = [];
    const client = await connect({
      elicit: (message) => {
        asked.push(message);
        return message.includes("jordan.lee@example.net");
      },
    });
    const approved = await client.callTool({
      name: "email_send",
      arguments: { to: ["jordan.lee@example.net"], subject: "Friday", body: "See you at 7." },
    });
    assert.notEqual(approved.isError, true, JSON.stringify(approved));
    const declined = await client.callTool({
      name: "email_send",
      arguments: { to: ["sam.rivera@example.org"], subject: "Friday", body: "See you at 7." },
    });
    assert.equal(declined.isError, true);
    assert.equal((payload(declined) as { error: { type: string } }).error.type, "denied");
    assert.equal(asked.length, 2);
    assert.match(asked[0] ?? "", /email_send/);
    const sent = await client.callTool({
      name: "email_search",
      arguments: { query: "See you at 7", folder: "sent" },
    });
    const found = payload(sent) as { messages: { id: string }[]; total: number };
    assert.equal(found.total, 1);
    const message = await client.callTool({
      name: "email_read",
      arguments: { message_id: found.messages[0]?.id },
    });
    assert.match(JSON.stringify(payload(message)), /jordan\.lee@example\.net/);
  });

  it("approves confirmations when started with --yes", async () => {
    const client = await connect({ extraArgs: ["--yes"] });
    const result = await client.callTool({ name: "shop_cart_add", arguments: { item_id: "itm-1007" } });
    assert.notEqual(result.isError, true, JSON.stringify(result));
    const checkout = await client.callTool({ name: "shop_checkout", arguments: {} });
    assert.notEqual(checkout.isError, true, JSON.stringify(checkout));
    assert.ok(existsSync(join(stateDir, "world.sqlite")));
  });
});
