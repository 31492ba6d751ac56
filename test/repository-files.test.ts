import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const read = (path: string) => readFileSync(join(root, path), "utf8");
const docs = readdirSync(join(root, "docs"))
  .filter((name) => name.endsWith(".md"))
  .map((name) => `docs/${name}`);

describe("what a new user meets in the repository", () => {
  it("git ignores the run directories eval writes by default (./edgecall-runs)", () => {
    assert.match(read(".gitignore"), /^\/?edgecall-runs\/$/m);
    const check = spawnSync("git", ["check-ignore", "-q", "edgecall-runs/20260101T000000Z-demo/run.json"], {
      cwd: root,
    });
    // 0: ignored; 128: not a git checkout (a packed copy), where only the file can be checked.
    assert.ok(check.status === 0 || check.status === 128, `git check-ignore exited ${check.status}`);
  });

  it("the README's commands run after npm ci (npx edgecall, not edgecall, which is not on PATH)", () => {
    const bare: string[] = [];
    let inBlock = false;
    for (const line of read("README.md").split("\n")) {
      if (line.startsWith("```")) inBlock = !inBlock;
      else if (inBlock && /(^|[|;&]\s*)edgecall\s/.test(line)) bare.push(line);
    }
    assert.deepEqual(bare, []);
    assert.match(read("README.md"), /npm link/, "says how to get plain `edgecall`");
    assert.match(read("README.md"), /--threads N/, "says how to choose the CPU threads");
    assert.match(
      read("README.md"),
      /edgecall eval --model demo`\s+took \d+ s/,
      "says how long the demo took",
    );
    assert.match(read("README.md"), /2-core/, "says on what machine");
  });

  it("the docs cite no file the repository lacks (DESIGN.md lives outside it)", () => {
    for (const file of ["README.md", ...docs]) assert.doesNotMatch(read(file), /DESIGN\.md/, file);
  });
});
