/**
 * Checks against the real BFCL v4 data (skipped when ../shared/data/bfcl-v4 is absent):
 * the ground truth scored as results, and the conformance set whose expected verdicts were
 * produced by BFCL's official checker (gorilla commit 6ea57973) on the same cases. Java and
 * JavaScript raw-text cases were decoded for it with tree-sitter (tree-sitter-java 0.23.5,
 * tree-sitter-javascript 0.23), as BFCL's decoders do, then checked by the official checker.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { bfclCategories, bfclCategoryOfId } from "./categories.js";
import { BfclDataset } from "./dataset.js";
import { judgeBfclEntry } from "./entry-verdict.js";
import { groundTruthResults, sharedBfclDir } from "./ground-truth-results.test-support.js";
import { parseLosslessJson } from "./lossless-json.js";
import { dictGet } from "./py-value.js";
import { scoreBfclResults } from "./score.js";

import { unpassableEntries as unpassable } from "./unpassable-entries.js";

const bfclDir = sharedBfclDir();

const skip =
  bfclDir === undefined
    ? "BFCL data not found at ../shared/data/bfcl-v4 (relative to the repository)"
    : false;

describe("BFCL v4 data", { skip }, () => {
  const dataset = new BfclDataset(bfclDir ?? "");

  for (const form of ["calls", "text"] as const) {
    test(`the ground truth as results (${form}) passes in every category`, () => {
      const results = bfclCategories.flatMap((category) => groundTruthResults(dataset, category, form));
      assert.equal(results.length, 3641);
      const report = scoreBfclResults({ bfclDir: dataset.directory, results, dataset });
      const failures = Object.fromEntries(
        report.verdicts.filter((verdict) => !verdict.valid).map((verdict) => [verdict.id, verdict.errorType]),
      );
      assert.deepEqual(failures, unpassable);
      for (const category of report.categories) {
        const known = Object.keys(unpassable).filter(
          (id) => bfclCategoryOfId(id) === category.category,
        ).length;
        assert.equal(category.passed, category.n - known, category.category);
        assert.equal(category.n, category.total, category.category);
      }
    });
  }

  test("the conformance set gets the official checker's verdicts, error types and messages", () => {
    const lines = readFileSync(new URL("./fixtures/conformance.jsonl", import.meta.url), "utf8")
      .split("\n")
      .filter(Boolean);
    assert.ok(lines.length >= 600);
    const mismatches: string[] = [];
    let messagesCompared = 0;
    for (const line of lines) {
      const item = parseLosslessJson(line);
      if (item.kind !== "dict") throw new Error("bad fixture line");
      const id = (dictGet(item, "id") as { value: string }).value;
      const caseId = `${id}#${(dictGet(item, "mutation") as { value: string }).value}`;
      const fcNames = dictGet(item, "fcNames")?.kind === "bool";
      const expected = JSON.parse(line).expected as {
        valid: boolean;
        errorType: string | null;
        error?: string;
      };
      const category = bfclCategoryOfId(id);
      const entry = category && dataset.entry(category, id);
      if (!entry) throw new Error(`unknown id ${id}`);
      const verdict = judgeBfclEntry(entry, dictGet(item, "result") ?? { kind: "none" }, { fcNames });
      if (verdict.valid !== expected.valid || verdict.errorType !== expected.errorType) {
        mismatches.push(`${caseId}: expected ${expected.errorType}, got ${verdict.errorType}`);
        continue;
      }
      const comparable =
        expected.error !== undefined && !/^(ast_decoder|parallel)/.test(expected.errorType ?? "");
      if (comparable) {
        messagesCompared += 1;
        if (verdict.errors?.[0] !== expected.error)
          mismatches.push(`${caseId}: message ${verdict.errors?.[0]} != ${expected.error}`);
      }
    }
    assert.deepEqual(mismatches, []);
    assert.ok(messagesCompared > 200);
  });
});
