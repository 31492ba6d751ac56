import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isServerModel, parseServerBenchOptions } from "./server-bench-options.js";

describe("server bench options", () => {
  it("finds the server's root and API root for both specs, with in-process bench's defaults", () => {
    assert.equal(isServerModel(" openai:http://h:1/v1#m"), true);
    assert.equal(isServerModel("llama-server:http://h:8080"), true);
    assert.equal(isServerModel("demo"), false);
    assert.equal(isServerModel(undefined), false);
    assert.deepEqual(parseServerBenchOptions({ model: "openai:http://phone:8080/v1/#qwen" }), {
      spec: "openai:http://phone:8080/v1/#qwen",
      api: "openai",
      root: "http://phone:8080",
      apiRoot: "http://phone:8080/v1",
      model: "qwen",
      promptTokens: [128, 512, 2048],
      genTokens: 128,
      repeats: 3,
    });
    const raw = parseServerBenchOptions({
      model: "llama-server:http://10.0.0.2:8080/v1",
      promptTokens: "0,64",
      genTokens: "16",
      repeats: 1,
    });
    assert.deepEqual(
      [raw.api, raw.root, raw.apiRoot, raw.promptTokens, raw.genTokens, raw.repeats],
      ["llama-server", "http://10.0.0.2:8080", "http://10.0.0.2:8080/v1", [64], 16, 1],
    );
  });

  it("refuses what only an in-process model has, fleets, and nothing to measure, naming the flag", () => {
    const model = "openai:http://h:1/v1#m";
    assert.throws(
      () => parseServerBenchOptions({ model, threads: "2" }),
      /--threads: does not apply to a model served over HTTP/,
    );
    assert.throws(
      () => parseServerBenchOptions({ model, contextSize: 512 }),
      /--context-size: does not apply/,
    );
    assert.throws(() => parseServerBenchOptions({ model, shape: "tiny" }), /--shape: does not apply/);
    assert.throws(
      () => parseServerBenchOptions({ model: "openai:http://a:1/v1,http://b:1/v1#m" }),
      /--model: bench measures one server/,
    );
    assert.throws(
      () => parseServerBenchOptions({ model, promptTokens: "0", genTokens: 0 }),
      /--prompt-tokens: nothing to measure/,
    );
    assert.throws(
      () => parseServerBenchOptions({ model, genTokens: 1 }),
      /--gen-tokens: .* at least 2 tokens/,
    );
  });
});
