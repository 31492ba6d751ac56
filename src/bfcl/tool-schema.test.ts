import assert from "node:assert/strict";
import { test } from "node:test";
import { bfclToolDefinitions, fromFcName, toFcName } from "./tool-schema.js";

const pythonDoc = {
  name: "geo.distance",
  description: "Distance between points.",
  parameters: {
    type: "dict",
    properties: {
      start: { type: "tuple", items: { type: "float" }, description: "Start." },
      scale: { type: "float", description: "Scale." },
      options: {
        type: "dict",
        properties: {
          unit: { type: "string", description: "Unit." },
          digits: { type: "integer", description: "Digits." },
        },
        description: "Options.",
      },
      stops: {
        type: "array",
        items: { type: "dict", properties: { name: { type: "any", description: "Name." } } },
        description: "Stops.",
      },
      anything: { type: "any", description: "Anything." },
      untyped: { description: "No type." },
    },
    required: ["start"],
  },
};

test("Gorilla types become JSON Schema types as BFCL offers them to function-calling models", () => {
  const [tool] = bfclToolDefinitions([pythonDoc], { category: "simple_python" });
  assert.equal(tool?.name, "geo_distance");
  assert.equal(
    tool?.description,
    "Distance between points. Note that the provided function is in Python 3 syntax.",
  );
  assert.deepEqual(tool?.parameters, {
    type: "object",
    properties: {
      start: { type: "array", items: { type: "number" }, description: "Start." },
      scale: { type: "number", format: "float", description: "Scale. This is a float type value." },
      options: {
        type: "object",
        properties: {
          unit: { type: "string", description: "Unit." },
          digits: { type: "integer", description: "Digits." },
        },
        description: "Options.",
      },
      stops: {
        type: "array",
        items: { type: "object", properties: { name: { type: "string", description: "Name." } } },
        description: "Stops.",
      },
      anything: { type: "string", description: "Anything." },
      untyped: { type: "string", description: "No type." },
    },
    required: ["start"],
  });
  // The input is not changed.
  assert.equal(pythonDoc.parameters.properties.scale.type, "float");
});

test("Java and JavaScript parameters become strings holding literals, with BFCL's hints", () => {
  const javaDoc = {
    name: "Cache.put",
    description: "Puts.",
    parameters: {
      type: "dict",
      properties: {
        ids: { type: "ArrayList", items: { type: "long" }, description: "Ids." },
        owner: { type: "any", description: "Owner." },
      },
      required: ["ids"],
    },
  };
  const [java] = bfclToolDefinitions([javaDoc], { category: "simple_java" });
  assert.deepEqual(java?.parameters.properties, {
    ids: {
      type: "string",
      description:
        "Ids. This is Java ArrayList type parameter in string representation. The list elements are of type long; they are not in string representation.",
    },
    owner: {
      type: "string",
      description: "Owner. This parameter can be of any type of Java object in string representation.",
    },
  });
  assert.match(java?.description ?? "", /Java 8 SDK syntax\.$/);

  const jsDoc = {
    name: "track",
    description: "Tracks.",
    parameters: {
      type: "dict",
      properties: { opts: { type: "dict", properties: { a: { type: "integer" } }, description: "Opts." } },
      required: [],
    },
  };
  const [js] = bfclToolDefinitions([jsDoc], { category: "simple_javascript" });
  assert.deepEqual(js?.parameters.properties, {
    opts: {
      type: "string",
      description:
        'Opts. This is JavaScript dict type parameter in string representation. The dictionary entries have the following schema; they are not in string representation. {"a": {"type": "integer"}}',
    },
  });
});

test("options: no hints, original names", () => {
  const [tool] = bfclToolDefinitions([pythonDoc], {
    category: "multiple",
    languageHints: false,
    fcNames: false,
  });
  assert.equal(tool?.name, "geo.distance");
  assert.equal(tool?.description, "Distance between points.");
});

test("function-calling names map . to _ and back", () => {
  assert.equal(toFcName("a.b.c"), "a_b_c");
  assert.equal(fromFcName("a_b_c", ["x", "a.b.c"]), "a.b.c");
  assert.equal(fromFcName("plain_name", ["plain_name", "plain.name"]), "plain_name");
  assert.equal(fromFcName("nope", ["a.b"]), undefined);
});
