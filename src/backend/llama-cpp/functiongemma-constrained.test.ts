/**
 * Constrained decoding in FunctionGemma's syntax on a random-weight model with FunctionGemma's
 * tokens and edgecall's functiongemma template (a tiny gemma3; the `functiongemma-270m` preset has
 * the same vocabulary and template at full size): every call the grammar lets through parses and
 * fits its schema, for all the assistant tools offered at once.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { getLlama, type Llama, LlamaLogLevel } from "node-llama-cpp";
import { createAssistantRegistry } from "../../assistant/assistant-registry.js";
import { resolvePreset } from "../../gguf/synth/presets.js";
import { synthesizeGguf } from "../../gguf/synth/synthesize.js";
import { summariseParts } from "../../messages.js";
import type { ModelBackend } from "../model-backend.js";
import { createLlamaCppBackend } from "./backend.js";

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv,
) => Ajv;

const tools = createAssistantRegistry().definitions();
const directory = mkdtempSync(join(tmpdir(), "edgecall-functiongemma-"));
let llama: Llama;
let backend: ModelBackend;

before(async () => {
  llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
  // Tiny gemma3 dimensions with FunctionGemma's vocabulary, template and room for 39 declarations.
  const shape = {
    ...resolvePreset("tiny", "gemma3").shape,
    tokenizer: "functiongemma",
    contextLength: 16384,
  };
  const { path } = await synthesizeGguf({
    shape,
    quant: "q8_0",
    outputPath: join(directory, "fg.gguf"),
    seed: 3,
  });
  backend = await createLlamaCppBackend({
    modelPath: path,
    llama,
    threads: 1,
    contextSize: 16384,
    parallelToolCalls: true,
  });
});

after(async () => {
  await backend?.close();
  await llama?.dispose();
  rmSync(directory, { recursive: true, force: true });
});

describe("functiongemma constrained decoding (random weights)", () => {
  it("detects the format from the template and yields parseable, schema-valid assistant calls", async () => {
    assert.equal(backend.info.format, "functiongemma");
    assert.equal(backend.info.randomWeights, true);
    const ajv = new Ajv({ strict: false });
    addFormats(ajv);
    const validators = new Map(tools.map((tool) => [tool.name, ajv.compile(tool.parameters)]));
    const names = new Set<string>();
    for (let seed = 1; seed <= 6; seed++) {
      const result = await backend.generate({
        messages: [{ role: "user", content: "Find my meetings tomorrow and email Ana the list." }],
        tools,
        toolChoice: "required",
        decoding: "constrained",
        maxTokens: 200,
        sampling: { temperature: 1, seed },
      });
      const label = `seed ${seed}: ${result.rawText}`;
      assert.ok(result.rawText.startsWith("<start_function_call>call:"), label);
      const { toolCalls, errors } = summariseParts(result.parts);
      assert.deepEqual(errors, [], label);
      assert.ok(toolCalls.length >= 1, label);
      for (const call of toolCalls) {
        const validate = validators.get(call.name);
        assert.ok(validate, `unknown tool ${call.name}`);
        assert.ok(validate(call.arguments), `${label} ${ajv.errorsText(validate.errors)}`);
        names.add(call.name);
      }
    }
    assert.ok(names.size >= 2, `several tools were called: ${[...names].join(", ")}`);
  });
});
