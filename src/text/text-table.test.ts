import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { alignRow, columnWidths, textTable } from "./text-table.js";

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
});
