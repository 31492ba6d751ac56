import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { z } from "zod";
import { compileLinearRegExp, UnsafePatternError } from "./linear-regexp.js";
import {
  type CompiledJsonSchema,
  cachedSchemaCount,
  compileJsonSchema,
  maxCachedSchemas,
  maxSchemaDepth,
} from "./schema-compiler.js";
import { detectSchemaDraft } from "./schema-draft.js";
import { runScriptWithDeadline } from "./script-deadline.test-support.js";

function compiled(schema: unknown): CompiledJsonSchema {
  const result = compileJsonSchema(schema);
  assert.ok(result.ok, result.ok ? "" : result.message);
  return result.compiled;
}

function refusal(schema: unknown): { kind: string; message: string } {
  const result = compileJsonSchema(schema);
  assert.ok(!result.ok, "expected the schema to be refused");
  return result;
}

/** zod 4's own JSON Schema output: 2020-12, `$defs`/`$ref`, a tuple, const, a nullable. */
const address = z.object({ street: z.string(), zip: z.string().regex(/^\d{5}$/) });
const zodSchema = z.toJSONSchema(
  z.object({
    city: z.string(),
    kind: z.literal("forecast"),
    note: z.string().nullable(),
    home: address,
    work: address.optional(),
    pair: z.tuple([z.string(), z.number()]),
  }),
  { reused: "ref" },
);

describe("detectSchemaDraft", () => {
  it("reads $schema (http or https, with or without #) and defaults to draft-07", () => {
    const draft = (schema: unknown) => {
      const result = detectSchemaDraft(schema);
      return result.ok ? result.draft : result.message;
    };
    assert.equal(draft({ type: "object" }), "draft-07");
    assert.equal(draft({ $schema: "http://json-schema.org/draft-07/schema#" }), "draft-07");
    assert.equal(draft({ $schema: "https://json-schema.org/draft/2020-12/schema" }), "2020-12");
    assert.equal(draft({ $schema: "https://json-schema.org/draft/2019-09/schema#" }), "2019-09");
    assert.equal(draft({ $schema: "http://json-schema.org/draft-06/schema#" }), "draft-06");
    assert.equal(draft({ items: { prefixItems: [{}], items: false } }), "2020-12", "implied by prefixItems");
    assert.equal(draft({ $recursiveRef: "#" }), "2019-09");
    assert.match(draft({ $schema: "http://json-schema.org/draft-04/schema#" }), /draft-04 is not supported/);
    assert.match(
      draft({ $schema: "https://example.com/mine" }),
      /"https:\/\/example.com\/mine" is not supported/,
    );
    assert.match(draft({ $schema: 7 }), /\$schema must be a string/);
  });
});

describe("compileJsonSchema", () => {
  it("compiles zod 4's 2020-12 output: $defs, const, nullable, prefixItems with items: false", () => {
    assert.equal(zodSchema.$schema, "https://json-schema.org/draft/2020-12/schema");
    const schema = compiled(zodSchema);
    assert.equal(schema.draft, "2020-12");
    const good = {
      city: "Oslo",
      kind: "forecast",
      note: null,
      home: { street: "A", zip: "01234" },
      pair: ["x", 1],
    };
    assert.equal(schema.problems(good), undefined);
    assert.match(schema.problems({ ...good, pair: ["x", 1, 2] }, "arguments") ?? "", /arguments\/pair/);
    assert.match(schema.problems({ ...good, home: { street: "A", zip: "1" } }) ?? "", /must match pattern/);
    assert.match(schema.problems({ ...good, kind: "other" }) ?? "", /must be equal to constant/);
    assert.match(schema.problems({ ...good, extra: 1 }) ?? "", /additional properties/);
  });

  it("compiles 2019-09 (unevaluatedProperties, $defs) and draft-06", () => {
    const schema = compiled({
      $schema: "https://json-schema.org/draft/2019-09/schema",
      type: "object",
      allOf: [{ properties: { a: { $ref: "#/$defs/short" } } }],
      unevaluatedProperties: false,
      $defs: { short: { type: "string", maxLength: 3 } },
    });
    assert.equal(schema.draft, "2019-09");
    assert.equal(schema.problems({ a: "abc" }), undefined);
    assert.match(schema.problems({ a: "abc", b: 1 }) ?? "", /unevaluated properties/);
    assert.match(schema.problems({ a: "abcd" }) ?? "", /must NOT have more than 3 characters/);
    assert.equal(
      compiled({ $schema: "http://json-schema.org/draft-06/schema#", type: "object" }).draft,
      "draft-06",
    );
  });

  it("refuses with a message saying what is wrong, never throwing", () => {
    assert.match(refusal({ $schema: "http://json-schema.org/draft-04/schema#" }).message, /draft-04/);
    assert.match(refusal({ type: "objekt" }).message, /not a valid JSON Schema \(draft-07\): schema\/type/);
    assert.match(refusal({ $ref: "#/$defs/missing" }).message, /can't resolve reference/);
    assert.match(refusal({ $ref: "https://example.com/remote.json" }).message, /does not compile/);
    assert.match(refusal("string").message, /must be an object or a boolean/);
    let deep: Record<string, unknown> = { type: "string" };
    for (let level = 0; level < 5000; level += 1) deep = { type: "array", items: deep };
    assert.equal(refusal(deep).kind, "too-large");
    assert.match(refusal(deep).message, new RegExp(`deeper than ${maxSchemaDepth} levels`));
  });

  it("refuses patterns RE2 cannot run (backreferences, lookaround) instead of backtracking", () => {
    for (const pattern of ["(a)\\1", "^(?=a)a", "(?<!x)y"]) {
      const result = refusal({ type: "object", properties: { s: { type: "string", pattern } } });
      assert.equal(result.kind, "pattern");
      assert.match(result.message, /only patterns that run in linear time/);
      assert.ok(result.message.includes(JSON.stringify(pattern)), result.message);
    }
    const keys = refusal({ type: "object", patternProperties: { "(x)\\1": { type: "string" } } });
    assert.equal(keys.kind, "pattern");
    assert.throws(() => compileLinearRegExp("(a)\\1"), UnsafePatternError);
  });

  it("runs patterns on RE2 with JavaScript's meaning: unanchored, \\u escapes, named groups, Unicode classes", () => {
    const matches = (pattern: string, text: string) =>
      compiled({ type: "string", pattern }).problems(text) === undefined;
    assert.equal(matches("\\d", "a1b"), true);
    assert.equal(matches("^\\d+$", "12a"), false);
    assert.equal(matches("^caf\\u00e9$", "café"), true);
    assert.equal(matches("^(?<year>\\d{4})$", "2024"), true);
    assert.equal(matches("^\\p{L}+$", "Zürich"), true);
    assert.equal(compiled({ type: "string", pattern: "^a$" }).patternEngine, "re2js");
  });

  it("gives the same answer from its cache, and keeps the cache bounded", () => {
    const first = compileJsonSchema({ type: "string", maxLength: 2 });
    const again = compileJsonSchema({ maxLength: 2, type: "string" });
    assert.ok(first.ok && again.ok);
    assert.equal(first.compiled, again.compiled, "one compile per distinct schema");
    for (let index = 0; index < maxCachedSchemas + 10; index += 1) compileJsonSchema({ const: index });
    assert.ok(cachedSchemaCount() <= maxCachedSchemas);
  });

  it("compiles two schemas that share an $id", () => {
    const one = compiled({ $id: "https://example.com/tool", type: "string" });
    const two = compiled({ $id: "https://example.com/tool", type: "number" });
    assert.equal(one.problems("x"), undefined);
    assert.equal(two.problems(1), undefined);
  });

  it("checks ^(a+)+$ against 30k 'a' + 'b' correctly and without hanging (liveness, not speed)", async () => {
    const script = `
      import { compileJsonSchema } from "./src/json-schema/schema-compiler.ts";
      const result = compileJsonSchema({ type: "object", properties: { s: { type: "string", pattern: "^(a+)+$" } } });
      const text = "a".repeat(30000);
      console.log(JSON.stringify({
        engine: result.compiled.patternEngine,
        bad: result.compiled.problems({ s: text + "b" }),
        good: result.compiled.problems({ s: text }) ?? "fits",
      }));`;
    const outcome = await runScriptWithDeadline(script);
    assert.equal(outcome.timedOut, false, "the check must finish (a backtracking engine never does)");
    const answer = JSON.parse(outcome.stdout) as { engine: string; bad: string; good: string };
    assert.equal(answer.engine, "re2js");
    assert.match(answer.bad, /data\/s must match pattern "\^\(a\+\)\+\$"/);
    assert.equal(answer.good, "fits");
  });
});
