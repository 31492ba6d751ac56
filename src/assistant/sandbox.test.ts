import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, it } from "node:test";
import { ToolError } from "../tools/tool.js";
import { temporaryDir } from "./assistant.test-support.js";
import { Sandbox } from "./sandbox.js";

let temporary: { dir: string; cleanup: () => void };
let root: string;
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

beforeEach(() => {
  temporary = temporaryDir("edgecall-sandbox-");
  root = join(temporary.dir, "root");
  mkdirSync(join(root, "notes"), { recursive: true });
  writeFileSync(join(root, "notes", "todo.md"), "- milk\n- call Bob\n");
  sandbox = new Sandbox(root, { limits: { maxReadBytes: 64, maxWriteBytes: 1000, maxListEntries: 3 } });
});
afterEach(() => temporary.cleanup());

describe("Sandbox", () => {
  it("reads, writes, appends and refuses to clobber with if_exists 'fail'", () => {
    assert.equal(sandbox.read("notes/todo.md").content, "- milk\n- call Bob\n");
    assert.deepEqual(sandbox.write("notes/new/deep.txt", "one\n"), {
      path: "notes/new/deep.txt",
      bytes: 4,
      created: true,
    });
    sandbox.write("notes/new/deep.txt", "two\n", "append");
    assert.equal(readFileSync(join(root, "notes/new/deep.txt"), "utf8"), "one\ntwo\n");
    assert.equal(failure(() => sandbox.write("notes/new/deep.txt", "x", "fail")).type, "precondition");
    sandbox.write("notes/new/deep.txt", "three");
    assert.equal(readFileSync(join(root, "notes/new/deep.txt"), "utf8"), "three");
  });

  it("caps reads with a marker and refuses oversized writes", () => {
    sandbox.write("big.txt", "a".repeat(200));
    const read = sandbox.read("big.txt");
    assert.equal(read.size, 200);
    assert.equal(read.content, `${"a".repeat(64)}\n[truncated 136 bytes]`);
    assert.equal(failure(() => sandbox.write("huge.txt", "b".repeat(1001))).type, "precondition");
    assert.equal(existsSync(join(root, "huge.txt")), false);
  });

  it("decodes invalid UTF-8 and flags binary files", () => {
    writeFileSync(join(root, "bad.bin"), Buffer.from([0x61, 0xff, 0x00, 0x62]));
    const read = sandbox.read("bad.bin");
    assert.equal(read.content, "a\uFFFD\u0000b");
    assert.equal(read.binary, true);
  });

  it("lists with types and sizes, capped, without temporary files", () => {
    for (const name of ["a.txt", "b.txt", "c.txt"]) sandbox.write(name, name);
    writeFileSync(join(root, ".edgecall-write-leftover"), "x");
    const listing = sandbox.list(".");
    assert.deepEqual(listing.entries, [
      { path: "a.txt", type: "file", size: 5 },
      { path: "b.txt", type: "file", size: 5 },
      { path: "c.txt", type: "file", size: 5 },
    ]);
    assert.equal(listing.omitted, 1);
    assert.equal(failure(() => sandbox.list("a.txt")).type, "precondition");
  });

  it("moves and deletes inside the root", () => {
    assert.deepEqual(sandbox.move("notes/todo.md", "archive/todo.md"), {
      from: "notes/todo.md",
      to: "archive/todo.md",
    });
    assert.equal(failure(() => sandbox.move("archive", "archive/inner")).type, "precondition");
    sandbox.write("x.txt", "x");
    assert.equal(failure(() => sandbox.move("x.txt", "archive/todo.md")).type, "precondition");
    assert.equal(failure(() => sandbox.delete("archive")).type, "precondition");
    assert.deepEqual(sandbox.delete("archive", true), { path: "archive", type: "folder" });
    assert.deepEqual(sandbox.delete("x.txt"), { path: "x.txt", type: "file" });
    assert.equal(failure(() => sandbox.delete("x.txt")).type, "precondition");
    assert.equal(failure(() => sandbox.delete(".")).type, "permission");
  });

  it("follows links that stay inside, and reports them in walks without following", () => {
    symlinkSync(join(root, "notes", "todo.md"), join(root, "shortcut.md"));
    assert.equal(sandbox.read("shortcut.md").path, "notes/todo.md");
    assert.deepEqual(
      sandbox.walk().map((entry) => `${entry.type}:${entry.path}`),
      ["folder:notes", "file:notes/todo.md", "symlink:shortcut.md"],
    );
    assert.equal(sandbox.hash("notes/todo.md").size, 18);
  });

  it("checkPath reports refusals as precondition failures", () => {
    assert.equal(sandbox.checkPath("notes/todo.md", "existing"), null);
    assert.equal(sandbox.checkPath("../x", "create")?.type, "permission");
    assert.equal(sandbox.checkPath("missing.txt", "existing")?.type, "precondition");
  });

  it("does not hang on a FIFO", { skip: spawnSync("mkfifo", ["--version"]).status !== 0 }, () => {
    spawnSync("mkfifo", [join(root, "pipe")]);
    assert.equal(failure(() => sandbox.read("pipe")).type, "permission");
  });
});
