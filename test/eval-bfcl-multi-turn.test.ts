import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import type { MultiTurnTarget } from "../src/bfcl/multi-turn/multi-turn-target.js";
import type { Sample } from "../src/eval/suite.js";
import { createBfclMultiTurnSuite } from "../src/suites/bfcl-multi-turn-suite.js";
import { bfclDir, hasBfcl, noBfclMessage, resultLines, runCliFromSource } from "./eval-cli.test-support.js";

const count = 4;

/** Replay lines answering the first samples with their reference solution; the last sample skips turn 1's calls. */
function writeReplay(path: string): string[] {
  const suite = createBfclMultiTurnSuite("multi_turn_base", { bfclDir });
  const samples = (suite.samples() as Sample<MultiTurnTarget>[]).slice(0, count);
  const lines: string[] = [];
  samples.forEach((sample, index) => {
    const outputs = suite.referenceOf?.(sample) ?? [];
    let callTurns = 0;
    for (const output of outputs) {
      if ("text" in output) {
        lines.push(JSON.stringify({ id: sample.id, output: output.text }));
        continue;
      }
      callTurns += 1;
      if (index === count - 1 && callTurns === 2) continue;
      const calls = output.calls.map(
        (call) => `{"name": ${JSON.stringify(call.name)}, "arguments": ${call.argumentsText}}`,
      );
      lines.push(JSON.stringify({ id: sample.id, output: `[${calls.join(", ")}]` }));
    }
  });
  writeFileSync(path, `${lines.join("\n")}\n`);
  return samples.map((sample) => sample.id);
}

describe("eval bfcl:multi_turn_base on a replay model", { skip: hasBfcl ? false : noBfclMessage }, () => {
  const scratch = mkdtempSync(join(tmpdir(), "edgecall-multi-turn-"));
  const replay = join(scratch, "replay.jsonl");
  const ids = writeReplay(replay);
  const out = join(scratch, "runs");

  it("runs BFCL's loop, scores with the multi-turn checker, records turns, resumes to the same results", async () => {
    const args = [
      "eval",
      "--model",
      `replay:${replay}`,
      "--suite",
      "bfcl:multi_turn_base",
      "--bfcl-dir",
      bfclDir,
    ];
    const first = await runCliFromSource([
      ...args,
      "--limit",
      String(count),
      "--concurrency",
      "2",
      "--out",
      out,
      "--no-progress",
    ]);
    assert.equal(first.code, 0, first.stderr);
    const runDirectory = join(out, readdirSync(out)[0] as string);
    const written = resultLines(runDirectory);
    assert.deepEqual(written.map((row) => row.id).sort(), [...ids].sort());
    const byId = new Map(written.map((row) => [row.id as string, row]));
    for (const id of ids.slice(0, count - 1)) assert.equal(byId.get(id)?.passed, true, id);
    const failed = byId.get(ids[count - 1] as string);
    assert.ok(failed);
    assert.equal(failed.passed, false);
    assert.equal(failed.errorType, "multi_turn:empty_turn_model_response");
    assert.equal((failed.scoreDetails as { firstFailingTurn: number }).firstFailingTurn, 1);
    const passing = byId.get(ids[0] as string);
    assert.ok(passing);
    const turns = (passing.scoreDetails as { turns: Array<{ calls: string[][]; results: string[][] }> })
      .turns;
    assert.deepEqual(turns[0]?.calls[0], [
      "cd(folder='document')",
      "mkdir(dir_name='temp')",
      "mv(source='final_report.pdf',destination='temp')",
    ]);
    assert.equal(turns[0]?.results[0]?.[0], '{"current_working_directory": "document"}');
    const events = (passing.trajectory as { events: Array<{ type: string }> }).events;
    assert.ok(events.some((event) => event.type === "tool"));

    const resumed = await runCliFromSource(["eval", "--resume", runDirectory, "--no-progress"]);
    assert.equal(resumed.code, 0, resumed.stderr);
    const again = resultLines(runDirectory);
    assert.deepEqual(
      again.map((row) => [row.id, row.passed, row.errorType]).sort(),
      written.map((row) => [row.id, row.passed, row.errorType]).sort(),
    );
  });

  it("prompt mode: pythonic replies, miss_func's held-back functions offered at their turn", async () => {
    const suite = createBfclMultiTurnSuite("multi_turn_miss_func", { bfclDir });
    const samples = (suite.samples() as Sample<MultiTurnTarget>[]).slice(0, 2);
    const literal = (value: unknown): string =>
      typeof value === "string"
        ? `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`
        : typeof value === "boolean"
          ? value
            ? "True"
            : "False"
          : Array.isArray(value)
            ? `[${value.map(literal).join(", ")}]`
            : JSON.stringify(value);
    const lines: string[] = [];
    for (const sample of samples)
      for (const output of suite.referenceOf?.(sample) ?? []) {
        const text =
          "text" in output
            ? output.text
            : `[${output.calls
                .map(
                  (call) =>
                    `${call.name}(${Object.entries(call.arguments)
                      .map(([key, value]) => `${key}=${literal(value)}`)
                      .join(", ")})`,
                )
                .join(", ")}]`;
        lines.push(JSON.stringify({ id: sample.id, output: text }));
      }
    const promptReplay = join(scratch, "prompt-replay.jsonl");
    writeFileSync(promptReplay, `${lines.join("\n")}\n`);
    const promptOut = join(scratch, "prompt-runs");
    const outcome = await runCliFromSource([
      "eval",
      "--model",
      `replay:${promptReplay}`,
      "--format",
      "pythonic",
      "--bfcl-mode",
      "prompt",
      "--suite",
      "bfcl:multi_turn_miss_func",
      "--bfcl-dir",
      bfclDir,
      "--limit",
      "2",
      "--out",
      promptOut,
      "--no-progress",
    ]);
    assert.equal(outcome.code, 0, outcome.stderr);
    const rows = resultLines(join(promptOut, readdirSync(promptOut)[0] as string));
    assert.deepEqual(
      rows.map((row) => row.passed),
      [true, true],
      JSON.stringify(rows.map((row) => row.explanation)),
    );
  });

  it("suite check: every reference (the ground truth) passes, the null model fails", async () => {
    const outcome = await runCliFromSource([
      "suite",
      "check",
      "bfcl:multi_turn_miss_func",
      "--bfcl-dir",
      bfclDir,
      "--json",
    ]);
    assert.equal(outcome.code, 0, outcome.stderr);
    assert.match(outcome.stdout, /multi_turn_miss_func/);
  });
});
