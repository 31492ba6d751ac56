import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { pageScript } from "./page-script.js";

describe("the report's page script", () => {
  it("is valid JavaScript (its parts are pasted as raw strings, where a stray newline breaks the page)", () => {
    assert.doesNotThrow(() => new Function(pageScript));
    assert.match(pageScript, /function renderMultiTurn/);
  });
});
