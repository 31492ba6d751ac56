import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { GenerateResult, ModelBackend } from "../backend/model-backend.js";
import { createOpenAIServerApp } from "./openai-server.js";
import { maxRequestDepth, tooDeepAt } from "./request-depth.js";

/** A backend that counts its calls (the deep requests below must never reach it). */
function counting(): ModelBackend & { calls: number } {
  const result: GenerateResult = {
    rawText: "ok",
    parts: [{ type: "text", text: "ok" }],
    finishReason: "stop",
    usage: { inputTokens: 1, outputTokens: 1 },
    timing: { firstTokenMs: 1, totalMs: 1 },
  };
  const backend = {
    calls: 0,
    info: { backend: "replay", model: "fake" },
    async generate() {
      backend.calls++;
      return result;
    },
    async *stream() {
      backend.calls++;
      yield { type: "finish" as const, result };
    },
    async close() {},
  };
  return backend as unknown as ModelBackend & { calls: number };
}

const levels = 100_000;
const deepArray = "[".repeat(levels) + "]".repeat(levels);
const deepObject = `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
const user = '{"role":"user","content":"hi"}';

/** [route, body, the field the 400 must name]. */
const cases: [string, string, string][] = [
  [
    "/v1/chat/completions",
    `{"messages":[{"role":"user","content":[{"type":"text","text":"x","extra":${deepArray}}]}]}`,
    "messages[0].content[0].extra",
  ],
  [
    "/v1/chat/completions",
    JSON.stringify({
      messages: [
        { role: "user", content: "x" },
        {
          role: "assistant",
          content: "",
          tool_calls: [{ id: "c", type: "function", function: { name: "f", arguments: deepObject } }],
        },
        { role: "tool", tool_call_id: "c", content: "ok" },
      ],
    }),
    "messages[1].tool_calls[0].function.arguments",
  ],
  [
    "/v1/chat/completions",
    `{"messages":[${user}],"response_format":{"type":"json_schema","json_schema":{"name":"n","schema":${deepObject}}}}`,
    "response_format.json_schema.schema.a.a",
  ],
  [
    "/v1/chat/completions",
    `{"messages":[${user}],"tools":[{"type":"function","function":{"name":"f","parameters":{"type":"object","x":${deepArray}}}}]}`,
    "tools[0].function.parameters.x",
  ],
  ["/v1/responses", `{"input":"x","metadata":{"k":${deepArray}}}`, "metadata.k"],
  [
    "/v1/responses",
    `{"input":"x","text":{"format":{"type":"json_schema","name":"n","schema":${deepObject}}}}`,
    "text.format.schema.a.a",
  ],
  [
    "/v1/responses",
    `{"input":[{"type":"message","role":"user","content":"x","junk":${deepArray}}]}`,
    "input[0].junk",
  ],
  [
    "/v1/responses",
    JSON.stringify({
      input: [
        { type: "function_call", call_id: "c", name: "f", arguments: deepObject },
        { type: "function_call_output", call_id: "c", output: "ok" },
      ],
    }),
    "input[0].arguments",
  ],
];

describe("serve: deeply nested JSON is refused before the model runs", () => {
  it("answers 400 naming the field for 100,000 levels in every request field", async () => {
    const backend = counting();
    const app = createOpenAIServerApp({ backend, modelName: "fake" });
    for (const [route, body, field] of cases) {
      const response = await app.request(route, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      const answer = (await response.json()) as { error: { message: string; param: string | null } };
      assert.equal(response.status, 400, `${route} ${field}: ${answer.error.message}`);
      assert.equal(answer.error.param, field);
      assert.equal(
        answer.error.message,
        `${field}: JSON nested deeper than ${maxRequestDepth} levels (the limit on request nesting)`,
      );
    }
    assert.equal(backend.calls, 0, "the model was called");
  });

  it("accepts nesting up to the limit and names where it is passed", () => {
    const nested = (depth: number): unknown => (depth === 1 ? [] : [nested(depth - 1)]);
    assert.equal(tooDeepAt(nested(maxRequestDepth), maxRequestDepth), undefined);
    // Three levels above the nested lists: the deepest one is at maxRequestDepth + 3.
    const wrapped = { a: [1, { b: nested(maxRequestDepth) }] };
    assert.equal(tooDeepAt(wrapped, maxRequestDepth + 3), undefined);
    assert.deepEqual(tooDeepAt(wrapped, maxRequestDepth + 2), [
      "a",
      1,
      "b",
      ...Array.from({ length: maxRequestDepth - 1 }, () => 0),
    ]);
    assert.equal(tooDeepAt("text", 1), undefined);
  });
});
