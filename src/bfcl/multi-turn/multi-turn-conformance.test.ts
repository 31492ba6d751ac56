import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { parseLosslessJson } from "../lossless-json.js";
import { type CompactResult, expandResult } from "./fixtures/conformance-case.test-support.js";
import { multiTurnCategories, multiTurnCategoryOfId } from "./multi-turn-categories.js";
import { type MultiTurnEntry, readMultiTurnEntries } from "./multi-turn-dataset.js";
import { judgeMultiTurnEntry } from "./multi-turn-verdict.js";

const bfclDir = process.env.EDGECALL_BFCL_DIR ?? "/work/shared/data/bfcl-v4";
const haveData = existsSync(join(bfclDir, "BFCL_v4_multi_turn_base.json"));
const fixture = fileURLToPath(new URL("./fixtures/conformance.jsonl", import.meta.url));

function entries(): Map<string, MultiTurnEntry> {
  const byId = new Map<string, MultiTurnEntry>();
  for (const category of multiTurnCategories)
    for (const entry of readMultiTurnEntries(bfclDir, category)) byId.set(entry.id, entry);
  return byId;
}

test("all 800 ground-truth trajectories pass", { skip: !haveData && "no BFCL data folder" }, () => {
  let passed = 0;
  const all = entries();
  for (const entry of all.values()) {
    const result = parseLosslessJson(
      JSON.stringify(entry.groundTruth.map((turn) => (turn.length === 0 ? [] : [turn]))),
    );
    const verdict = judgeMultiTurnEntry(entry, result);
    if (verdict.valid) passed += 1;
    else assert.fail(`${entry.id}: ${verdict.errorType} ${verdict.errors?.join("; ")}`);
  }
  assert.equal(all.size, 800);
  assert.equal(passed, 800);
});

test("every conformance case gets the official verdict and error type", {
  skip: !haveData && "no BFCL data folder",
}, () => {
  const all = entries();
  const lines = readFileSync(fixture, "utf8").split("\n").filter(Boolean);
  const mismatches: string[] = [];
  for (const line of lines) {
    const item = JSON.parse(line) as CompactResult & {
      id: string;
      mutation: string;
      expected: { valid: boolean; errorType: string | null };
    };
    const entry = all.get(item.id);
    assert.ok(entry && multiTurnCategoryOfId(item.id), item.id);
    const result = parseLosslessJson(JSON.stringify(expandResult(item, entry.groundTruth)));
    const verdict = judgeMultiTurnEntry(entry, result);
    if (verdict.valid !== item.expected.valid || verdict.errorType !== item.expected.errorType)
      mismatches.push(
        `${item.id} ${item.mutation}: official ${item.expected.errorType ?? "valid"}, edgecall ${verdict.errorType ?? "valid"}`,
      );
  }
  assert.ok(lines.length >= 3000, `${lines.length} cases`);
  assert.deepEqual(mismatches, []);
});
