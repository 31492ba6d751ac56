/**
 * Two ways to hide from or reach past the files sandbox (issue 34, items 6 and 7): a file saved
 * under the name edgecall reserves for its own temporary files, which listings, searches and the
 * world hash skip; and a hard link planted in the sandbox, which names a file outside it.
 */
import assert from "node:assert/strict";
import { linkSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, it } from "node:test";
import { createGuardedExecutor } from "../guards/guarded-executor.js";
import { ToolError } from "../tools/tool.js";
import { ToolRegistry } from "../tools/tool-registry.js";
import { temporaryDir } from "./assistant.test-support.js";
import { filesTools } from "./files-tools.js";
import { Sandbox } from "./sandbox.js";
import type { AssistantState } from "./world.js";

const secret = "SECRET-OUTSIDE-7c21";
let temporary: { dir: string; cleanup: () => void };
let root: string;
let outside: string;
let sandbox: Sandbox;

function failure(work: () => unknown): ToolError {
  try {
    work();
  } catch (error) {
    if (error instanceof ToolError) return error;
    throw error;
  }
  assert.fail("expected a tool error");
}

function executor() {
  const registry = new ToolRegistry();
  for (const tool of filesTools(() => ({ sandbox }) as unknown as AssistantState)) registry.register(tool);
  return createGuardedExecutor({ registry, confirm: async () => true });
}

beforeEach(() => {
  temporary = temporaryDir("edgecall-sandbox-links-");
  root = join(temporary.dir, "root");
  mkdirSync(join(root, "notes"), { recursive: true });
  writeFileSync(join(root, "notes", "todo.md"), "- milk\n");
  outside = join(temporary.dir, "secrets.txt");
  writeFileSync(outside, `${secret}\n`);
  sandbox = new Sandbox(root, { durable: false });
});
afterEach(() => temporary.cleanup());

describe("the reserved temporary-file prefix", () => {
  for (const path of [".edgecall-write-x", "notes/.edgecall-write-abc", ".edgecall-write-dir/inner.txt"]) {
    it(`files_write refuses '${path}' with a clear tool error`, async () => {
      const outcome = await executor().execute({
        name: "files_write",
        arguments: { path, content: "hidden" },
      });
      assert.equal(outcome.ok, false);
      assert.equal(!outcome.ok && outcome.error.type, "permission");
      assert.match(!outcome.ok ? outcome.error.message : "", /reserved/);
      assert.deepEqual(
        sandbox.walk(".").map((entry) => entry.path),
        ["notes", "notes/todo.md"],
      );
    });
  }

  it("moves onto the prefix are refused too, and names that merely contain it are fine", async () => {
    const session = executor();
    const moved = await session.execute({
      name: "files_move",
      arguments: { from: "notes/todo.md", to: "notes/.edgecall-write-todo" },
    });
    assert.equal(!moved.ok && moved.error.type, "permission");
    const fine = await session.execute({
      name: "files_write",
      arguments: { path: "notes/my.edgecall-write-notes.md", content: "visible" },
    });
    assert.equal(fine.ok, true);
    assert.ok(
      sandbox.list("notes").entries.some((entry) => entry.path === "notes/my.edgecall-write-notes.md"),
    );
  });

  it("the Sandbox itself refuses the prefix for every operation", () => {
    writeFileSync(join(root, ".edgecall-write-left"), "x");
    assert.equal(failure(() => sandbox.write(".edgecall-write-y", "z")).type, "permission");
    assert.equal(failure(() => sandbox.read(".edgecall-write-left")).type, "permission");
    assert.equal(failure(() => sandbox.delete(".edgecall-write-left")).type, "permission");
    assert.equal(failure(() => sandbox.move("notes/todo.md", ".edgecall-write-m")).type, "permission");
  });
});

describe("hard links", () => {
  it("a hard link to a file outside is not read, appended to or overwritten, through the tools", async () => {
    linkSync(outside, join(root, "notes", "planted.txt"));
    const session = executor();
    const read = await session.execute({ name: "files_read", arguments: { path: "notes/planted.txt" } });
    assert.equal(!read.ok && read.error.type, "permission");
    assert.match(!read.ok ? read.error.message : "", /hard link/);
    const appended = await session.execute({
      name: "files_write",
      arguments: { path: "notes/planted.txt", content: "more", if_exists: "append" },
    });
    assert.equal(!appended.ok && appended.error.type, "permission");
    const overwritten = await session.execute({
      name: "files_write",
      arguments: { path: "notes/planted.txt", content: "replaced" },
    });
    assert.equal(!overwritten.ok && overwritten.error.type, "permission");
    const searched = await session.execute({ name: "files_search", arguments: { query: "secret" } });
    assert.equal(searched.ok, true);
    for (const outcome of [read, appended, overwritten, searched])
      assert.ok(!JSON.stringify(outcome).includes(secret), JSON.stringify(outcome));
    assert.equal(readFileSync(outside, "utf8"), `${secret}\n`);
  });

  it("the Sandbox refuses to open a file with more than one link, and reads it again once alone", () => {
    linkSync(outside, join(root, "copy.txt"));
    assert.equal(failure(() => sandbox.read("copy.txt")).type, "permission");
    assert.equal(failure(() => sandbox.write("copy.txt", "x", "append")).type, "permission");
    assert.equal(readFileSync(outside, "utf8"), `${secret}\n`);
    const inside = join(root, "notes", "todo.md");
    linkSync(inside, join(root, "notes", "todo-link.md"));
    assert.equal(failure(() => sandbox.read("notes/todo.md")).type, "permission");
    sandbox.delete("notes/todo-link.md");
    assert.equal(sandbox.read("notes/todo.md").content, "- milk\n");
  });
});
