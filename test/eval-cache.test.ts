import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import type { GenerateRequest, GenerateResult } from "../src/backend/model-backend.js";
import {
  type CacheKeyFields,
  cacheKeyFields,
  ResponseCache,
  runtimeKeyOf,
  toolsHash,
} from "../src/eval/response-cache.js";

const request: GenerateRequest = {
  messages: [
    { role: "system", content: "You are helpful." },
    { role: "user", content: "What is the weather in Lisbon?" },
  ],
  tools: [
    {
      name: "get_weather",
      description: "Weather for a city",
      parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    },
  ],
  toolChoice: "auto",
  sampling: { temperature: 0, topP: 0.9, topK: 40, seed: 3 },
  maxTokens: 256,
  decoding: "free",
  sampleId: "sample-1",
};

const model = {
  identity: "gguf:sha256:aaaa",
  format: "qwen3",
  edgecallVersion: "0.1.0",
  backendVersion: "node-llama-cpp 3.21.1",
};

const result: GenerateResult = {
  rawText: '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Lisbon"}}\n</tool_call>',
  parts: [{ type: "tool-call", toolCall: { name: "get_weather", arguments: { city: "Lisbon" } } }],
  finishReason: "tool-calls",
  usage: { inputTokens: 120, outputTokens: 21 },
  timing: { firstTokenMs: 80, totalMs: 400 },
};

/** One change to each key field; every one must miss. */
const changes: Record<keyof CacheKeyFields, (fields: CacheKeyFields) => CacheKeyFields> = {
  model: (fields) => ({ ...fields, model: "gguf:sha256:bbbb" }),
  format: (fields) => ({ ...fields, format: "json" }),
  decoding: (fields) => ({ ...fields, decoding: "constrained" }),
  sampling: (fields) => ({ ...fields, sampling: { ...fields.sampling, temperature: 0.7 } }),
  seed: (fields) => ({ ...fields, seed: 4 }),
  maxTokens: (fields) => ({ ...fields, maxTokens: 512 }),
  toolChoice: (fields) => ({ ...fields, toolChoice: "required" }),
  toolsHash: (fields) => ({
    ...fields,
    toolsHash: toolsHash([{ ...request.tools![0]!, description: "Weather for a town" }]),
  }),
  messages: (fields) => ({
    ...fields,
    messages: [...fields.messages.slice(0, 1), { role: "user", content: "What is the weather in Porto?" }],
  }),
  edgecallVersion: (fields) => ({ ...fields, edgecallVersion: "0.2.0" }),
  backendVersion: (fields) => ({ ...fields, backendVersion: "node-llama-cpp 3.22.0" }),
  templateVariables: (fields) => ({ ...fields, templateVariables: { enableThinking: false } }),
  runtime: (fields) => ({ ...fields, runtime: { device: "cpu", flashAttention: "on", threads: 2 } }),
};

describe("response cache", () => {
  const path = join(mkdtempSync(join(tmpdir(), "edgecall-cache-")), "nested", "responses.sqlite");

  it("misses, then hits with the same result after a put (and survives reopening)", () => {
    const fields = cacheKeyFields(request, model);
    const cache = ResponseCache.open(path);
    assert.equal(cache.get(fields), undefined);
    cache.put(fields, result);
    assert.deepEqual(cache.get(fields), result);
    assert.equal(cache.hits, 1);
    assert.equal(cache.misses, 1);
    cache.close();
    const reopened = ResponseCache.open(path);
    assert.deepEqual(reopened.get(cacheKeyFields(structuredClone(request), { ...model })), result);
    reopened.close();
  });

  for (const [field, change] of Object.entries(changes)) {
    it(`misses when ${field} changes`, () => {
      const cache = ResponseCache.open(path);
      const fields = change(cacheKeyFields(request, model));
      assert.notDeepEqual(fields, cacheKeyFields(request, model), "the change changes the fields");
      assert.equal(cache.get(fields), undefined);
      cache.close();
    });
  }

  it("ignores what cannot change the output: the sample id and key order", () => {
    const cache = ResponseCache.open(path);
    const reordered: GenerateRequest = {
      sampleId: "another-sample",
      decoding: "free",
      maxTokens: 256,
      sampling: { seed: 3, topK: 40, topP: 0.9, temperature: 0 },
      toolChoice: "auto",
      tools: request.tools,
      messages: request.messages,
    };
    assert.deepEqual(cache.get(cacheKeyFields(reordered, model)), result);
    cache.close();
  });

  it("keys in-process runs by device, flash attention and threads, and nothing else of the backend", () => {
    const inProcess = {
      backend: "llama-cpp",
      model: "/models/a.gguf",
      device: "cpu",
      threads: 2,
      flashAttention: "off" as const,
      sequences: 4,
      prefixReuse: true,
      promptLookup: true,
      loadMs: 812,
    };
    assert.deepEqual(runtimeKeyOf(inProcess), { device: "cpu", flashAttention: "off", threads: 2 });
    assert.equal(runtimeKeyOf({ backend: "replay", model: "script.jsonl", scriptedOutputs: 3 }), undefined);
    // Special tokens in message contents parsed or plain change the prompt's tokens.
    assert.deepEqual(runtimeKeyOf({ ...inProcess, parseSpecialInMessages: false })?.contents, "plain");
    assert.deepEqual(runtimeKeyOf({ ...inProcess, parseSpecialInMessages: true })?.contents, "special");
    // How the prompt is rendered when not by the file's own template changes the prompt itself.
    assert.equal(runtimeKeyOf(inProcess)?.prompt, undefined);
    assert.equal(runtimeKeyOf({ ...inProcess, templateIgnoresTools: true })?.prompt, "format-for-tools");
    assert.equal(runtimeKeyOf({ ...inProcess, chatTemplateFallback: "gemma-turns" })?.prompt, "gemma-turns");
    assert.equal(runtimeKeyOf({ ...inProcess, rawCompletion: true })?.prompt, "raw");
    const off = cacheKeyFields(request, { ...model, runtime: runtimeKeyOf(inProcess) });
    const on = cacheKeyFields(request, {
      ...model,
      runtime: runtimeKeyOf({ ...inProcess, flashAttention: "on" }),
    });
    const moreSequences = cacheKeyFields(request, {
      ...model,
      runtime: runtimeKeyOf({ ...inProcess, sequences: 1, loadMs: 90 }),
    });
    const cache = ResponseCache.open(path);
    cache.put(off, result);
    assert.equal(cache.get(on), undefined, "flash attention on does not see the result computed with it off");
    assert.deepEqual(
      cache.get(moreSequences),
      result,
      "the number of sequences and the load time do not count",
    );
    cache.close();
  });

  it("does not keep results that ended in an error", () => {
    const cache = ResponseCache.open(path);
    const fields = cacheKeyFields({ ...request, sampleId: "x", maxTokens: 7 }, model);
    cache.put(fields, { ...result, finishReason: "error" });
    assert.equal(cache.get(fields), undefined);
    cache.close();
  });
});
