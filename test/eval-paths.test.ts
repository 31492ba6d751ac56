/**
 * A run started with relative paths (a replay file, the BFCL folder, --out) records them as absolute
 * paths, so `eval --resume` works from any working directory.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { describe, it } from "node:test";
import Database from "better-sqlite3";
import { edgecallBin } from "./cli-helpers.test-support.js";
import {
  bfclDir,
  hasBfcl,
  noBfclMessage,
  onlyRunDirectory,
  repoRoot,
  resultsWithoutTimings,
  writeBfclReplay,
} from "./eval-cli.test-support.js";

/** Runs the built CLI in `cwd`. */
function runIn(cwd: string, args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [edgecallBin, ...args], {
      cwd,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

describe("run records hold absolute paths", { skip: hasBfcl ? false : noBfclMessage }, () => {
  it("a run started with relative paths resumes from another working directory", async () => {
    const scratch = mkdtempSync(join(tmpdir(), "edgecall-eval-paths-"));
    writeBfclReplay(join(scratch, "replies.jsonl"), "simple_python", 6);
    const started = await runIn(scratch, [
      "eval",
      "--model",
      "replay:replies.jsonl",
      "--suite",
      "bfcl:simple_python",
      "--bfcl-dir",
      relative(scratch, bfclDir),
      "--limit",
      "6",
      "--out",
      "runs",
      "--no-progress",
    ]);
    assert.equal(started.code, 0, started.stderr);
    const runDirectory = onlyRunDirectory(join(scratch, "runs"));
    const record = JSON.parse(readFileSync(join(runDirectory, "run.json"), "utf8")) as {
      modelSpec: string;
      settings: { suiteOptions: Record<string, unknown> };
    };
    assert.equal(record.modelSpec, `replay:${join(scratch, "replies.jsonl")}`);
    assert.equal(record.settings.suiteOptions["bfcl-dir"], bfclDir);
    const reference = resultsWithoutTimings(runDirectory);
    const database = new Database(join(runDirectory, "results.sqlite"));
    database.prepare("DELETE FROM results WHERE ordinal >= 3").run();
    database.close();
    const resumed = await runIn(repoRoot, ["eval", "--resume", runDirectory, "--no-progress"]);
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.deepEqual(resultsWithoutTimings(runDirectory), reference);
  });
});
