import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import type { Tool } from "./tool.js";
import { ToolRegistry } from "./tool-registry.js";

const tool = (name: string): Tool => ({
  definition: { name, description: name, parameters: { type: "object" } },
  sideEffect: "read",
  execute: async () => name,
});

describe("ToolRegistry", () => {
  it("registers in order and looks tools up", () => {
    const registry = new ToolRegistry().register(tool("a_one")).register(tool("b_two"));
    assert.deepEqual(registry.names(), ["a_one", "b_two"]);
    assert.equal(registry.get("b_two")?.definition.name, "b_two");
    assert.equal(registry.get("c"), undefined);
    assert.deepEqual(
      registry.definitions().map((definition) => definition.name),
      ["a_one", "b_two"],
    );
  });
  it("refuses duplicates and illegal names", () => {
    const registry = new ToolRegistry().register(tool("a_one"));
    assert.throws(
      () => registry.register(tool("a_one")),
      (error) => isEdgecallError(error, "invalid-tools"),
    );
    assert.throws(() => registry.register(tool("has space")), /must be 1-64/);
  });
  it("filters by an allow-list and refuses unknown names in it", () => {
    const registry = new ToolRegistry()
      .register(tool("a_one"))
      .register(tool("b_two"))
      .register(tool("c_three"));
    assert.deepEqual(registry.filtered(["c_three", "a_one"]).names(), ["a_one", "c_three"]);
    assert.throws(() => registry.filtered(["a_one", "zzz"]), /unknown tool 'zzz'/);
  });
});
