import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { z } from "zod";
import { isEdgecallError } from "../errors.js";
import { readToolDefinitionsFile, toolDefinitionsFromJson } from "./tool-definitions-file.js";

const weather = {
  name: "get_weather",
  description: "Current weather for a city",
  parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
};

describe("tool definitions file", () => {
  it("accepts plain, OpenAI-style and wrapped documents", () => {
    assert.deepEqual(toolDefinitionsFromJson([weather], "t.json"), [weather]);
    assert.deepEqual(toolDefinitionsFromJson([{ type: "function", function: weather }], "t.json"), [weather]);
    assert.deepEqual(toolDefinitionsFromJson({ tools: [weather] }, "t.json"), [weather]);
    const [bare] = toolDefinitionsFromJson([{ name: "ping" }], "t.json");
    assert.deepEqual(bare?.parameters, { type: "object", properties: {} });
  });

  it("rejects bad documents naming the file and the tool", () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ name: "x" }, /expected an array/],
      [[{ description: "no name" }], /tool 0: name/],
      [[{ name: "bad name!" }], /letters, digits/],
      [[weather, weather], /duplicate tool name/],
      [
        [{ name: "f", parameters: { type: "objekt" } }],
        /tool 'f': tools\[0\]\.parameters: not a valid JSON Schema \(draft-07\): schema\/type/,
      ],
      [[{ name: "f", parameters: { type: "string" } }], /must describe an object/],
      [[{ name: "f", parameters: { type: "object", required: "city" } }], /not a valid JSON Schema/],
    ];
    for (const [document, pattern] of cases) {
      assert.throws(
        () => toolDefinitionsFromJson(document, "tools.json"),
        (error: unknown) =>
          isEdgecallError(error, "invalid-tools") &&
          error.message.includes("tools.json") &&
          pattern.test(error.message),
        JSON.stringify(document),
      );
    }
  });

  it("accepts zod 4's 2020-12 output and 2019-09 schemas", () => {
    const zod = z.toJSONSchema(
      z.object({ city: z.string(), pair: z.tuple([z.string(), z.number()]), note: z.string().nullable() }),
    );
    const later = {
      $schema: "https://json-schema.org/draft/2019-09/schema",
      type: "object",
      properties: { a: { $ref: "#/$defs/a" } },
      unevaluatedProperties: false,
      $defs: { a: { type: "string" } },
    };
    const tools = toolDefinitionsFromJson(
      [
        { type: "function", function: { name: "zod_tool", parameters: zod } },
        { name: "later", parameters: later },
      ],
      "t.json",
    );
    assert.deepEqual(
      tools.map((tool) => tool.parameters),
      [zod, later],
    );
  });

  it("refuses a schema of another draft or with a backtracking pattern, naming the field", () => {
    const cases: Array<[unknown, RegExp]> = [
      [
        [{ name: "old", parameters: { $schema: "http://json-schema.org/draft-04/schema#", type: "object" } }],
        /tool 'old': tools\[0\]\.parameters: JSON Schema draft-04 is not supported/,
      ],
      [
        {
          tools: [
            weather,
            {
              type: "function",
              function: {
                name: "rx",
                parameters: { type: "object", properties: { s: { type: "string", pattern: "(a)\\1" } } },
              },
            },
          ],
        },
        /tool 'rx': tools\[1\]\.function\.parameters: pattern "\(a\)\\\\1" is not supported: only patterns that run in linear time/,
      ],
      [
        [{ name: "ref", parameters: { type: "object", properties: { a: { $ref: "#/$defs/none" } } } }],
        /tool 'ref': tools\[0\]\.parameters: does not compile as JSON Schema draft-07: can't resolve reference/,
      ],
    ];
    for (const [document, pattern] of cases) {
      assert.throws(
        () => toolDefinitionsFromJson(document, "tools.json"),
        (error: unknown) =>
          isEdgecallError(error, "invalid-tools") &&
          error.message.startsWith("invalid tools file tools.json: ") &&
          pattern.test(error.message),
        JSON.stringify(document),
      );
    }
  });

  it("reports missing files and invalid JSON", () => {
    const directory = mkdtempSync(join(tmpdir(), "edgecall-tools-"));
    const broken = join(directory, "broken.json");
    writeFileSync(broken, "[{");
    assert.throws(() => readToolDefinitionsFile(broken), /invalid tools file .*broken\.json: not valid JSON/);
    assert.throws(
      () => readToolDefinitionsFile(join(directory, "missing.json")),
      (error: unknown) => isEdgecallError(error, "file-not-found"),
    );
  });
});
