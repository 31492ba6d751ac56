import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isEdgecallError } from "../../errors.js";
import { stubToolCallFormat } from "../replay-stub-format.test-support.js";
import {
  assembleParts,
  decodeCompletionBody,
  decodeToolCall,
  mapFinishReason,
  readUsage,
} from "./response.js";

describe("decodeToolCall", () => {
  it("gives a typed error for arguments nested 20,000 levels deep (string, object or doubly encoded)", () => {
    const text = `{"a": ${"[".repeat(20_000)}${"]".repeat(20_000)}}`;
    let object: unknown = 1;
    for (let level = 0; level < 20_000; level += 1) object = { a: object };
    for (const value of [text, object, JSON.stringify(text)]) {
      const part = decodeToolCall({ name: "f", arguments: value });
      assert.equal(part.type, "tool-call-error");
      assert.equal(part.type === "tool-call-error" && part.error.type, "invalid-arguments");
      assert.match(part.type === "tool-call-error" ? part.error.message : "", /nested deeper than 64 levels/);
      assert.doesNotThrow(() => JSON.stringify(part));
    }
  });

  it("parses string arguments and keeps the id", () => {
    assert.deepEqual(decodeToolCall({ id: "c1", name: "f", arguments: '{"a": [1, "x"]}' }), {
      type: "tool-call",
      toolCall: { id: "c1", name: "f", arguments: { a: [1, "x"] } },
    });
  });

  it("accepts an object as-is, empty or missing arguments as {}, and doubly encoded JSON", () => {
    const args = (value: unknown) => {
      const part = decodeToolCall({ name: "f", arguments: value });
      assert.equal(part.type, "tool-call");
      return part.type === "tool-call" ? part.toolCall.arguments : undefined;
    };
    assert.deepEqual(args({ a: 1 }), { a: 1 });
    assert.deepEqual(args(""), {});
    assert.deepEqual(args(undefined), {});
    assert.deepEqual(args(null), {});
    assert.deepEqual(args(JSON.stringify(JSON.stringify({ a: 1 }))), { a: 1 });
  });

  it("turns bad arguments into typed errors with the raw text", () => {
    const error = (value: unknown, name = "f") => {
      const part = decodeToolCall({ name, arguments: value });
      assert.equal(part.type, "tool-call-error");
      return part.type === "tool-call-error" ? [part.error.type, part.error.raw, part.error.message] : [];
    };
    const [type, raw, message] = error("{'a': 1}");
    assert.deepEqual([type, raw], ["invalid-json", "{'a': 1}"]);
    assert.match(String(message), /call to 'f' are not valid JSON/);
    assert.deepEqual(error("[1]").slice(0, 2), ["invalid-arguments", "[1]"]);
    assert.deepEqual(error('"just text"').slice(0, 2), ["invalid-arguments", '"just text"']);
    assert.deepEqual(error(7).slice(0, 2), ["invalid-arguments", "7"]);
    assert.deepEqual(error("{}", "").slice(0, 2), ["missing-name", "{}"]);
  });
});

describe("finish reasons and usage", () => {
  const call = { type: "tool-call" as const, toolCall: { name: "f", arguments: {} } };
  it("maps the server's reason, with tool-calls whenever a call was decoded", () => {
    assert.equal(mapFinishReason("stop", []), "stop");
    assert.equal(mapFinishReason(null, []), "stop");
    assert.equal(mapFinishReason("length", []), "length");
    assert.equal(mapFinishReason("content_filter", []), "error");
    assert.equal(mapFinishReason("tool_calls", []), "stop");
    assert.equal(mapFinishReason("stop", [call]), "tool-calls");
    assert.equal(mapFinishReason("length", [call]), "tool-calls");
  });

  it("reads usage only when both counts are numbers", () => {
    assert.deepEqual(readUsage({ prompt_tokens: 3, completion_tokens: 4 }), {
      inputTokens: 3,
      outputTokens: 4,
    });
    assert.equal(readUsage({ prompt_tokens: 3 }), undefined);
    assert.equal(readUsage(null), undefined);
  });

  it("reads the prompt tokens the server held (prompt_tokens_details.cached_tokens) when plausible", () => {
    const held = { prompt_tokens: 30, completion_tokens: 4, prompt_tokens_details: { cached_tokens: 29 } };
    assert.deepEqual(readUsage(held), { inputTokens: 30, outputTokens: 4, cachedInputTokens: 29 });
    for (const cached of [31, -1, "29", Number.NaN]) {
      const usage = readUsage({ ...held, prompt_tokens_details: { cached_tokens: cached } });
      assert.equal(usage?.cachedInputTokens, undefined, String(cached));
    }
  });
});

describe("decodeCompletionBody and assembleParts", () => {
  it("reads content given as an array of text parts, and the legacy function_call", () => {
    const body = {
      choices: [
        {
          message: {
            content: [
              { type: "text", text: "a" },
              { type: "text", text: "b" },
            ],
            function_call: { name: "f", arguments: "{}" },
          },
          finish_reason: "function_call",
        },
      ],
    };
    const decoded = decodeCompletionBody(JSON.stringify(body), "u");
    assert.equal(decoded.content, "ab");
    assert.deepEqual(decoded.toolCalls, [{ name: "f", arguments: "{}" }]);
  });

  it("throws backend-protocol for a body without choices, quoting a server error", () => {
    assert.throws(
      () => decodeCompletionBody('{"error": {"message": "model not found"}}', "http://x/v1/chat/completions"),
      (error: unknown) => isEdgecallError(error, "backend-protocol") && /model not found/.test(error.message),
    );
    assert.throws(() => decodeCompletionBody('{"choices": []}', "u"), /no choices/);
  });

  it("parses content with the format only when the server decoded no calls", () => {
    const markup = '<tool_call>{"name": "g", "arguments": {}}</tool_call>';
    const withCalls = assembleParts(
      { content: markup, reasoning: "", toolCalls: [{ name: "f", arguments: "{}" }] },
      stubToolCallFormat,
      undefined,
    );
    assert.deepEqual(
      withCalls.map((part) => part.type),
      ["text", "tool-call"],
    );
    const without = assembleParts(
      { content: markup, reasoning: "r", toolCalls: [] },
      stubToolCallFormat,
      undefined,
    );
    assert.deepEqual(without, [
      { type: "reasoning", text: "r" },
      { type: "tool-call", toolCall: { name: "g", arguments: {} } },
    ]);
  });

  it("keeps the text if a format breaks its promise and throws", () => {
    const throwing = {
      ...stubToolCallFormat,
      parse: () => {
        throw new Error("bug");
      },
    };
    const parts = assembleParts({ content: "hello", reasoning: "", toolCalls: [] }, throwing, undefined);
    assert.deepEqual(parts[0], { type: "text", text: "hello" });
    assert.equal(parts[1]?.type, "tool-call-error");
  });
});
