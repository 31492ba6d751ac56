import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { ToolRegistry } from "../tools/tool-registry.js";
import { callTool, listTools } from "./tool-calls.js";

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), "edgecall-tools-cli-"));
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe("listTools", () => {
  it("lists the assistant suite without opening a world", () => {
    const tools = listTools();
    assert.ok(tools.length >= 35, `${tools.length} tools`);
    const names = tools.map((tool) => tool.name);
    assert.equal(new Set(names).size, names.length);
    for (const name of names)
      assert.match(name, /^(calendar|email|contacts|files|settings|web|shop)_[a-z_]+$/);
    for (const tool of tools) {
      assert.equal(tool.parameters.type, "object", tool.name);
      assert.ok(tool.description.length > 20, tool.name);
    }
    assert.equal(tools.find((tool) => tool.name === "shop_checkout")?.sideEffect, "payment");
    assert.equal(tools.find((tool) => tool.name === "email_read")?.untrustedOutput, true);
  });
});

describe("callTool", () => {
  it("runs a read and seeds the default world on first use", async () => {
    const result = await callTool({
      name: "files_read",
      argsJson: '{"path": "notes/todo.md"}',
      stateDir: dir,
    });
    assert.equal(result.ok, true);
    assert.match(JSON.stringify(result), /Send the Q3 plan draft/);
  });

  it("reports path escapes as permission errors", async () => {
    const result = await callTool({
      name: "files_read",
      argsJson: '{"path": "../world.sqlite"}',
      stateDir: dir,
    });
    assert.deepEqual(result, {
      ok: false,
      error: { type: "permission", message: "path '../world.sqlite' leads outside the sandbox" },
    });
  });

  it("refuses a call needing confirmation without a terminal or --yes, runs it with --yes", async () => {
    const args = JSON.stringify({ to: ["Jordan Lee"], subject: "Hi", body: "Dinner?" });
    const refused = await callTool({ name: "email_send", argsJson: args, stateDir: dir, isTTY: false });
    assert.equal(!refused.ok && refused.error.type, "needs-confirmation");
    assert.match(!refused.ok ? refused.error.message : "", /pass --yes/);
    const sent = await callTool({ name: "email_send", argsJson: args, stateDir: dir, yes: true });
    assert.equal(sent.ok, true);
  });

  it("asks on a terminal through the prompt, and a 'no' is a denial", async () => {
    const asked: string[] = [];
    const result = await callTool({
      name: "shop_cart_add",
      argsJson: '{"item_id": "itm-1001"}',
      stateDir: dir,
    });
    assert.equal(result.ok, true, "a write in a clean session is not confirmed");
    const denied = await callTool({
      name: "shop_checkout",
      argsJson: "{}",
      stateDir: dir,
      isTTY: true,
      prompt: async (message) => {
        asked.push(message);
        return false;
      },
    });
    assert.equal(!denied.ok && denied.error.type, "denied");
    assert.match(
      asked[0] ?? "",
      /^shop_checkout \{\}\nneeds confirmation because it spends money\.\nIt acts on: payment method Visa …4242 \(pm-visa-4242\); item 1 × Aurora X2 Wireless Earbuds \(itm-1001\)\.\nGo ahead\?$/,
    );
  });

  it("reports malformed --args, unknown tools and schema errors as typed errors", async () => {
    assert.equal((await callTool({ name: "files_read", argsJson: "{path:", stateDir: dir })).ok, false);
    const array = await callTool({ name: "files_read", argsJson: "[1]", stateDir: dir });
    assert.equal(!array.ok && array.error.type, "invalid-arguments");
    const unknown = await callTool({ name: "file_read", argsJson: "{}", stateDir: dir });
    assert.match(!unknown.ok ? unknown.error.message : "", /did you mean 'files_read'/);
    const schema = await callTool({ name: "files_read", argsJson: '{"path": 3}', stateDir: dir });
    assert.equal(!schema.ok && schema.error.type, "invalid-arguments");
  });

  it("a state folder that cannot be made is an error thrown, not a tool result", async () => {
    const blocker = join(dir, "a-file");
    writeFileSync(blocker, "x");
    await assert.rejects(
      callTool({ name: "files_list", argsJson: "{}", stateDir: join(blocker, "state") }),
      /ENOTDIR/,
    );
  });

  it("uses a given registry instead of a world", async () => {
    const registry = {
      get: () => undefined,
      has: () => false,
      names: () => [],
      filtered: () => registry,
      definitions: () => [],
      list: () => [],
    };
    const result = await callTool({ name: "x", registry: registry as unknown as ToolRegistry });
    assert.equal(!result.ok && result.error.type, "unknown-tool");
  });
});
