import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { getLlama, type Llama, LlamaLogLevel } from "node-llama-cpp";
import { isEdgecallError } from "../../errors.js";
import { tinyModelPath } from "../../gguf/synth/tiny-model.test-support.js";
import type { GenerateRequest, ModelBackend } from "../model-backend.js";
import { createLlamaCppBackend } from "./backend.js";

// Random weights: only the grammar makes the reply JSON, so these tests fail without it.
const schema = {
  type: "object",
  properties: {
    unit: { type: "string", enum: ["celsius", "fahrenheit"] },
    days: { type: "integer", minimum: 1, maximum: 9 },
    sunny: { type: "boolean" },
  },
  required: ["unit", "days", "sunny"],
  additionalProperties: false,
};
const messages: GenerateRequest["messages"] = [{ role: "user", content: "Forecast as JSON." }];

let llama: Llama;
let backend: ModelBackend;

before(async () => {
  llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
  backend = await createLlamaCppBackend({ modelPath: await tinyModelPath("qwen3"), llama, threads: 1 });
});
after(async () => {
  await backend.close();
  await llama.dispose();
});

describe("llama-cpp backend: response formats and stop sequences", () => {
  it("a json_schema reply follows the schema (grammar from the first token), as text, not calls", async () => {
    for (const seed of [1, 2, 3]) {
      const result = await backend.generate({
        messages,
        maxTokens: 64,
        sampling: { temperature: 1, seed },
        responseFormat: { type: "json_schema", name: "forecast", schema, strict: true },
      });
      const value = JSON.parse(result.rawText) as Record<string, unknown>;
      assert.deepEqual(Object.keys(value), ["unit", "days", "sunny"]);
      assert.ok(["celsius", "fahrenheit"].includes(value.unit as string));
      assert.ok(Number.isInteger(value.days) && (value.days as number) >= 1 && (value.days as number) <= 9);
      assert.equal(typeof value.sunny, "boolean");
      assert.deepEqual(result.parts, [{ type: "text", text: result.rawText }]);
      assert.equal(result.details?.responseFormat, "json_schema");
      assert.ok(result.renderedPrompt?.includes("<think>\n\n</think>"), "thinking is switched off");
    }
  });

  it("a json_object reply is a JSON object", async () => {
    const result = await backend.generate({
      messages,
      maxTokens: 48,
      sampling: { temperature: 0, seed: 4 },
      responseFormat: { type: "json_object" },
    });
    // Random weights may run out of tokens inside the object; what was written still opens one.
    assert.ok(result.rawText.startsWith("{"), result.rawText);
    if (result.finishReason !== "length") assert.equal(typeof JSON.parse(result.rawText), "object");
  });

  it("a schema the converter cannot express is refused naming response_format", async () => {
    await assert.rejects(
      backend.generate({
        messages,
        maxTokens: 8,
        responseFormat: {
          type: "json_schema",
          name: "tree",
          schema: {
            $defs: { node: { type: "object", properties: { child: { $ref: "#/$defs/node" } } } },
            $ref: "#/$defs/node",
          },
        },
      }),
      (error) =>
        isEdgecallError(error, "unsupported") && error.subject?.startsWith("response_format") === true,
    );
  });

  it("stop sequences end decoding before the sequence, also when streamed", async () => {
    const request: GenerateRequest = { messages, maxTokens: 24, sampling: { temperature: 0, seed: 5 } };
    const free = await backend.generate(request);
    assert.ok(free.rawText.length > 6, free.rawText);
    const stop = free.rawText.slice(4, 6);
    const expected = free.rawText.slice(0, free.rawText.indexOf(stop));
    const stopped = await backend.generate({ ...request, stop: [stop, "never-written-zz"] });
    assert.equal(stopped.rawText, expected);
    assert.ok(stopped.usage.outputTokens < free.usage.outputTokens);
    assert.equal(stopped.finishReason === "length", false);
    let streamed = "";
    for await (const event of backend.stream!({ ...request, stop: [stop] })) {
      if (event.type === "text-delta") streamed += event.text;
      else assert.equal(event.result.rawText, expected);
    }
    assert.equal(streamed, expected, "no part of the stop sequence is streamed");
  });
});
