import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import Database from "better-sqlite3";
import {
  bfclDir,
  finished,
  hasBfcl,
  noBfclMessage,
  onlyRunDirectory,
  resultsWithoutTimings,
  runCliFromSource,
  startCli,
  writeBfclReplay,
} from "./eval-cli.test-support.js";

const total = 60;

function evalArgs(replay: string, out: string, delayMs: number): string[] {
  return [
    "eval",
    "--model",
    `replay:${replay}?delayMs=${delayMs}`,
    "--suite",
    "bfcl:simple_python",
    "--bfcl-dir",
    bfclDir,
    "--limit",
    String(total),
    "--concurrency",
    "2",
    "--out",
    out,
    "--no-progress",
  ];
}

/** Committed results in a run's store (0 while it does not exist yet). */
function storedCount(out: string): number {
  let runDirectory: string;
  try {
    runDirectory = onlyRunDirectory(out);
  } catch {
    return 0;
  }
  try {
    const database = new Database(join(runDirectory, "results.sqlite"), {
      readonly: true,
      fileMustExist: true,
    });
    try {
      return (database.prepare("SELECT COUNT(*) AS n FROM results").get() as { n: number }).n;
    } finally {
      database.close();
    }
  } catch {
    return 0;
  }
}

async function waitForResults(out: string, atLeast: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (storedCount(out) < atLeast) {
    if (Date.now() > deadline) throw new Error(`no ${atLeast} results within a minute`);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

function sessions(runDirectory: string): { status: string; completed: number | null }[] {
  return (
    JSON.parse(readFileSync(join(runDirectory, "run.json"), "utf8")) as {
      sessions: { status: string; completed: number | null }[];
    }
  ).sessions;
}

describe("eval: interrupted and resumed runs", { skip: hasBfcl ? false : noBfclMessage }, () => {
  const scratch = mkdtempSync(join(tmpdir(), "edgecall-eval-resume-"));
  const replay = join(scratch, "replay.jsonl");
  const ids = writeBfclReplay(replay, "simple_python", total);
  let reference: Record<string, unknown>[] = [];

  it("an uninterrupted run gives the reference results", async () => {
    const out = join(scratch, "reference");
    const outcome = await runCliFromSource(evalArgs(replay, out, 0));
    assert.equal(outcome.code, 0, outcome.stderr);
    reference = resultsWithoutTimings(onlyRunDirectory(out));
    assert.deepEqual(
      reference.map((result) => result.id),
      ids,
    );
    assert.equal(reference.filter((result) => result.passed).length, total - total / 5);
  });

  it("after kill -9, --resume redoes only the missing samples and writes identical results", async () => {
    const out = join(scratch, "killed");
    const child = startCli(evalArgs(replay, out, 40));
    const done = finished(child);
    await waitForResults(out, 10);
    child.kill("SIGKILL");
    const killed = await done;
    assert.equal(killed.signal, "SIGKILL");
    const runDirectory = onlyRunDirectory(out);
    const survived = storedCount(out);
    assert.ok(survived >= 10 && survived < total, `killed mid-run with ${survived} results stored`);

    const resumed = await runCliFromSource([
      "eval",
      "--resume",
      runDirectory,
      "--no-progress",
      "--concurrency",
      "3",
    ]);
    assert.equal(resumed.code, 0, resumed.stderr);
    const [first, second] = sessions(runDirectory);
    assert.equal(first?.status, "running", "the killed session never finished");
    assert.equal(second?.status, "complete");
    assert.equal(second?.completed, total - survived, "the resumed session ran exactly the missing samples");
    assert.equal(storedCount(out), total);
    assert.deepEqual(resultsWithoutTimings(runDirectory), reference);
  });

  it("Ctrl-C exits 130 with partial results, and the run resumes to the same results", async () => {
    const out = join(scratch, "interrupted");
    const child = startCli(evalArgs(replay, out, 40));
    const done = finished(child);
    await waitForResults(out, 5);
    child.kill("SIGINT");
    const interrupted = await done;
    assert.equal(interrupted.code, 130, interrupted.stderr);
    assert.match(interrupted.stderr, /resume with: edgecall eval --resume /);
    const runDirectory = onlyRunDirectory(out);
    const partial = resultsWithoutTimings(runDirectory);
    assert.ok(
      partial.length >= 5 && partial.length < total,
      `${partial.length} results written at the interrupt`,
    );
    assert.equal(partial.length, storedCount(out), "results.jsonl holds every committed result");
    assert.equal(sessions(runDirectory)[0]?.status, "interrupted");

    const resumed = await runCliFromSource(["eval", "--resume", runDirectory, "--no-progress"]);
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.equal(sessions(runDirectory)[1]?.completed, total - partial.length);
    assert.deepEqual(resultsWithoutTimings(runDirectory), reference);
  });

  it("--resume refuses different settings, naming them", async () => {
    const out = join(scratch, "reference");
    const runDirectory = onlyRunDirectory(out);
    const refused = await runCliFromSource([
      "eval",
      "--resume",
      runDirectory,
      "--seed",
      "7",
      "--limit",
      "5",
      "--no-progress",
    ]);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /settings differ from the original run/);
    assert.match(refused.stderr, /limit: was 60, now 5/);
    assert.match(refused.stderr, /seed: was 0, now 7/);
    const otherModel = join(scratch, "other.jsonl");
    writeBfclReplay(otherModel, "simple_python", 3);
    const wrongModel = await runCliFromSource([
      "eval",
      "--resume",
      runDirectory,
      "--model",
      `replay:${otherModel}`,
      "--no-progress",
    ]);
    assert.equal(wrongModel.code, 2);
    assert.match(wrongModel.stderr, /the model differs/);
  });

  it("--resume refuses a store with results the plan does not contain, leaving run.json as it was", async () => {
    // A copy of the finished run whose record now plans 5 samples while its store holds 60.
    const copy = join(scratch, "stranger-copy");
    cpSync(onlyRunDirectory(join(scratch, "reference")), copy, { recursive: true });
    const recordPath = join(copy, "run.json");
    const record = JSON.parse(readFileSync(recordPath, "utf8"));
    record.settings.limit = 5;
    writeFileSync(recordPath, `${JSON.stringify(record, null, 2)}\n`);
    const before = readFileSync(recordPath, "utf8");
    const refused = await runCliFromSource(["eval", "--resume", copy, "--no-progress"]);
    assert.equal(refused.code, 2, refused.stderr);
    assert.match(
      refused.stderr,
      /its store holds a result for ".+" \(repeat 0\) that this plan does not contain/,
    );
    assert.equal(readFileSync(recordPath, "utf8"), before, "the refused resume did not record a session");
  });
});
