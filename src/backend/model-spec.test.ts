import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { absoluteModelSpec, hubSpecLabel, parseModelSpec, specServers } from "./model-spec.js";

describe("parseModelSpec", () => {
  it("reads each kind of spec", () => {
    assert.deepEqual(parseModelSpec("demo"), { kind: "demo" });
    assert.deepEqual(parseModelSpec("models/q.gguf"), { kind: "gguf", path: "models/q.gguf" });
    assert.deepEqual(parseModelSpec("openai:http://127.0.0.1:8080/v1#qwen"), {
      kind: "openai",
      baseUrl: "http://127.0.0.1:8080/v1",
      model: "qwen",
    });
    assert.deepEqual(parseModelSpec("openai:https://host/v1/"), {
      kind: "openai",
      baseUrl: "https://host/v1",
      model: "default",
    });
    assert.deepEqual(parseModelSpec("replay:out.jsonl"), { kind: "replay", path: "out.jsonl", delayMs: 0 });
    assert.deepEqual(parseModelSpec("replay:out.jsonl?delayMs=25"), {
      kind: "replay",
      path: "out.jsonl",
      delayMs: 25,
    });
  });

  it("reads a fleet of servers and llama-server's raw mode", () => {
    assert.deepEqual(parseModelSpec("openai:http://a:8080/v1, http://b:8080/v1/#qwen"), {
      kind: "openai",
      baseUrl: "http://a:8080/v1",
      model: "qwen",
      baseUrls: ["http://a:8080/v1", "http://b:8080/v1"],
    });
    assert.deepEqual(parseModelSpec("llama-server:http://127.0.0.1:8080"), {
      kind: "openai",
      baseUrl: "http://127.0.0.1:8080",
      model: "llama-server",
      api: "raw",
    });
    const fleet = parseModelSpec("llama-server:http://a:1,http://b:2");
    assert.ok(fleet.kind === "openai");
    assert.deepEqual(specServers(fleet), ["http://a:1", "http://b:2"]);
  });

  it("rejects bad specs naming the spec and the reason", () => {
    const cases: Array<[string, RegExp]> = [
      ["", /empty/],
      ["openai:not a url#m", /not a URL/],
      ["openai:ftp://host/v1#m", /http or https/],
      ["openai:http://host/v1#", /empty model name/],
      ["replay:", /missing file path/],
      ["replay:a.jsonl?delayMs=abc", /delayMs must be a whole number/],
      ["replay:a.jsonl?speed=2", /unknown replay option 'speed'/],
      ["http://127.0.0.1:8080/v1", /openai: prefix/],
      ["openai:http://a/v1,#m", /empty URL in the server list/],
      ["openai:http://a/v1,http://a/v1/#m", /listed twice/],
      ["openai:http://a/v1,nope#m", /'nope' is not a URL/],
      ["llama-server:http://a:1#m", /drop '#MODEL'/],
    ];
    for (const [spec, pattern] of cases) {
      assert.throws(
        () => parseModelSpec(spec),
        (error: unknown) => isEdgecallError(error, "invalid-model-spec") && pattern.test(error.message),
        spec,
      );
    }
  });
});

describe("parseModelSpec on hub names", () => {
  it("reads hf:OWNER/REPO, with a quant tag or a file", () => {
    assert.deepEqual(parseModelSpec("hf:Qwen/Qwen3-0.6B-GGUF"), {
      kind: "hf",
      owner: "Qwen",
      repo: "Qwen3-0.6B-GGUF",
    });
    assert.deepEqual(parseModelSpec("hf:unsloth/Qwen3-0.6B-GGUF:q4_k_m"), {
      kind: "hf",
      owner: "unsloth",
      repo: "Qwen3-0.6B-GGUF",
      quant: "q4_k_m",
    });
    assert.deepEqual(parseModelSpec("hf:unsloth/Qwen3-0.6B-GGUF/sub/Qwen3-0.6B-Q8_0.gguf"), {
      kind: "hf",
      owner: "unsloth",
      repo: "Qwen3-0.6B-GGUF",
      file: "sub/Qwen3-0.6B-Q8_0.gguf",
    });
  });

  it("rejects malformed hub names, naming the part at fault", () => {
    const cases: Array<[string, RegExp]> = [
      ["hf:", /expected hf:OWNER\/REPO/],
      ["hf:owner", /expected hf:OWNER\/REPO/],
      ["hf:owner/", /expected hf:OWNER\/REPO/],
      ["hf:../repo", /owner/],
      ["hf:own er/repo", /owner/],
      ["hf:owner/re$po", /repository/],
      ["hf:owner/repo:", /quant/],
      ["hf:owner/repo:Q4/K", /quant/],
      ["hf:owner/repo/../x.gguf", /file/],
      ["hf:owner/repo/dir/x.bin", /\.gguf/],
      ["hf:owner/repo/a b.gguf", /file/],
    ];
    for (const [spec, pattern] of cases) {
      assert.throws(
        () => parseModelSpec(spec),
        (error: unknown) => isEdgecallError(error, "invalid-model-spec") && pattern.test(error.message),
        spec,
      );
    }
  });

  it("labels a hub name as its file would be named", () => {
    const label = (spec: string) => {
      const parsed = parseModelSpec(spec);
      assert.ok(parsed.kind === "hf");
      return hubSpecLabel(parsed);
    };
    assert.equal(label("hf:Qwen/Qwen3-0.6B-GGUF:Q8_0"), "Qwen3-0.6B-Q8_0");
    assert.equal(label("hf:Qwen/Qwen3-0.6B-GGUF"), "Qwen3-0.6B");
    assert.equal(label("hf:o/r/sub/Model-Q4_K_M.gguf"), "Model-Q4_K_M");
  });

  it("leaves a hub name as given when made absolute", () => {
    assert.equal(absoluteModelSpec(" hf:o/r:Q8_0 "), "hf:o/r:Q8_0");
  });
});
