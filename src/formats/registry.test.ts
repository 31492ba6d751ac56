import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { builtInFormats, formatNames, getFormat, isFormatName } from "./registry.js";

describe("format registry", () => {
  it("lists every format once and returns each by name", () => {
    assert.deepEqual([...formatNames].sort(), [
      "functiongemma",
      "json",
      "lfm2",
      "llama3",
      "minicpm",
      "mistral",
      "pythonic",
      "qwen3",
      "qwen3.5",
    ]);
    for (const name of formatNames) {
      const format = getFormat(name);
      assert.equal(format.name, name);
      assert.ok(format.description.length > 10);
      assert.equal(typeof format.renderCalls, "function");
    }
    assert.equal(getFormat("qwen3").callPrefix, "<tool_call>");
    assert.equal(getFormat("qwen3.5").callPrefix, "<tool_call>");
    assert.equal(getFormat("lfm2").callPrefix, "<|tool_call_start|>");
    assert.equal(getFormat("minicpm").callPrefix, '<function name="');
    assert.equal(getFormat("mistral").callPrefix, "[TOOL_CALLS]");
    assert.equal(getFormat("pythonic").callPrefix, "");
    assert.equal(getFormat("json").callPrefix, "");
    assert.equal(getFormat("functiongemma").callPrefix, "<start_function_call>");
  });

  it("rejects unknown names with a usage error listing the valid ones", () => {
    assert.equal(isFormatName("toString"), false);
    assert.throws(
      () => getFormat("hermes"),
      (error: unknown) =>
        isEdgecallError(error, "usage") &&
        /unknown format "hermes"/.test(error.message) &&
        error.message.includes("qwen3.5, lfm2"),
    );
  });

  it("each built-in format is one object: its call grammar and its template detection with it", () => {
    for (const format of builtInFormats) assert.ok(format.callGrammar, `${format.name} has a call grammar`);
    const ranks = builtInFormats.flatMap((format) =>
      format.templateDetection === undefined ? [] : [format.templateDetection.rank],
    );
    assert.equal(new Set(ranks).size, ranks.length, "detection ranks are distinct");
    assert.deepEqual(
      builtInFormats.filter((format) => format.templateDetection === undefined).map((format) => format.name),
      ["pythonic", "json"],
    );
  });
});
