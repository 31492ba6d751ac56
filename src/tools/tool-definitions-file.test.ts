import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
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
      [[{ name: "f", parameters: { type: "objekt" } }], /tool 'f': parameters is not a valid JSON Schema/],
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
