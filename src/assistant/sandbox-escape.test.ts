/**
 * Escape attempts against the files sandbox, each run through the guarded file tools (guards +
 * sandbox) and straight against the Sandbox (its own checks alone). Canary files sit outside the
 * root; after all attempts the tree outside the root must be byte-for-byte unchanged, and no
 * output may contain a canary's text.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { createGuardedExecutor } from "../guards/guarded-executor.js";
import { ToolError } from "../tools/tool.js";
import { ToolRegistry } from "../tools/tool-registry.js";
import { temporaryDir } from "./assistant.test-support.js";
import { filesTools } from "./files-tools.js";
import { Sandbox } from "./sandbox.js";
import type { AssistantState } from "./world.js";

const canary = "CANARY-3f9a1c";
let temporary: { dir: string; cleanup: () => void };
let base: string;
let root: string;
let sandbox: Sandbox;

/** Every path under `base` except inside the root, with content hashes and link targets. */
function outsideTree(): Record<string, string> {
  const found: Record<string, string> = {};
  const visit = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (path === root) continue;
      const stats = lstatSync(path);
      if (stats.isSymbolicLink()) found[path] = `link:${readlinkSync(path)}`;
      else if (stats.isDirectory()) {
        found[path] = "dir";
        visit(path);
      } else found[path] = createHash("sha256").update(readFileSync(path)).digest("hex");
    }
  };
  visit(base);
  return found;
}

type Attempt = {
  label: string;
  tool: string;
  args: Record<string, unknown>;
  direct: (box: Sandbox) => unknown;
  escape: boolean;
};
const attempts: Attempt[] = [];
const read = (path: string, leavesRoot = true) =>
  attempts.push({
    label: `read ${JSON.stringify(path)}`,
    tool: "files_read",
    args: { path },
    direct: (box) => box.read(path),
    escape: leavesRoot,
  });
const write = (path: string, mode: "overwrite" | "append" = "overwrite", leavesRoot = true) =>
  attempts.push({
    label: `write(${mode}) ${JSON.stringify(path)}`,
    tool: "files_write",
    args: { path, content: "pwned", if_exists: mode },
    direct: (box) => box.write(path, "pwned", mode),
    escape: leavesRoot,
  });
const list = (path: string) =>
  attempts.push({
    label: `list ${JSON.stringify(path)}`,
    tool: "files_list",
    args: { path },
    direct: (box) => box.list(path),
    escape: true,
  });
const move = (from: string, to: string) =>
  attempts.push({
    label: `move ${from} -> ${to}`,
    tool: "files_move",
    args: { from, to },
    direct: (box) => box.move(from, to),
    escape: true,
  });
const remove = (path: string, recursive = false) =>
  attempts.push({
    label: `delete ${JSON.stringify(path)}`,
    tool: "files_delete",
    args: { path, recursive },
    direct: (box) => box.delete(path, recursive),
    escape: true,
  });
const search = (path: string) =>
  attempts.push({
    label: `search in ${JSON.stringify(path)}`,
    tool: "files_search",
    args: { query: "CANARY", path },
    direct: (box) => box.walk(path),
    escape: true,
  });

function defineAttempts(outside: string, sibling: string) {
  for (const path of [
    "../outside/secret.txt",
    "../../../../../../etc/passwd",
    "/etc/passwd",
    join(outside, "secret.txt"),
    "notes/../../outside/secret.txt",
    "./../outside/secret.txt",
    "notes/./../../outside/secret.txt",
    "../root-evil/secret.txt",
    join(sibling, "secret.txt"),
    "link-out-file",
    "link-out-dir/secret.txt",
    "link-parent/outside/secret.txt",
    "notes/link-up/outside/secret.txt",
    "link-abs-root/etc/passwd",
    "loop1",
    "dangling",
    "notes/todo.md\0../../outside/secret.txt",
    "\0",
  ]) {
    read(path);
  }
  for (const path of [
    "..%2Foutside%2Fsecret.txt",
    "..\\outside\\secret.txt",
    "\uFF0E\uFF0E/outside/secret.txt",
    "..\u200b/outside/secret.txt",
    "cafe\u0301.txt",
    "~/secret.txt",
    "link-out-dir/../outside/secret.txt",
  ]) {
    read(path, false);
  }
  for (const path of [
    "../outside/new.txt",
    "../outside/secret.txt",
    "/tmp/edgecall-escape-test.txt",
    join(outside, "new.txt"),
    "link-out-file",
    "link-out-dir/new.txt",
    "dangling",
    "dangling-dir-link/new.txt",
    "link-parent/outside/new.txt",
    "../root-evil/new.txt",
    join(sibling, "new.txt"),
    "notes/link-up/outside/new.txt",
    "notes/link-up/outside/sub/deeper/new.txt",
    "a\0b",
    "link-abs-root/tmp/edgecall-escape.txt",
    "notes/../../outside/new.txt",
    "../root-\u00e9vil/new.txt",
    "../root-e\u0301vil/new.txt",
  ]) {
    write(path);
  }
  write("link-out-file", "append");
  write("link-out-dir/secret.txt", "append");
  for (const path of [
    "../outside",
    "link-out-dir",
    "link-parent",
    "/",
    "notes/link-up",
    "dangling-dir-link",
    join(sibling, ""),
  ])
    list(path);
  move("notes/todo.md", "../outside/moved.txt");
  move("../outside/secret.txt", "stolen.txt");
  move("link-out-file", "stolen.txt");
  move("notes/todo.md", "link-out-dir/moved.txt");
  move("link-out-dir/secret.txt", "stolen.txt");
  move("notes/todo.md", "dangling-dir-link/x.txt");
  move("notes", "../outside/notes");
  move("notes/todo.md", join(sibling, "x.txt"));
  remove("../outside/secret.txt");
  remove("link-out-dir/secret.txt");
  remove("link-out-file");
  remove("link-parent/outside", true);
  remove(".", true);
  remove("/tmp", true);
  remove("../root-evil", true);
  remove("notes/link-up/outside", true);
  search("../outside");
  search("link-out-dir");
  search("link-parent");
}

before(() => {
  temporary = temporaryDir("edgecall-escape-");
  base = temporary.dir;
  root = join(base, "root");
  const outside = join(base, "outside");
  const sibling = join(base, "root-evil");
  for (const folder of [join(root, "notes"), outside, sibling, join(base, "swap-target")])
    mkdirSync(folder, { recursive: true });
  for (const folder of [outside, sibling, join(base, "swap-target")])
    writeFileSync(join(folder, "secret.txt"), `${canary}\n`);
  writeFileSync(join(base, "swap-target", "file.txt"), `${canary}\n`);
  writeFileSync(join(root, "notes", "todo.md"), "- milk\n");
  writeFileSync(join(root, "caf\u00e9.txt"), "NFC name\n");
  symlinkSync(join(outside, "secret.txt"), join(root, "link-out-file"));
  symlinkSync(outside, join(root, "link-out-dir"));
  symlinkSync("..", join(root, "link-parent"));
  symlinkSync("../..", join(root, "notes", "link-up"));
  symlinkSync("/", join(root, "link-abs-root"));
  symlinkSync(join(outside, "not-there.txt"), join(root, "dangling"));
  symlinkSync(join(outside, "no-dir"), join(root, "dangling-dir-link"));
  symlinkSync("loop2", join(root, "loop1"));
  symlinkSync("loop1", join(root, "loop2"));
  sandbox = new Sandbox(root);
  defineAttempts(outside, sibling);
});
after(() => temporary.cleanup());

describe("sandbox escape attempts", () => {
  it("0 escapes: every attempt refused at both layers, nothing outside read or written", async (context) => {
    const before = outsideTree();
    const registry = new ToolRegistry();
    for (const tool of filesTools(() => ({ sandbox }) as AssistantState)) registry.register(tool);
    const executor = createGuardedExecutor({ registry, policy: "approve" });
    let refusals = 0;
    for (const attempt of attempts) {
      const outcome = await executor.execute({ name: attempt.tool, arguments: attempt.args });
      const shown = JSON.stringify(outcome);
      assert.ok(!shown.includes(canary), `${attempt.label} leaked the canary: ${shown}`);
      if (attempt.tool === "files_search" && outcome.ok) continue;
      if (attempt.escape) {
        assert.equal(outcome.ok, false, `${attempt.label} should be refused`);
        assert.equal(!outcome.ok && outcome.error.type, "permission", `${attempt.label}: ${shown}`);
        refusals += 1;
      }
      let direct: unknown;
      try {
        direct = attempt.direct(sandbox);
      } catch (error) {
        assert.ok(error instanceof ToolError, `${attempt.label} threw ${String(error)}`);
        if (attempt.escape)
          assert.equal(error.type, "permission", `${attempt.label} (direct): ${error.message}`);
        continue;
      }
      assert.ok(
        !attempt.escape || attempt.tool === "files_search",
        `${attempt.label} (direct) should be refused`,
      );
      assert.ok(!JSON.stringify(direct).includes(canary));
    }
    assert.ok(attempts.length >= 60, `only ${attempts.length} attempts`);
    assert.ok(refusals >= 55);
    assert.deepEqual(outsideTree(), before, "the tree outside the root changed");
    context.diagnostic(
      `${attempts.length} attempts (${refusals} path escapes refused with 'permission'), each at both layers`,
    );
  });

  it("a symlink swapped in between check and use is caught (read, write, list, move, delete)", () => {
    const before = outsideTree();
    const swap = (folder: string) => {
      renameSync(join(root, folder), join(root, `${folder}-real`));
      symlinkSync(join(base, "swap-target"), join(root, folder));
    };
    const restore = (folder: string) => {
      unlinkSync(join(root, folder));
      renameSync(join(root, `${folder}-real`), join(root, folder));
    };
    const refused = (work: () => unknown, label: string) => {
      try {
        const result = work();
        assert.fail(`${label} was not refused: ${JSON.stringify(result)}`);
      } catch (error) {
        assert.ok(error instanceof ToolError && error.type === "permission", `${label}: ${String(error)}`);
      }
    };
    mkdirSync(join(root, "swap"));
    writeFileSync(join(root, "swap", "file.txt"), "inside\n");
    writeFileSync(join(root, "swap", "secret.txt"), "inside\n");
    const once = (action: () => void) => {
      let done = false;
      sandbox.hook = () => {
        if (!done) {
          done = true;
          action();
        }
      };
    };
    // The file itself becomes a link to a canary: O_NOFOLLOW refuses it.
    once(() => {
      renameSync(join(root, "swap", "file.txt"), join(root, "swap", "file-real.txt"));
      symlinkSync(join(base, "swap-target", "file.txt"), join(root, "swap", "file.txt"));
    });
    refused(() => sandbox.read("swap/file.txt"), "read, file swapped");
    unlinkSync(join(root, "swap", "file.txt"));
    renameSync(join(root, "swap", "file-real.txt"), join(root, "swap", "file.txt"));
    // The parent folder becomes a link out: the descriptor check refuses it.
    for (const [label, work] of [
      ["read, parent swapped", () => sandbox.read("swap/file.txt")],
      ["write new file, parent swapped", () => sandbox.write("swap/new.txt", "pwned")],
      ["overwrite, parent swapped", () => sandbox.write("swap/secret.txt", "pwned")],
      ["list, folder swapped", () => sandbox.list("swap")],
      ["delete, parent swapped", () => sandbox.delete("swap/secret.txt")],
      ["move, parent swapped", () => sandbox.move("swap/secret.txt", "stolen.txt")],
    ] as const) {
      once(() => swap("swap"));
      refused(work, label);
      restore("swap");
    }
    // An existing target replaced by a link to a canary: the write replaces the link, not the canary.
    once(() => {
      rmSync(join(root, "swap", "secret.txt"));
      symlinkSync(join(base, "swap-target", "secret.txt"), join(root, "swap", "secret.txt"));
    });
    sandbox.write("swap/secret.txt", "fresh");
    assert.equal(lstatSync(join(root, "swap", "secret.txt")).isFile(), true);
    sandbox.hook = undefined;
    assert.deepEqual(outsideTree(), before, "the tree outside the root changed");
    assert.equal(readFileSync(join(base, "swap-target", "secret.txt"), "utf8"), `${canary}\n`);
  });
});
