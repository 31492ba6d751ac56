import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { z } from "zod";
import type { Tool } from "../tools/tool.js";
import { SchemaGuard } from "./schema-guard.js";

function toolWith(name: string, parameters: Record<string, unknown>): Tool {
  return {
    definition: { name, parameters },
    sideEffect: "read",
    thirdPartyDefinition: true,
    async execute() {
      return "ok";
    },
  };
}

describe("SchemaGuard", () => {
  it("checks arguments against zod 4's 2020-12 output ($defs, tuples, nullables)", () => {
    const place = z.object({ name: z.string(), zip: z.string().regex(/^\d{5}$/) });
    const tool = toolWith(
      "route",
      z.toJSONSchema(
        z.object({ from: place, to: place, via: z.tuple([z.string(), z.number()]).nullable() }),
        {
          reused: "ref",
        },
      ) as Record<string, unknown>,
    );
    const guard = new SchemaGuard();
    const from = { name: "A", zip: "01234" };
    assert.equal(guard.check(tool, { from, to: from, via: null }), undefined);
    assert.equal(guard.check(tool, { from, to: from, via: ["x", 1] }), undefined);
    assert.match(
      guard.check(tool, { from, to: { name: "B", zip: "1" }, via: null }) ?? "",
      /arguments\/to\/zip/,
    );
    assert.match(
      guard.check(tool, { from, to: from, via: ["x", "y"] }) ?? "",
      /arguments\/via\/1 must be number/,
    );
  });

  it("checks arguments against a 2019-09 schema", () => {
    const tool = toolWith("later", {
      $schema: "https://json-schema.org/draft/2019-09/schema",
      type: "object",
      properties: { a: { type: "string" } },
      unevaluatedProperties: false,
    });
    const guard = new SchemaGuard();
    assert.equal(guard.check(tool, { a: "x" }), undefined);
    assert.match(guard.check(tool, { a: "x", b: 1 }) ?? "", /unevaluated properties/);
  });

  it("names a schema that cannot compile (a backreference) instead of running it", () => {
    const tool = toolWith("rx", {
      type: "object",
      properties: { s: { type: "string", pattern: "^(a)\\1$" } },
    });
    assert.match(
      new SchemaGuard().check(tool, { s: "aa" }) ?? "",
      /the schema of rx does not compile: pattern "\^\(a\)\\\\1\$" is not supported/,
    );
  });
});
