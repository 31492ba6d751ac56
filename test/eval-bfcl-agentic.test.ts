import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { bfclDir, hasBfcl, noBfclMessage, resultLines, runCliFromSource } from "./eval-cli.test-support.js";

describe("eval bfcl:memory_rec_sum on a replay model", { skip: hasBfcl ? false : noBfclMessage }, () => {
  it("writes memory in the prerequisite conversations, answers from it, scores, resumes alike", async () => {
    const scratch = mkdtempSync(join(tmpdir(), "edgecall-agentic-"));
    const replay = join(scratch, "replay.jsonl");
    const prerequisite = "memory_rec_sum_prereq_0-customer-0";
    const lines = [
      {
        id: prerequisite,
        output: '[{"name": "memory_append", "arguments": {"text": "Customer: Michael."}}]',
      },
      ...Array.from({ length: 20 }, () => ({ id: prerequisite, output: "Got it." })),
      // The scenario's other prerequisite conversations: each turn answered in text (lines without
      // an id); a failed one would make the questions harness errors (memory-prerequisite-failed).
      ...Array.from({ length: 200 }, () => ({ output: "Got it." })),
      { id: "memory_rec_sum_0-customer-0", output: '[{"name": "memory_retrieve", "arguments": {}}]' },
      { id: "memory_rec_sum_0-customer-0", output: "{'answer': 'Michael', 'context': 'memory'}" },
      {
        id: "memory_rec_sum_1-customer-1",
        output: "{'answer': 'I do not know', 'context': 'I do not know'}",
      },
    ];
    writeFileSync(replay, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
    const out = join(scratch, "runs");
    const first = await runCliFromSource([
      "eval",
      "--model",
      `replay:${replay}`,
      "--suite",
      "bfcl:memory_rec_sum",
      "--bfcl-dir",
      bfclDir,
      "--limit",
      "2",
      "--concurrency",
      "2",
      "--out",
      out,
      "--no-progress",
    ]);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /bfcl:memory: n\/a \(missing bfcl:memory_kv, bfcl:memory_vector\)/);
    const runDirectory = join(out, readdirSync(out)[0] as string);
    const rows = resultLines(runDirectory);
    const byId = new Map(rows.map((row) => [row.id as string, row]));
    const answered = byId.get("memory_rec_sum_0-customer-0");
    assert.ok(answered, JSON.stringify(rows.map((row) => row.id)));
    assert.deepEqual(answered.expected, ["Michael"]);
    assert.equal(answered.passed, true, String(answered.explanation));
    const details = answered.scoreDetails as {
      prerequisite: { toolCalls: number; memoryCharacters: number };
    };
    assert.equal(details.prerequisite.toolCalls, 1);
    assert.equal(details.prerequisite.memoryCharacters, "Customer: Michael.".length);
    assert.equal(byId.get("memory_rec_sum_1-customer-1")?.errorType, "agentic:answer_not_found");
    const summary = JSON.parse(readFileSync(join(runDirectory, "summary.json"), "utf8")) as {
      bfcl: Array<{ suite: string; accuracy: number | null }>;
    };
    assert.equal(summary.bfcl.find((aggregate) => aggregate.suite === "bfcl:memory")?.accuracy, null);

    const resumed = await runCliFromSource(["eval", "--resume", runDirectory, "--no-progress"]);
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.deepEqual(
      resultLines(runDirectory)
        .map((row) => [row.id, row.passed, row.errorType])
        .sort(),
      rows.map((row) => [row.id, row.passed, row.errorType]).sort(),
    );
  });
});
