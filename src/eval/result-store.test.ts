/**
 * The store hands back results in plan order; `allKnowing` gives the results a process already
 * holds in that order without reading the store, unless the store holds others.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it, mock } from "node:test";
import { ResultStore, storedForm } from "./result-store.js";
import type { SampleResult } from "./sample-result.js";

function result(id: string, ordinal: number, repeat: number): SampleResult {
  return {
    id,
    suite: "stub",
    category: "simple",
    repeat,
    ordinal,
    passed: true,
    score: 1,
    explanation: "",
    errorType: null,
    rawText: "",
    content: "",
    calls: [],
    finishReason: "stop",
    usage: null,
    timing: null,
    format: "json",
    parseFailure: false,
    stuck: false,
    cached: false,
    error: null,
    metadata: { note: undefined },
  };
}

describe("the result store", () => {
  const folder = mkdtempSync(join(tmpdir(), "edgecall-store-"));
  after(() => rmSync(folder, { recursive: true, force: true }));

  it("allKnowing: the known results in the order of all(), the store not read", () => {
    const store = ResultStore.open(join(folder, "known.sqlite"));
    const results = [result("b", 1, 0), result("a", 0, 1), result("c", 2, 0), result("a", 0, 0)];
    for (const item of results) store.insert(item);
    const expected = store.all();
    const all = mock.method(store, "all");
    const known = store.allKnowing(results.map(storedForm));
    assert.equal(all.mock.callCount(), 0);
    assert.deepEqual(known, expected);
    assert.deepEqual(
      known.map((item) => [item.id, item.repeat]),
      [
        ["a", 0],
        ["a", 1],
        ["b", 0],
        ["c", 0],
      ],
    );
    store.close();
  });

  it("allKnowing: reads the store back when it holds results the caller does not know", () => {
    const store = ResultStore.open(join(folder, "other.sqlite"));
    const mine = [result("a", 0, 0)];
    store.insert(result("a", 0, 0));
    store.insert(result("b", 1, 0)); // another process's
    assert.deepEqual(
      store.allKnowing(mine).map((item) => item.id),
      ["a", "b"],
    );
    store.close();
  });

  it("storedForm: the result as read back (fields holding undefined left out)", () => {
    const store = ResultStore.open(join(folder, "form.sqlite"));
    const item = result("a", 0, 0);
    store.insert(item);
    assert.deepEqual(store.all(), [storedForm(item)]);
    assert.ok("note" in item.metadata && !("note" in storedForm(item).metadata));
    store.close();
  });
});
