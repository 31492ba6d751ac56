import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
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
});
