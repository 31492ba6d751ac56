/**
 * `mcp serve`'s annotations for every shipped assistant tool, against a table written from
 * reading each tool's `execute` (src/assistant/*). `destructiveHint: false` means, as the MCP spec
 * says, "performs only additive updates": every call only inserts new rows (with fresh ids) or
 * makes a quantity grow, and never replaces, changes or removes what was there.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createAssistantRegistry } from "../assistant/assistant-registry.js";
import { createToolMcpServer } from "./mcp-server.js";

type Row = [readOnly: boolean, destructive: boolean, openWorld: boolean, why: string];

const read = (openWorld: boolean, why: string): Row => [true, false, openWorld, why];
const additive = (openWorld: boolean, why: string): Row => [false, false, openWorld, why];
const destructive = (openWorld: boolean, why: string): Row => [false, true, openWorld, why];

const expected: Record<string, Row> = {
  calendar_list_events: read(true, "events hold invitations' text"),
  calendar_search_events: read(true, "events hold invitations' text"),
  calendar_create_event: additive(false, "INSERT of a new event with a fresh id"),
  calendar_update_event: destructive(false, "UPDATE of an existing event"),
  calendar_delete_event: destructive(false, "DELETE of an event"),
  calendar_find_free_slots: read(false, "computed times only"),
  email_list: read(true, "third-party mail"),
  email_search: read(true, "third-party mail"),
  email_read: read(true, "third-party mail"),
  email_read_thread: read(true, "third-party mail"),
  email_draft: additive(false, "INSERT of a new message in drafts"),
  email_send: additive(true, "INSERT of a new message in sent; reaches the recipients"),
  email_send_draft: destructive(true, "UPDATE: moves the draft out of drafts into sent"),
  email_reply: additive(true, "INSERT of a new message in sent; reaches the recipients"),
  email_forward: additive(true, "INSERT of a new message in sent; reaches the recipients"),
  contacts_search: read(true, "contacts' stored text"),
  files_list: read(true, "file names"),
  files_read: read(true, "file contents"),
  files_write: destructive(false, "if_exists defaults to overwrite: replaces an existing file"),
  files_move: destructive(false, "the source path stops existing"),
  files_delete: destructive(false, "deletes files and folders"),
  files_search: read(true, "file contents"),
  settings_get: read(false, "setting values only"),
  settings_set: destructive(false, "UPDATE of settings"),
  settings_list_alarms: read(true, "alarm labels"),
  settings_create_alarm: additive(false, "INSERT of a new alarm with a fresh id"),
  settings_update_alarm: destructive(false, "UPDATE of an alarm"),
  settings_delete_alarm: destructive(false, "DELETE of an alarm"),
  web_search: read(true, "web pages"),
  web_fetch: read(true, "web pages"),
  shop_search: read(true, "sellers' text"),
  shop_view_item: read(true, "sellers' text"),
  shop_cart_view: read(true, "sellers' text"),
  shop_cart_add: additive(false, "a new cart line, or a larger quantity of one: nothing is taken away"),
  shop_cart_remove: destructive(false, "lowers quantities, deletes lines"),
  shop_list_payment_methods: read(true, "stored card labels"),
  shop_checkout: destructive(true, "spends money, lowers stock, empties the cart"),
  shop_order_status: read(true, "sellers' text"),
  shop_cancel_order: destructive(false, "UPDATE of an order's status"),
};

describe("mcp serve: annotations of every assistant tool", () => {
  it("match the table, and the table names every shipped tool", async () => {
    const registry = createAssistantRegistry();
    const server = createToolMcpServer({ registry });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "annotations-test", version: "0.0.0" });
    await client.connect(clientSide);
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((tool) => tool.name).sort(), Object.keys(expected).sort());
      for (const tool of tools) {
        const [readOnly, destructiveHint, openWorld, why] = expected[tool.name] as Row;
        assert.deepEqual(
          tool.annotations,
          { readOnlyHint: readOnly, destructiveHint, openWorldHint: openWorld },
          `${tool.name} (${why})`,
        );
      }
    } finally {
      await client.close();
      await server.close();
    }
  });
});
