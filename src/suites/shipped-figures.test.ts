import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { defaultSuiteCatalog } from "./default-catalog.js";
import { shippedFigures } from "./shipped-figures.js";

describe("shipped figures", () => {
  it("have distinct summary keys, the sections in the report's page order", () => {
    const keys = shippedFigures.map((figure) => figure.key);
    assert.equal(new Set(keys).size, keys.length);
    const withSection = shippedFigures.filter((figure) => figure.htmlSection !== undefined);
    assert.deepEqual(
      withSection.map((figure) => figure.key),
      ["languages", "security", "instructionFollowing", "toolFaults", "knowledgeLookup", "research"],
    );
  });

  it("are the kinds the default catalog lists (for merge)", () => {
    const catalog = defaultSuiteCatalog();
    const keys = new Set(shippedFigures.map((figure) => figure.key));
    assert.deepEqual(new Set((catalog.figures ?? []).map((figure) => figure.key)), keys);
  });
});
