/**
 * Plain-text tables: padding and alignment, rows aligned one by one, an unpadded free-text last
 * column, and the Markdown pipe table bench prints.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { alignRow, columnWidths, markdownTable, textTable } from "./text-table.js";

describe("textTable", () => {
  it("pads the first column on the right and the others on the left, two spaces apart", () => {
    assert.equal(
      textTable([
        ["name", "n"],
        ["a", "100"],
      ]),
      "name    n\na     100",
    );
  });

  it("takes another alignment and can drop trailing spaces", () => {
    const rows = [
      ["a", "bb", "c"],
      ["long", "x", ""],
    ];
    assert.equal(textTable(rows, { align: () => "left", trimEnd: true }), "a     bb  c\nlong  x");
  });

  it("aligns one row to widths measured elsewhere (for rows painted one by one)", () => {
    const widths = columnWidths([
      ["abc", "1"],
      ["d", "12345"],
    ]);
    assert.deepEqual(widths, [3, 5]);
    assert.equal(alignRow(["d", "1"], widths), "d        1");
  });

  it("leaves a cell with no width unpadded (a free-text last column)", () => {
    const left = { align: () => "left" as const };
    assert.equal(alignRow(["ls", ""], [9], left), "ls         ");
    assert.equal(alignRow(["ls", "r", "lists  "], [4, 3], { ...left, trimEnd: true }), "ls    r    lists");
  });
});

describe("markdownTable", () => {
  it("pads columns to at least 3, rules right-aligned ones with a colon", () => {
    assert.equal(
      markdownTable(["model", "t/s", "x"], ["left", "right", "left"], [["tiny", "12.50 ± 0.10", "ab"]]),
      [
        "| model |          t/s | x   |",
        "| ----- | -----------: | --- |",
        "| tiny  | 12.50 ± 0.10 | ab  |",
      ].join("\n"),
    );
  });
});
