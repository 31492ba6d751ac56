/**
 * The report's category table shows harness errors beside accuracy, which is over scored attempts
 * (issue 33, item 7), over the scripted replay run (parallel: one harness error of 10).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { cellText } from "../html/html-table.js";
import { categoryTableView } from "./category-table.js";
import { readRunData } from "./run-data.js";
import { scriptedRunFixture } from "./run-report-fixture.test-support.js";

const { runDirectory } = scriptedRunFixture("edgecall-category-table-");

describe("category table", () => {
  it("has a harness-errors column per category and overall, accuracy over scored attempts", () => {
    const run = readRunData(runDirectory);
    const view = categoryTableView(run.eval!);
    const headers = view.columns.map((column) => column.header);
    assert.deepEqual(headers.slice(0, 6), [
      "suite / category",
      "n",
      "harness errors",
      "passed",
      "accuracy",
      "95% CI",
    ]);
    const parallel = view.rows.find((row) => /parallel/.test(cellText(row[0] ?? "")));
    assert.deepEqual(parallel?.slice(1, 5), ["10", "1", "7", "77.8%"]);
    assert.deepEqual(view.rows.at(-1)?.slice(0, 5), ["overall", "36", "1", "28", "80.0%"]);
  });
});
