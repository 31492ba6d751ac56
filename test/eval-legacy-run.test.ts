/**
 * A run directory written before suite options were generic (run.json with `bfclDir` beside the
 * settings and `settings.bfclMode`, `injections`, `augment`) still reports and resumes: the old
 * fields are read as suite options, a changed one is refused naming its flag, and the resumed run
 * ends as an uninterrupted one would.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import Database from "better-sqlite3";
import {
  bfclDir,
  hasBfcl,
  noBfclMessage,
  onlyRunDirectory,
  resultsWithoutTimings,
  runCliFromSource,
  writeBfclReplay,
} from "./eval-cli.test-support.js";

type Json = Record<string, unknown>;

function readJson(path: string): Json {
  return JSON.parse(readFileSync(path, "utf8")) as Json;
}

/** Rewrites a run's run.json in the shape runs had before suite options were generic. */
function writeLegacyShape(runDirectory: string): void {
  const path = join(runDirectory, "run.json");
  const record = readJson(path);
  const { suiteOptions, ...settings } = record.settings as Json;
  assert.deepEqual(suiteOptions, { "bfcl-dir": bfclDir });
  const { suites, ...rest } = record;
  const legacy = {
    ...rest,
    settings: { ...settings, bfclMode: "fc", injections: null, augment: [] },
    suites: (suites as Json[]).map(({ settings: _settings, ...suite }) => suite),
    bfclDir,
  };
  writeFileSync(path, `${JSON.stringify(legacy, null, 2)}\n`);
}

describe("eval: run directories in the shape before generic suite options", {
  skip: hasBfcl ? false : noBfclMessage,
}, () => {
  it("report and resume read the old fields as suite options", async () => {
    const scratch = mkdtempSync(join(tmpdir(), "edgecall-eval-legacy-"));
    const replay = join(scratch, "replies.jsonl");
    writeBfclReplay(replay, "simple_python", 6);
    const out = join(scratch, "runs");
    const args = ["--suite", "bfcl:simple_python", "--limit", "6", "--no-progress"];
    const whole = await runCliFromSource([
      "eval",
      "--model",
      `replay:${replay}`,
      ...args,
      "--bfcl-dir",
      bfclDir,
      "--out",
      out,
    ]);
    assert.equal(whole.code, 0, whole.stderr);
    const runDirectory = onlyRunDirectory(out);
    const reference = resultsWithoutTimings(runDirectory);
    writeLegacyShape(runDirectory);
    const database = new Database(join(runDirectory, "results.sqlite"));
    database.prepare("DELETE FROM results WHERE ordinal >= 3").run();
    database.close();

    const report = await runCliFromSource(["report", runDirectory]);
    assert.equal(report.code, 0, report.stderr);
    assert.match(readFileSync(join(runDirectory, "report.html"), "utf8"), /<dt>BFCL mode<\/dt><dd>fc<\/dd>/);

    const changed = await runCliFromSource([
      "eval",
      "--resume",
      runDirectory,
      "--bfcl-mode",
      "prompt",
      "--no-progress",
    ]);
    assert.equal(changed.code, 2);
    assert.match(
      changed.stderr,
      /settings differ from the original run \(--bfcl-mode: was "fc", now "prompt"\)/,
    );
    assert.ok(
      "bfclDir" in readJson(join(runDirectory, "run.json")),
      "a refused resume leaves run.json as it was",
    );

    // No --bfcl-dir: the old record's is used.
    const resumed = await runCliFromSource(["eval", "--resume", runDirectory, "--no-progress"]);
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.deepEqual(resultsWithoutTimings(runDirectory), reference);
    const record = readJson(join(runDirectory, "run.json"));
    assert.deepEqual((record.settings as Json).suiteOptions, { "bfcl-dir": bfclDir, "bfcl-mode": "fc" });
    assert.equal((record.sessions as unknown[]).length, 2);
  });
});
