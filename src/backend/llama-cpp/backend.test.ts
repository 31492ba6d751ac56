import assert from "node:assert/strict";
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { getLlama, type Llama, LlamaLogLevel } from "node-llama-cpp";
import { isEdgecallError } from "../../errors.js";
import { presetPlan, writeHollowGguf } from "../../gguf/hollow-model.test-support.js";
import { type TinyArchitecture, tinyModelPath } from "../../gguf/synth/tiny-model.test-support.js";
import { summariseParts, type ToolDefinition } from "../../messages.js";
import type { GenerateRequest, ModelBackend } from "../model-backend.js";
import { createLlamaCppBackend, type LlamaCppBackendOptions } from "./backend.js";
import { clockTool as clock } from "./clock-tool.test-support.js";
import { defaultFlashAttention } from "./flash-attention.js";

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv,
) => Ajv;

const forecast: ToolDefinition = {
  name: "get_forecast",
  description: "Weather forecast for a place.",
  parameters: {
    type: "object",
    properties: {
      city: { type: "string", minLength: 1, maxLength: 10 },
      days: { type: "integer", minimum: 1, maximum: 50 },
      unit: { type: "string", enum: ["celsius", "fahrenheit"] },
      location: {
        type: "object",
        properties: {
          lat: { type: "number", minimum: -90, maximum: 90 },
          lon: { type: "number", minimum: -180, maximum: 180 },
        },
        required: ["lat", "lon"],
        additionalProperties: false,
      },
      tags: { type: "array", items: { type: "string", maxLength: 6 }, maxItems: 2 },
      verbose: { type: "boolean" },
    },
    required: ["city", "days", "location"],
    additionalProperties: false,
  },
};
const tools = [forecast, clock];
const messages: GenerateRequest["messages"] = [
  { role: "system", content: "You are a weather assistant." },
  { role: "user", content: "Forecast for Paris for the next 3 days, please." },
];

let llama: Llama;
const backends: ModelBackend[] = [];

async function open(
  arch: TinyArchitecture,
  options: Partial<LlamaCppBackendOptions> = {},
): Promise<ModelBackend> {
  const backend = await createLlamaCppBackend({
    modelPath: await tinyModelPath(arch),
    llama,
    threads: 1,
    ...options,
  });
  backends.push(backend);
  return backend;
}

before(async () => {
  llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
});

after(async () => {
  for (const backend of backends) await backend.close();
  await llama.dispose();
});

describe("llama-cpp backend", () => {
  it("free mode returns the model's text with timing, usage, the rendered prompt and provenance", async () => {
    const backend = await open("qwen3");
    assert.equal(backend.info.backend, "llama-cpp");
    assert.equal(backend.info.backendVersion, "node-llama-cpp 3.21.1");
    assert.equal(backend.info.format, "qwen3");
    assert.equal(backend.info.architecture, "qwen3");
    assert.equal(backend.info.quantisation, "Q8_0");
    assert.equal(backend.info.randomWeights, true);
    assert.equal(backend.info.device, "cpu");
    assert.equal(backend.info.threads, 1);
    assert.equal(backend.info.contextSize, 4096);
    assert.equal(backend.info.flashAttention, "off", "flash attention is off on the CPU by default");
    const result = await backend.generate({
      messages,
      tools,
      maxTokens: 12,
      sampling: { temperature: 0.8, seed: 7 },
    });
    assert.ok(result.renderedPrompt?.startsWith("<|im_start|>system\nYou are a weather assistant."));
    assert.ok(
      result.renderedPrompt?.includes('"name": "get_forecast"'),
      "tools are rendered by the chat template",
    );
    assert.ok(result.renderedPrompt?.endsWith("<|im_start|>assistant\n"));
    assert.ok(result.usage.inputTokens > 50);
    assert.ok(result.usage.outputTokens >= 1 && result.usage.outputTokens <= 12);
    assert.equal(result.finishReason, result.usage.outputTokens === 12 ? "length" : result.finishReason);
    assert.ok(result.rawText.length > 0);
    const { timing } = result;
    assert.ok(timing.firstTokenMs > 0 && timing.firstTokenMs <= timing.totalMs);
    assert.ok(
      timing.prefillMs !== undefined && timing.prefillMs > 0 && timing.prefillMs <= timing.firstTokenMs,
    );
    assert.ok(timing.decodeMs !== undefined && timing.decodeMs >= 0 && timing.decodeMs <= timing.totalMs);
    assert.ok(timing.loadMs !== undefined && timing.loadMs > 0, "the first call reports the load time");
    const again = await backend.generate({
      messages,
      tools,
      maxTokens: 12,
      sampling: { temperature: 0.8, seed: 7 },
    });
    assert.equal(again.rawText, result.rawText, "the same seed gives the same text");
    assert.equal(again.timing.loadMs, undefined);
  });

  it("flash attention: off on the CPU unless asked, auto on a GPU; every setting decodes", async () => {
    assert.equal(defaultFlashAttention("cpu"), "off");
    assert.equal(defaultFlashAttention("cuda"), "auto");
    assert.equal(defaultFlashAttention("metal"), "auto");
    for (const setting of ["on", "auto", "off"] as const) {
      const backend = await open("qwen35", { flashAttention: setting });
      assert.equal(backend.info.flashAttention, setting);
      const result = await backend.generate({ messages, tools, maxTokens: 6, sampling: { temperature: 0 } });
      assert.ok(result.usage.outputTokens >= 1, `${setting}: decodes`);
      const again = await backend.generate({ messages, tools, maxTokens: 6, sampling: { temperature: 0 } });
      assert.equal(again.rawText, result.rawText, `${setting}: greedy repeats with the prefix held`);
      assert.ok((again.usage.cachedInputTokens ?? 0) > 0, `${setting}: the prefix is reused`);
    }
  });

  for (const arch of ["qwen3", "qwen35", "lfm2"] as const) {
    it(`constrained + required always yields a schema-valid call (${arch})`, async () => {
      const backend = await open(arch, { parallelToolCalls: false });
      const prefix = { qwen3: "<tool_call>", qwen35: "<tool_call>", lfm2: "<|tool_call_start|>" }[arch];
      const ajv = new Ajv({ strict: false });
      addFormats(ajv);
      const validators = new Map(tools.map((tool) => [tool.name, ajv.compile(tool.parameters)]));
      const names = new Set<string>();
      for (let seed = 1; seed <= 20; seed++) {
        const result = await backend.generate({
          messages,
          tools,
          toolChoice: "required",
          decoding: "constrained",
          maxTokens: 300,
          sampling: { temperature: 1, seed },
        });
        assert.ok(result.rawText.startsWith(prefix), `${arch} seed ${seed}: ${result.rawText}`);
        const { toolCalls, errors } = summariseParts(result.parts);
        assert.deepEqual(errors, [], `${arch} seed ${seed}: ${result.rawText}`);
        assert.equal(toolCalls.length, 1, `${arch} seed ${seed}: ${result.rawText}`);
        const call = toolCalls[0]!;
        const validate = validators.get(call.name);
        assert.ok(validate, `unknown tool ${call.name}`);
        assert.ok(
          validate(call.arguments),
          `${arch} seed ${seed}: ${JSON.stringify(call.arguments)} ${ajv.errorsText(validate.errors)}`,
        );
        assert.equal(result.finishReason, "tool-calls");
        names.add(call.name);
      }
      assert.ok(names.has("get_forecast"), "the nested, bounded schema was exercised");
    });
  }

  it("constrained + required stays valid with unbounded strings and a small token limit", async () => {
    // Random weights almost never close an unbounded string; a call that runs out of tokens is
    // resampled under a compact grammar (capped strings and arrays, one call).
    const note: ToolDefinition = {
      name: "notes_create",
      description: "Create a note.",
      parameters: {
        type: "object",
        properties: {
          title: { type: "string" },
          body: { type: "string" },
          labels: { type: "array", items: { type: "string" } },
          priority: { type: "integer", minimum: 1, maximum: 5 },
        },
        required: ["title", "body", "priority"],
      },
    };
    const ajv = new Ajv({ strict: false });
    const validate = ajv.compile(note.parameters);
    for (const arch of ["qwen3", "qwen35"] as const) {
      const backend = await open(arch);
      for (let seed = 0; seed <= 5; seed++) {
        const result = await backend.generate({
          messages,
          tools: [note],
          toolChoice: "required",
          decoding: "constrained",
          maxTokens: 160,
          // seed 0 runs greedy: its resamples must still change the output
          sampling: seed === 0 ? { temperature: 0 } : { temperature: 1, seed },
        });
        const { toolCalls, errors } = summariseParts(result.parts);
        assert.deepEqual(errors, [], `${arch} seed ${seed}: ${result.rawText}`);
        assert.ok(toolCalls.length >= 1, `${arch} seed ${seed}: ${result.rawText}`);
        for (const call of toolCalls) {
          assert.ok(validate(call.arguments), `${arch} seed ${seed}: ${JSON.stringify(call.arguments)}`);
        }
      }
    }
  });

  it("constrained + auto forces the call grammar from the start for a format without a call prefix (llama3)", async () => {
    const backend = await open("llama", { parallelToolCalls: false });
    assert.equal(backend.info.format, "llama3");
    for (let seed = 1; seed <= 3; seed++) {
      const result = await backend.generate({
        messages,
        tools: [clock],
        decoding: "constrained",
        maxTokens: 80,
        sampling: { temperature: 1, seed },
      });
      assert.match(
        result.rawText,
        /^(<\|python_tag\|>)?\{"name": "get_time", "parameters": \{ ?"zone": ?"(UTC|CET|PST)" ?\}\}$/,
      );
      assert.deepEqual(result.details?.argumentProblems, []);
      assert.equal(result.details?.grammarFromStart, true);
    }
  });

  it("renders with the template variables: enable_thinking and date_string", async () => {
    const qwen = await open("qwen3", { templateVariables: { enableThinking: false } });
    const quiet = await qwen.generate({ messages, maxTokens: 1 });
    assert.match(quiet.renderedPrompt ?? "", /<think>\s*<\/think>/);
    const llama3 = await open("llama", { templateVariables: { dateString: "01 Jan 2030" } });
    const dated = await llama3.generate({ messages, maxTokens: 1 });
    assert.match(dated.renderedPrompt ?? "", /Today Date: 01 Jan 2030/);
    const plain = await open("llama");
    const undated = await plain.generate({ messages, maxTokens: 1 });
    assert.match(undated.renderedPrompt ?? "", /Today Date: 26 Jul 2024/, "the template's own default");
  });

  it("toolChoice none renders no tools and decodes freely", async () => {
    const backend = await open("qwen35");
    const result = await backend.generate({
      messages,
      tools,
      toolChoice: "none",
      decoding: "constrained",
      maxTokens: 6,
      sampling: { seed: 3 },
    });
    assert.ok(result.renderedPrompt?.includes("Forecast for Paris"));
    assert.ok(!result.renderedPrompt?.includes("get_forecast"), "no tool is offered");
    assert.equal(result.details?.decoding, "free");
    assert.ok(result.usage.outputTokens <= 6);
  });

  it("rejects aborted calls with code aborted and runs concurrent calls one at a time", async () => {
    const backend = await open("lfm2");
    await assert.rejects(
      backend.generate({ messages, maxTokens: 4 }, { signal: AbortSignal.abort() }),
      (error: unknown) => isEdgecallError(error, "aborted"),
    );
    // Abort a call in flight from its first streamed delta. Left alone, this call (seed 2) writes
    // 173 tokens in 155 deltas; aborted, it stops within a few more tokens.
    const controller = new AbortController();
    const events = backend.stream!(
      { messages, maxTokens: 3000, sampling: { temperature: 1, seed: 2 } },
      { signal: controller.signal },
    )[Symbol.asyncIterator]();
    const first = events.next();
    const order: string[] = [];
    const queued = backend.generate({ messages, maxTokens: 3, sampling: { seed: 2 } }).then((result) => {
      order.push("queued call done");
      return result;
    });
    assert.equal((await first).value?.type, "text-delta");
    order.push("abort");
    controller.abort();
    let deltas = 1;
    await assert.rejects(
      async () => {
        for (let event = await events.next(); !event.done; event = await events.next()) {
          if (event.value.type === "text-delta") deltas++;
        }
      },
      (error: unknown) => isEdgecallError(error, "aborted"),
    );
    assert.ok(deltas <= 20, `the aborted call went on for ${deltas} deltas (155 when not aborted)`);
    const result = await queued;
    assert.deepEqual(order, ["abort", "queued call done"], "the queued call waited for the running one");
    assert.ok(result.usage.outputTokens <= 3);
  });

  it("streams text deltas that add up to rawText", async () => {
    const backend = await open("qwen3");
    let text = "";
    let deltas = 0;
    for await (const event of backend.stream!({
      messages,
      maxTokens: 10,
      sampling: { temperature: 1, seed: 5 },
    })) {
      if (event.type === "text-delta") {
        text += event.text;
        deltas += 1;
      } else assert.equal(text, event.result.rawText);
    }
    assert.ok(deltas > 1, "free decoding streams token by token");
  });

  it("refuses a prompt longer than the context and names the setting", async () => {
    const backend = await open("qwen3", { contextSize: 256 });
    const long = [{ role: "user" as const, content: "weather ".repeat(400) }];
    await assert.rejects(
      backend.generate({ messages: long, maxTokens: 4 }),
      (error: unknown) => isEdgecallError(error, "invalid-argument") && error.message.includes("context"),
    );
  });

  it("refuses a non-GGUF with the reader's error and wraps llama.cpp's load failures in model-load", async () => {
    const path = join(tmpdir(), `edgecall-not-a-model-${process.pid}.gguf`);
    writeFileSync(path, "GGUF but not really a model file");
    await assert.rejects(
      createLlamaCppBackend({ modelPath: path, llama, threads: 1 }),
      (error: unknown) => isEdgecallError(error, "invalid-gguf") && error.message.includes(path),
    );
    // A sound file of an architecture llama.cpp does not know: llama.cpp refuses it (no abort).
    const plan = presetPlan("qwen3");
    const renamed = plan.metadata.map((kv) =>
      kv.key === "general.architecture"
        ? { key: kv.key, value: { type: "string" as const, value: "qwen9" } }
        : { ...kv, key: kv.key.replace(/^qwen3\./, "qwen9.") },
    );
    const unknown = writeHollowGguf(
      join(tmpdir(), `edgecall-unknown-arch-${process.pid}.gguf`),
      renamed,
      plan.descriptors,
    );
    try {
      await assert.rejects(
        createLlamaCppBackend({ modelPath: unknown, llama, threads: 1 }),
        (error: unknown) => isEdgecallError(error, "model-load") && error.message.includes(unknown),
      );
    } finally {
      rmSync(unknown, { force: true });
      rmSync(path, { force: true });
    }
  });
});
