import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { z } from "zod";
import { isEdgecallError } from "../errors.js";
import { compileGbnf, testLlama } from "./gbnf-checker.test-support.js";
import { GbnfRuleSet } from "./gbnf-rules.js";
import { SchemaGrammar } from "./schema-grammar.js";
import { SchemaPosition } from "./schema-resolve.js";
import type { ValueDialect } from "./value-dialect.js";

function grammarFor(schema: unknown, dialect: ValueDialect = "json"): string {
  const rules = new GbnfRuleSet();
  const root = new SchemaGrammar(rules).value(schema, dialect, new SchemaPosition(schema, "args", "args"));
  return rules.toGrammar(root);
}

async function check(
  schema: unknown,
  dialect: ValueDialect,
  accepted: string[],
  rejected: string[],
): Promise<void> {
  const grammar = await compileGbnf(grammarFor(schema, dialect));
  for (const text of accepted)
    assert.equal(grammar.accepts(text), true, `${dialect} accepts ${JSON.stringify(text)}`);
  for (const text of rejected)
    assert.equal(grammar.accepts(text), false, `${dialect} rejects ${JSON.stringify(text)}`);
}

after(async () => {
  await (await testLlama()).dispose();
});

describe("SchemaGrammar", () => {
  it("enforces integer bounds exactly, including exclusive and negative bounds", async () => {
    await check(
      { type: "integer", minimum: -12, exclusiveMaximum: 7 },
      "json",
      ["-12", "-1", "0", "6"],
      ["-13", "7", "-0", "06", "1.5"],
    );
    await check({ type: "integer", exclusiveMinimum: 0 }, "json", ["1", "123456"], ["0", "-1"]);
    await check({ type: "integer", minimum: 2.5, maximum: 4.5 }, "json", ["3", "4"], ["2", "5"]);
  });

  it("bounds numbers on the integer part", async () => {
    await check(
      { type: "number", minimum: -1, maximum: 2 },
      "json",
      ["-1", "-0.5", "0", "1.99", "2"],
      ["2.5", "-1.5", "3"],
    );
    await check({ type: "number" }, "json", ["0", "-3.25", "1234"], ["01", "1.", ".5", "NaN"]);
  });

  it("writes objects with required keys first and optional keys optional", async () => {
    const schema = {
      type: "object",
      properties: { a: { type: "string", maxLength: 3 }, b: { type: "boolean" }, c: { type: "null" } },
      required: ["b"],
    };
    await check(
      schema,
      "json",
      ['{"b": true}', '{"b":false,"a":"xyz"}', '{"b": true, "a": "", "c": null}', '{"b": true, "c": null}'],
      ["{}", '{"a": "x", "b": true}', '{"b": true, "a": "long"}', '{"b": true, "d": 1}'],
    );
    await check(
      { type: "object", properties: { x: { type: "integer" }, y: { type: "integer" } } },
      "json",
      ["{}", '{"x": 1}', '{"y": 2}', '{"x": 1, "y": 2}'],
      ['{"y": 2, "x": 1}', '{"x": 1,}'],
    );
  });

  it("bounds arrays by minItems and maxItems", async () => {
    await check(
      { type: "array", items: { type: "integer", minimum: 0, maximum: 9 }, minItems: 1, maxItems: 3 },
      "json",
      ["[1]", "[1, 2, 3]", "[0,9]"],
      ["[]", "[1, 2, 3, 4]", "[10]"],
    );
    await check({ type: "array", maxItems: 0 }, "json", ["[]"], ["[1]"]);
  });

  it("handles enum of mixed types, const, anyOf, type arrays, $ref and the empty schema", async () => {
    await check({ enum: ["a", 1, null, true] }, "json", ['"a"', "1", "null", "true"], ['"b"', "2", "false"]);
    await check({ enum: ["a", 1, null, true] }, "python", ['"a"', "1", "None", "True"], ["null", "true"]);
    await check({ const: { k: [1] } }, "json", ['{"k":[1]}'], ['{"k": [2]}']);
    await check({ type: ["string", "null"], maxLength: 2 }, "json", ['"ab"', "null"], ['"abc"', "1"]);
    await check(
      { anyOf: [{ type: "integer", minimum: 5, maximum: 6 }, { type: "boolean" }] },
      "json",
      ["5", "false"],
      ["7", '"x"'],
    );
    const withDefs = {
      type: "object",
      properties: { p: { $ref: "#/$defs/point" } },
      required: ["p"],
      $defs: { point: { type: "array", items: { type: "number" }, maxItems: 2 } },
    };
    await check(withDefs, "json", ['{"p": [1.5, 2]}'], ['{"p": [1, 2, 3]}']);
    const legacy = {
      type: "object",
      properties: { q: { $ref: "#/definitions/q" } },
      required: ["q"],
      definitions: { q: { type: "integer", maximum: 0 } },
    };
    await check(legacy, "json", ['{"q": -4}'], ['{"q": 1}']);
    await check({}, "json", ['{"x": [1, "two", null, {"y": false}]}', "3", '"s"'], ["undefined", "True"]);
    await check(true, "python", ['{"x": [1, "two", None]}'], ["null"]);
  });

  it("spells Python literals and raw XML text", async () => {
    const schema = {
      type: "object",
      properties: { on: { type: "boolean" }, name: { type: "string" } },
      required: ["on", "name"],
    };
    await check(
      schema,
      "python",
      ['{"on": True, "name": "x\\"y"}'],
      ['{"on": true, "name": "x"}', "{'on': True, 'name': 'x'}"],
    );
    await check({ type: "string", maxLength: 5 }, "xml-text", ["hello", "a\nb", ""], ["<b>", "toolong"]);
    await check({ type: "integer", minimum: 1, maximum: 3 }, "xml-text", ["2"], ['"2"', "4"]);
    await check(
      { type: "object", properties: { k: { type: "string" } }, required: ["k"] },
      "xml-text",
      ['{"k": "v"}'],
      ["{k: v}"],
    );
  });

  it("writes bounds up to 256 exactly and leaves larger ones open, so llama.cpp accepts the grammar", async () => {
    // llama.cpp refused `maxLength: 2000` over a character class ("exceeds sane defaults").
    const long = "x".repeat(2100);
    await check({ type: "string", maxLength: 2000 }, "json", ['""', `"${long}"`], ["1"]);
    await check({ type: "string", maxLength: 2000 }, "xml-text", ["", long], ["<b>"]);
    await check(
      { type: "string", minLength: 3000 },
      "json",
      [`"${"y".repeat(256)}"`],
      [`"${"y".repeat(255)}"`],
    );
    await check(
      { type: "string", minLength: 2, maxLength: 256 },
      "json",
      [`"${"z".repeat(256)}"`, '"ab"'],
      [`"${"z".repeat(257)}"`, '"a"'],
    );
    await check(
      { type: "array", items: { type: "integer" }, maxItems: 5000 },
      "json",
      ["[]", "[1, 2, 3]"],
      ["[1,]"],
    );
  });

  it("approximates string formats without patterns", async () => {
    await check(
      { type: "string", format: "date" },
      "json",
      ['"2024-02-29"'],
      ['"2024-13-01"', '"yesterday"'],
    );
    await check(
      { type: "string", format: "date-time" },
      "json",
      ['"2024-02-29T23:59:59Z"', '"2024-02-29T08:00:00.5+02:00"'],
      ['"2024-02-29 23:59"'],
    );
    await check({ type: "string", format: "time" }, "json", ['"10:30:00Z"'], ['"25:00:00Z"']);
  });

  it("rejects recursive and unresolvable references and empty value sets with the schema path", () => {
    const recursive = {
      $ref: "#/$defs/n",
      $defs: { n: { type: "object", properties: { next: { $ref: "#/$defs/n" } } } },
    };
    assert.throws(
      () => grammarFor(recursive),
      (error: unknown) =>
        isEdgecallError(error, "unsupported") && /args\/properties\/next.*recursive/.test(error.message),
    );
    assert.throws(
      () => grammarFor({ $ref: "#/$defs/missing" }),
      (error: unknown) => isEdgecallError(error, "unsupported") && error.message.includes("does not resolve"),
    );
    assert.throws(
      () => grammarFor({ type: "integer", minimum: 5, maximum: 4 }),
      (error: unknown) => isEdgecallError(error, "unsupported"),
    );
    assert.throws(
      () => grammarFor({ enum: [] }),
      (error: unknown) => isEdgecallError(error, "unsupported"),
    );
  });

  it("writes 2020-12 tuples: prefixItems in order, then items (false: none)", async () => {
    const pair = { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], items: false };
    await check(pair, "json", ["[]", '["a"]', '["a", 1]'], ['[1, "a"]', '["a", 1, 2]', '["a", "b"]']);
    await check({ ...pair, minItems: 2, maxItems: 2 }, "json", ['["a", 1]'], ["[]", '["a"]', '["a", 1, 2]']);
    await check(
      { type: "array", prefixItems: [{ const: "x" }], items: { type: "boolean" }, minItems: 1, maxItems: 3 },
      "json",
      ['["x"]', '["x", true]', '["x", true, false]'],
      ["[]", "[true]", '["x", 1]', '["x", true, true, true]'],
    );
    await check({ type: "array", items: false }, "json", ["[]"], ["[1]"]);
    // draft-07's spelling of the same tuple: items as an array, additionalItems for the rest.
    await check(
      {
        type: "array",
        items: [{ type: "string" }, { type: "integer" }],
        additionalItems: false,
        minItems: 1,
      },
      "json",
      ['["a"]', '["a", 2]'],
      ["[]", '[2, "a"]', '["a", 2, 3]'],
    );
  });

  it("writes what zod 4 emits: $defs and $ref, const, nullable, tuples, additionalProperties: false", async () => {
    const place = z.object({ city: z.string().max(20), zip: z.string().regex(/^\d{5}$/) });
    const schema = z.toJSONSchema(
      z.object({
        kind: z.literal("trip"),
        from: place,
        to: place,
        note: z.string().nullable(),
        when: z.union([z.iso.date(), z.null()]),
        seats: z.tuple([z.number().int().min(1).max(9), z.enum(["aisle", "window"])]).optional(),
      }),
      { reused: "ref" },
    );
    assert.equal(schema.$schema, "https://json-schema.org/draft/2020-12/schema");
    assert.ok(JSON.stringify(schema).includes('"$ref":"#/$defs/'), "zod wrote a $ref");
    const from = '{"city": "Oslo", "zip": "01234"}';
    await check(
      schema,
      "json",
      [
        `{"kind": "trip", "from": ${from}, "to": ${from}, "note": null, "when": null}`,
        `{"kind": "trip", "from": ${from}, "to": ${from}, "note": "x", "when": "2024-02-29", "seats": [2, "aisle"]}`,
      ],
      [
        `{"kind": "ride", "from": ${from}, "to": ${from}, "note": null, "when": null}`,
        `{"kind": "trip", "from": ${from}, "to": ${from}, "note": null, "when": null, "extra": 1}`,
        `{"kind": "trip", "from": ${from}, "to": ${from}, "note": null, "when": null, "seats": [0, "aisle"]}`,
        `{"kind": "trip", "from": {"city": "Oslo"}, "to": ${from}, "note": null, "when": null}`,
      ],
    );
  });

  it("writes 2019-09 schemas: $defs, $ref with siblings, unevaluatedProperties: false", async () => {
    const schema = {
      $schema: "https://json-schema.org/draft/2019-09/schema",
      type: "object",
      properties: { size: { $ref: "#/$defs/size", description: "how big" }, tags: { type: "object" } },
      required: ["size"],
      unevaluatedProperties: false,
      $defs: { size: { enum: ["s", "m", "l"] } },
    };
    await check(
      schema,
      "json",
      ['{"size": "m"}', '{"size": "s", "tags": {"a": 1}}'],
      ['{"size": "xl"}', "{}"],
    );
    await check(
      {
        $schema: "https://json-schema.org/draft/2019-09/schema",
        type: "object",
        unevaluatedProperties: false,
      },
      "json",
      ["{}"],
      ['{"a": 1}'],
    );
  });
});
