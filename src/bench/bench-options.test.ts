import assert from "node:assert/strict";
import { availableParallelism } from "node:os";
import { describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { benchDefaults, parseBenchOptions, parseIntegerList, testName } from "./bench-options.js";

function usageError(pattern: RegExp) {
  return (error: unknown) => {
    assert.ok(isEdgecallError(error, "usage"), `expected a usage error, got ${String(error)}`);
    assert.match(error.message, pattern);
    return true;
  };
}

describe("parseIntegerList", () => {
  it("parses comma-separated lists with spaces, keeping order and dropping duplicates", () => {
    assert.deepEqual(parseIntegerList("128, 512,2048", "--prompt-tokens"), [128, 512, 2048]);
    assert.deepEqual(parseIntegerList("2,1,2", "--threads"), [2, 1]);
    assert.deepEqual(parseIntegerList("4", "--threads"), [4]);
  });

  it("names the flag and the bad entry", () => {
    assert.throws(
      () => parseIntegerList("128,abc", "--prompt-tokens"),
      usageError(/--prompt-tokens: .*'abc'/),
    );
    assert.throws(() => parseIntegerList("1,,2", "--threads"), usageError(/--threads: .*''/));
    assert.throws(() => parseIntegerList("-1", "--threads"), usageError(/--threads/));
    assert.throws(
      () => parseIntegerList("0", "--threads"),
      usageError(/--threads: expected whole numbers >= 1, got 0/),
    );
    assert.throws(() => parseIntegerList("1.5", "--threads"), usageError(/'1.5'/));
  });
});

describe("parseBenchOptions", () => {
  it("applies the issue's defaults", () => {
    const plan = parseBenchOptions({ model: "model.gguf" });
    assert.deepEqual(plan.source, { kind: "file", path: "model.gguf" });
    assert.deepEqual(plan.promptTokens, [128, 512, 2048]);
    assert.equal(plan.genTokens, 128);
    assert.equal(plan.repeats, 3);
    assert.deepEqual(plan.threads, [availableParallelism()]);
    assert.equal(plan.contextSize, undefined);
    assert.equal(plan.gpu, "auto");
  });

  it("parses a sweep", () => {
    const plan = parseBenchOptions({
      shape: "qwen3.5-0.8b",
      quant: "Q8_0",
      promptTokens: "16,512",
      genTokens: 8,
      threads: "1,2",
      repeats: "1",
      contextSize: 1024,
      gpu: "off",
    });
    assert.deepEqual(plan.source, { kind: "shape", preset: "qwen3.5-0.8b", arch: "qwen35", quant: "q8_0" });
    assert.deepEqual(plan.promptTokens, [16, 512]);
    assert.deepEqual(plan.threads, [1, 2]);
    assert.equal(plan.genTokens, 8);
    assert.equal(plan.repeats, 1);
    assert.equal(plan.contextSize, 1024);
  });

  it("defaults --shape to q4_0 and needs --arch only for tiny", () => {
    assert.deepEqual(parseBenchOptions({ shape: "qwen3-0.6b" }).source, {
      kind: "shape",
      preset: "qwen3-0.6b",
      arch: "qwen3",
      quant: benchDefaults.quant,
    });
    assert.deepEqual(parseBenchOptions({ shape: "tiny", arch: "lfm2" }).source.kind, "shape");
    assert.throws(() => parseBenchOptions({ shape: "tiny" }), usageError(/--arch: .*give --arch/));
  });

  it("lists the valid presets for an unknown one", () => {
    assert.throws(
      () => parseBenchOptions({ shape: "qwen9-7b" }),
      usageError(
        /--shape: unknown preset "qwen9-7b"; valid presets: .*qwen3-0\.6b.*qwen3\.5-0\.8b.*lfm2\.5-1\.2b.*minicpm5-1b/,
      ),
    );
  });

  it("lists the valid quantisations for an unknown one", () => {
    assert.throws(
      () => parseBenchOptions({ shape: "qwen3-0.6b", quant: "q3_k_s" }),
      usageError(/--quant: unknown quant type "q3_k_s"; valid types: f32, f16, bf16, q8_0, q4_0, q4_k_m/),
    );
  });

  it("needs exactly one of --model and --shape", () => {
    assert.throws(() => parseBenchOptions({}), usageError(/exactly one of --model SPEC or --shape PRESET/));
    assert.throws(
      () => parseBenchOptions({ model: "a.gguf", shape: "qwen3-0.6b" }),
      usageError(/exactly one of --model SPEC or --shape PRESET/),
    );
  });

  it("refuses --quant with --model, and specs that are not run in-process", () => {
    assert.throws(
      () => parseBenchOptions({ model: "a.gguf", quant: "q4_0" }),
      usageError(/--quant: applies to --shape/),
    );
    assert.throws(
      () => parseBenchOptions({ model: "openai:http://127.0.0.1:8080/v1#qwen" }),
      usageError(/--model: bench measures GGUF models run in-process; .* is a openai: spec/),
    );
    assert.deepEqual(parseBenchOptions({ model: "demo" }).source, { kind: "demo" });
  });

  it("lets 0 skip a kind of test, but not both", () => {
    const plan = parseBenchOptions({ model: "a.gguf", promptTokens: "0", genTokens: 16 });
    assert.deepEqual(plan.promptTokens, []);
    assert.throws(
      () => parseBenchOptions({ model: "a.gguf", promptTokens: "0", genTokens: 0 }),
      usageError(/nothing to measure/),
    );
  });

  it("refuses a context smaller than the largest test", () => {
    assert.throws(
      () => parseBenchOptions({ model: "a.gguf", contextSize: 1024 }),
      usageError(/--context-size: 1024 is smaller than the largest test \(2048 tokens\)/),
    );
    assert.throws(() => parseBenchOptions({ model: "a.gguf", repeats: "0" }), usageError(/--repeats/));
  });
});

describe("testName", () => {
  it("uses llama-bench's names", () => {
    assert.equal(testName("pp", 512), "pp512");
    assert.equal(testName("tg", 128), "tg128");
  });
});
