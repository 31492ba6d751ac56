import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { convertParameterValue, findParameterSchema } from "./schema-values.js";

describe("convertParameterValue", () => {
  it("keeps strings raw, even when they look like numbers or JSON", () => {
    assert.equal(convertParameterValue("123", { type: "string" }), "123");
    assert.equal(convertParameterValue('{"a": 1}', { type: "string" }), '{"a": 1}');
    assert.equal(convertParameterValue("  padded\n", { type: "string" }), "  padded\n");
  });

  it("parses integers, numbers, booleans and null by the schema type", () => {
    assert.equal(convertParameterValue("42", { type: "integer" }), 42);
    assert.equal(convertParameterValue("-1.5e2", { type: "number" }), -150);
    assert.equal(convertParameterValue("True", { type: "boolean" }), true);
    assert.equal(convertParameterValue("false", { type: "boolean" }), false);
    assert.equal(convertParameterValue("null", { type: "null" }), null);
  });

  it("parses objects and arrays as JSON, or as Python literals", () => {
    assert.deepEqual(convertParameterValue('{"a": [1, 2]}', { type: "object" }), { a: [1, 2] });
    assert.deepEqual(convertParameterValue("{'a': True}", { type: "object" }), { a: true });
    assert.deepEqual(convertParameterValue('["x", "y"]', { type: "array", items: { type: "string" } }), [
      "x",
      "y",
    ]);
    assert.equal(convertParameterValue("[1, 2", { type: "array" }), "[1, 2");
  });

  it("handles unions: type arrays, anyOf / oneOf, enums and nullable strings", () => {
    assert.equal(convertParameterValue("7", { type: ["integer", "string"] }), 7);
    assert.equal(convertParameterValue("seven", { type: ["integer", "string"] }), "seven");
    assert.equal(convertParameterValue("null", { anyOf: [{ type: "string" }, { type: "null" }] }), null);
    assert.equal(convertParameterValue("Paris", { anyOf: [{ type: "string" }, { type: "null" }] }), "Paris");
    assert.equal(convertParameterValue("3", { oneOf: [{ type: "integer" }, { type: "boolean" }] }), 3);
    assert.equal(convertParameterValue("2", { enum: [1, 2, 3] }), 2);
    assert.equal(convertParameterValue("celsius", { enum: ["celsius", "fahrenheit"] }), "celsius");
  });

  it("tries JSON then falls back to the string when the schema is unknown or says nothing", () => {
    assert.equal(convertParameterValue("12", undefined), 12);
    assert.deepEqual(convertParameterValue("[1]", {}), [1]);
    assert.equal(convertParameterValue("hello world", {}), "hello world");
    assert.equal(convertParameterValue("abc", { type: "integer" }), "abc");
  });
});

describe("findParameterSchema", () => {
  it("finds a property's schema by tool and key", () => {
    const tools = [{ name: "f", parameters: { type: "object", properties: { a: { type: "integer" } } } }];
    assert.deepEqual(findParameterSchema(tools, "f", "a"), { type: "integer" });
    assert.equal(findParameterSchema(tools, "f", "b"), undefined);
    assert.equal(findParameterSchema(tools, "g", "a"), undefined);
    assert.equal(findParameterSchema(undefined, "f", "a"), undefined);
  });
});
