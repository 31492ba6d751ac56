import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { formatNames, getFormat, isFormatName } from "./registry.js";

describe("format registry", () => {
  it("lists every format once and returns each by name", () => {
    assert.deepEqual([...formatNames].sort(), [
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
});
