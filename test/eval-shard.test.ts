/**
 * `eval --shard i/n` and `edgecall merge`: three shards run into separate folders (as on three
 * machines) merge into the results and summary of the whole run; what is not one run is refused;
 * an unfinished shard merges into an unfinished run that `eval --resume` completes.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { before, describe, it } from "node:test";
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

const total = 20;

function evalArgs(replay: string, out: string, extra: string[] = [], limit = total): string[] {
  return [
    "eval",
    "--model",
    `replay:${replay}`,
    "--suite",
    "bfcl:simple_python",
    "--bfcl-dir",
    bfclDir,
    "--limit",
    String(limit),
    "--out",
    out,
    "--no-progress",
    ...extra,
  ];
}

function readJson(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
}

/** summary.json without the fields that name the run or depend on timing. */
function comparableSummary(runDirectory: string): Record<string, unknown> {
  const summary = readJson(join(runDirectory, "summary.json"));
  for (const key of ["runDir", "ttftMs", "decodeTokensPerSecond"]) delete summary[key];
  return summary;
}

describe("eval --shard and merge", { skip: hasBfcl ? false : noBfclMessage }, () => {
  const scratch = mkdtempSync(join(tmpdir(), "edgecall-eval-shard-"));
  const replay = join(scratch, "replay.jsonl");
  writeBfclReplay(replay, "simple_python", total);
  let whole = "";
  const shards: string[] = [];

  before(async () => {
    const wholeRun = await runCliFromSource(evalArgs(replay, join(scratch, "whole")));
    assert.equal(wholeRun.code, 0, wholeRun.stderr);
    whole = onlyRunDirectory(join(scratch, "whole"));
    for (const index of [1, 2, 3]) {
      const out = join(scratch, `machine-${index}`);
      const run = await runCliFromSource(evalArgs(replay, out, ["--shard", `${index}/3`]));
      assert.equal(run.code, 0, run.stderr);
      shards.push(onlyRunDirectory(out));
    }
  });

  it("each shard runs every third sample with all its results, in a directory named after it", () => {
    const seen = new Set<string>();
    shards.forEach((directory, position) => {
      assert.match(directory, new RegExp(`-shard${position + 1}of3$`));
      const results = resultsWithoutTimings(directory);
      for (const result of results) {
        assert.equal((result.ordinal as number) % 3, position);
        assert.ok(!seen.has(result.id as string), `${String(result.id)} in two shards`);
        seen.add(result.id as string);
      }
      const record = readJson(join(directory, "run.json"));
      assert.deepEqual((record.settings as Record<string, unknown>).shard, { index: position + 1, count: 3 });
      assert.equal(record.planned, results.length);
    });
    assert.equal(seen.size, total);
  });

  it("merge gives the whole run's results and summary, and records its shards", async () => {
    const out = join(scratch, "merged");
    const merge = await runCliFromSource(["merge", ...[...shards].reverse(), "--out", out, "--json"]);
    assert.equal(merge.code, 0, merge.stderr);
    assert.deepEqual(resultsWithoutTimings(out), resultsWithoutTimings(whole));
    assert.deepEqual(comparableSummary(out), comparableSummary(whole));
    const printed = JSON.parse(merge.stdout) as { overall: unknown; complete: boolean };
    assert.equal(printed.complete, true);
    const record = readJson(join(out, "run.json"));
    assert.equal(record.status, "complete");
    assert.equal(record.planned, total);
    assert.equal((record.settings as Record<string, unknown>).shard, null);
    const from = record.mergedFrom as { shard: { index: number }; results: number }[];
    assert.deepEqual(
      from.map((entry) => entry.shard.index),
      [1, 2, 3],
    );
    assert.ok(from.every((entry) => isAbsolute((entry as unknown as { directory: string }).directory)));
    assert.match(readFileSync(join(out, "report.html"), "utf8"), /merged from/);
    assert.match(readFileSync(join(shards[0]!, "report.html"), "utf8"), /One shard of a run: shard 1 of 3/);
    assert.match(merge.stderr, /report: .*report\.html/);
  });

  it("refuses what is not one run: a missing shard, a shard twice, a whole run, other settings", async () => {
    const missing = await runCliFromSource(["merge", shards[0]!, shards[1]!, "--out", join(scratch, "m1")]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /edgecall: merge: shard 3\/3 is missing/);

    const twice = await runCliFromSource(["merge", shards[0]!, shards[0]!, "--out", join(scratch, "m2")]);
    assert.equal(twice.code, 2);
    assert.match(twice.stderr, /are both shard 1\/3/);

    const notShard = await runCliFromSource(["merge", whole, shards[0]!, "--out", join(scratch, "m3")]);
    assert.equal(notShard.code, 2);
    assert.match(notShard.stderr, /is not a shard \(it was not run with --shard i\/n\)/);

    const other = join(scratch, "other-limit");
    const otherRun = await runCliFromSource(evalArgs(replay, other, ["--shard", "3/3"], 10));
    assert.equal(otherRun.code, 0, otherRun.stderr);
    const mixed = await runCliFromSource([
      "merge",
      shards[0]!,
      shards[1]!,
      onlyRunDirectory(other),
      "--out",
      join(scratch, "m4"),
    ]);
    assert.equal(mixed.code, 2);
    assert.match(mixed.stderr, /ran with different settings \(limit: was 20, now 10\)/);

    const notEmpty = await runCliFromSource(["merge", ...shards, "--out", scratch]);
    assert.equal(notEmpty.code, 2);
    assert.match(notEmpty.stderr, /--out .* exists and is not empty/);
    const aFile = join(scratch, "a-file");
    writeFileSync(aFile, "x");
    const outFile = await runCliFromSource(["merge", ...shards, "--out", aFile]);
    assert.equal(outFile.code, 2);
    assert.match(outFile.stderr, /--out .*a-file is a file/);
  });

  it("an unfinished shard merges into an unfinished run that eval --resume completes", async () => {
    const partial = join(scratch, "partial");
    const copyOut = join(scratch, "machine-2-copy");
    const rerun = await runCliFromSource(evalArgs(replay, copyOut, ["--shard", "2/3"]));
    assert.equal(rerun.code, 0, rerun.stderr);
    const unfinished = onlyRunDirectory(copyOut);
    const database = new Database(join(unfinished, "results.sqlite"));
    database.prepare("DELETE FROM results WHERE ordinal IN (1, 4)").run();
    database.close();

    const merge = await runCliFromSource(["merge", shards[0]!, unfinished, shards[2]!, "--out", partial]);
    assert.equal(merge.code, 0, merge.stderr);
    assert.match(merge.stderr, /shard 2\/3 .* is unfinished: 5 of 7 results/);
    assert.match(merge.stderr, /edgecall eval --resume /);
    assert.equal(readJson(join(partial, "run.json")).status, "interrupted");
    assert.equal(resultsWithoutTimings(partial).length, total - 2);

    const resumed = await runCliFromSource(["eval", "--resume", partial, "--no-progress"]);
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.deepEqual(resultsWithoutTimings(partial), resultsWithoutTimings(whole));
  });

  it("--shard values that are not i/n with 1 <= i <= n are usage errors", async () => {
    for (const value of ["0/3", "4/3", "x", "1/0"]) {
      const run = await runCliFromSource(evalArgs(replay, join(scratch, "bad"), ["--shard", value]));
      assert.equal(run.code, 2, value);
      assert.match(run.stderr, /--shard.*expected i\/n with 1 <= i <= n/);
    }
    const tooMany = await runCliFromSource(evalArgs(replay, join(scratch, "bad"), ["--shard", "1/99999"]));
    assert.equal(tooMany.code, 2);
    assert.match(tooMany.stderr, /at most 10000 shards/);
    const empty = await runCliFromSource(evalArgs(replay, join(scratch, "empty"), ["--shard", "5/5"], 3));
    assert.equal(empty.code, 0, empty.stderr);
    assert.match(empty.stderr, /shard 5\/5 has no samples/);
  });
});
