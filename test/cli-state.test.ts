/**
 * An unusable `--state` (a file where a folder should be, a damaged world.sqlite) is an error that
 * names it, for `tools call` and, before it starts serving, `mcp serve`.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runCliFromSource } from "./eval-cli.test-support.js";

const scratch = mkdtempSync(join(tmpdir(), "edgecall-cli-state-"));
const aFile = join(scratch, "state-file");
writeFileSync(aFile, "not a folder\n");
const damaged = join(scratch, "damaged");
mkdirSync(damaged);
writeFileSync(join(damaged, "world.sqlite"), "this is not a SQLite database, just text ".repeat(200));

describe("--state that cannot be used", () => {
  for (const [name, state, message] of [
    ["a file", aFile, /the state folder .*state-file is a file, not a folder/],
    ["a damaged world.sqlite", damaged, /the assistant world .*damaged[/\\]world\.sqlite cannot be used: /],
  ] as const) {
    it(`tools call and mcp serve name ${name} and exit 1`, async () => {
      const call = await runCliFromSource([
        "tools",
        "call",
        "settings_get",
        "--args",
        '{"key": "wifi"}',
        "--state",
        state,
      ]);
      assert.equal(call.code, 1, call.stderr);
      assert.match(call.stderr, message);
      assert.doesNotMatch(call.stderr, /internal error/);
      const serve = await runCliFromSource(["mcp", "serve", "--state", state]);
      assert.equal(serve.code, 1, serve.stderr);
      assert.match(serve.stderr, message);
    });
  }
});
