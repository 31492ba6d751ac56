import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { getLlama, type Llama, LlamaLogLevel } from "node-llama-cpp";
import { isEdgecallError } from "../../errors.js";
import { type TinyArchitecture, tinyModelPath } from "../../gguf/synth/tiny-model.test-support.js";
import type { ChatMessage } from "../../messages.js";
import type { GenerateRequest, GenerateResult, ModelBackend } from "../model-backend.js";
import { createLlamaCppBackend, type LlamaCppBackendOptions } from "./backend.js";
import { clockTool as clock } from "./clock-tool.test-support.js";

const system: ChatMessage = { role: "system", content: "You are a helpful assistant with a clock." };

let llama: Llama;
const backends: ModelBackend[] = [];

async function open(
  arch: TinyArchitecture,
  options: Partial<LlamaCppBackendOptions> = {},
  quant = "q8_0",
): Promise<ModelBackend> {
  const backend = await createLlamaCppBackend({
    modelPath: await tinyModelPath(arch, quant),
    llama,
    threads: 1,
    ...options,
  });
  backends.push(backend);
  return backend;
}

const greedy = (messages: ChatMessage[], extra: Partial<GenerateRequest> = {}): GenerateRequest => ({
  messages,
  tools: [clock],
  maxTokens: 10,
  sampling: { temperature: 0, seed: 3 },
  ...extra,
});

/**
 * Four user turns with a scripted call and tool result between them (the model's own replies are
 * recorded, not fed back, so both runs see the same conversation), then a prompt that diverges
 * after the system message, then the first prompt again.
 */
async function conversation(backend: ModelBackend): Promise<GenerateResult[]> {
  const messages: ChatMessage[] = [system];
  const results: GenerateResult[] = [];
  for (let turn = 0; turn < 4; turn++) {
    messages.push({ role: "user", content: `Turn ${turn}: what time is it in zone number ${turn}?` });
    results.push(await backend.generate(greedy(messages)));
    messages.push(
      {
        role: "assistant",
        content: "",
        toolCalls: [{ id: `call_${turn}`, name: "get_time", arguments: { zone: "UTC" } }],
      },
      { role: "tool", toolCallId: `call_${turn}`, name: "get_time", content: `{"time": "1${turn}:00"}` },
      { role: "assistant", content: `It is 1${turn}:00.` },
    );
  }
  results.push(
    await backend.generate(greedy([system, { role: "user", content: "Something else entirely." }])),
  );
  results.push(await backend.generate(greedy(messages.slice(0, 2))));
  return results;
}

before(async () => {
  llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
});

after(async () => {
  for (const backend of backends) await backend.close();
  await llama.dispose();
});

describe("llama-cpp prefix reuse", () => {
  // gemma3: a 32-token sliding window on 2 of 3 layers, passed many times by this conversation.
  for (const arch of ["llama", "qwen3", "qwen35", "lfm2", "gemma3"] as const) {
    it(`${arch}: greedy outputs are identical with and without reuse, and reused tokens are counted`, async () => {
      const naive = await conversation(await open(arch, { prefixReuse: false }));
      const reused = await conversation(await open(arch));
      assert.deepEqual(
        reused.map((result) => result.rawText),
        naive.map((result) => result.rawText),
      );
      assert.deepEqual(
        reused.map((result) => result.usage.inputTokens),
        naive.map((result) => result.usage.inputTokens),
      );
      for (const result of naive)
        assert.equal(result.usage.cachedInputTokens, 0, "naive evaluates every token");
      const cached = reused.map((result) => result.usage.cachedInputTokens ?? -1);
      assert.equal(cached[0], 0, "nothing is held before the first call");
      const hybrid = arch === "qwen35" || arch === "lfm2";
      for (let turn = 1; turn < 4; turn++) {
        const previous = reused[turn - 1]!.usage.inputTokens;
        const held = cached[turn]!;
        assert.ok(held < reused[turn]!.usage.inputTokens, `turn ${turn}: the new messages are evaluated`);
        if (hybrid) {
          // Restored from the checkpoint at the end of the previous history: a few tokens re-read.
          assert.ok(held >= previous - 16, `turn ${turn}: ${held} of ${previous} reused`);
        } else
          assert.ok(
            held >= previous,
            `turn ${turn}: the whole previous prompt is reused (${held}/${previous})`,
          );
      }
      // The diverging prompt keeps the system message and tools (on a hybrid: from its checkpoint).
      const diverging = reused[4]!;
      assert.ok(diverging.usage.cachedInputTokens! > 0.5 * diverging.usage.inputTokens);
      assert.ok(diverging.usage.cachedInputTokens! < diverging.usage.inputTokens);
      // The first prompt again: everything but its last token is held (a hybrid restores a checkpoint).
      assert.ok(reused[5]!.usage.cachedInputTokens! > 0.5 * reused[5]!.usage.inputTokens);
    });
  }

  it("constrained resamples reuse the prompt and keep the greedy call identical", async () => {
    const request = greedy([system, { role: "user", content: "Time in CET?" }], {
      decoding: "constrained",
      toolChoice: "required",
    });
    const naive = await (await open("qwen35", { prefixReuse: false })).generate(request);
    const backend = await open("qwen35");
    const first = await backend.generate(request);
    const again = await backend.generate(request);
    assert.equal(first.rawText, naive.rawText);
    assert.equal(again.rawText, naive.rawText);
    assert.ok(again.usage.cachedInputTokens! >= again.usage.inputTokens - 8, "the repeated prompt is held");
  });

  it("a prompt longer than the context still fails cleanly, and the next call works", async () => {
    const backend = await open("qwen3", { contextSize: 256 });
    const long = "word ".repeat(400);
    await assert.rejects(
      backend.generate(greedy([system, { role: "user", content: long }])),
      (error: unknown) => isEdgecallError(error, "invalid-argument") && error.message.includes("context"),
    );
    const result = await backend.generate({ messages: [{ role: "user", content: "Hi" }], maxTokens: 4 });
    assert.ok(result.usage.outputTokens >= 1);
  });

  it("concurrency N (N context sequences) gives the same greedy results as one sequence", async () => {
    const requests = Array.from({ length: 6 }, (_, index) =>
      greedy([system, { role: "user", content: `Question ${index}: the time in zone ${index}?` }]),
    );
    // F32 weights: with ggml's Sapphire Rapids CPU variant (AMX, AVX512-FP16) Q8_0 and F16
    // weights are multiplied by kernels whose rounding depends on how many rows a batch has, so
    // one sequence and three decoding together differ in the last bits and a random-weight
    // model's near-tied tokens flip (checked: the same test passes with the next variant down).
    // F32 gives each row the same result whatever the batch (docs/prefix-reuse.md).
    const serial = await open("qwen35", {}, "f32");
    const expected: string[] = [];
    const evaluated = (result: GenerateResult) =>
      result.usage.inputTokens - (result.usage.cachedInputTokens ?? 0);
    let serialEvaluated = 0;
    for (const request of requests) {
      const result = await serial.generate(request);
      expected.push(result.rawText);
      serialEvaluated += evaluated(result);
    }
    const parallel = await open("qwen35", { sequences: 3 }, "f32");
    assert.equal(parallel.info.sequences, 3);
    const results = await Promise.all(requests.map((request) => parallel.generate(request)));
    assert.deepEqual(
      results.map((result) => result.rawText),
      expected,
    );
    // Later calls find the shared system + tools prefix on whichever sequence they get, and the
    // cold sequences load it from the first call's snapshot instead of evaluating it again.
    assert.ok(results.slice(1).every((result) => (result.usage.cachedInputTokens ?? 0) > 0));
    const parallelEvaluated = results.reduce((sum, result) => sum + evaluated(result), 0);
    assert.ok(
      parallelEvaluated <= serialEvaluated * 1.2,
      `${parallelEvaluated} vs ${serialEvaluated} evaluated`,
    );
  });

  it("drafting (call skeletons, prompt lookup) leaves greedy calls and text unchanged", async () => {
    for (const arch of ["qwen3", "qwen35"] as const) {
      const plain = await open(arch);
      const drafting = await open(arch, { promptLookup: true });
      assert.equal(drafting.info.promptLookup, true);
      const requests: GenerateRequest[] = [
        greedy([system, { role: "user", content: "Time in CET?" }], {
          decoding: "constrained",
          toolChoice: "required",
        }),
        greedy([system, { role: "user", content: "Time in UTC, then PST?" }], {
          decoding: "constrained",
          maxTokens: 24,
        }),
        greedy([system, { role: "user", content: "Say hello." }]),
      ];
      for (const request of requests) {
        const expected = await plain.generate(request);
        const drafted = await drafting.generate(request);
        assert.equal(
          drafted.rawText,
          expected.rawText,
          `${arch}: ${JSON.stringify(request.messages.at(-1))}`,
        );
      }
    }
  });

  it("refuses more sequences than it allows, naming the option", async () => {
    await assert.rejects(
      open("llama", { sequences: 17 }),
      (error: unknown) =>
        isEdgecallError(error, "invalid-argument") && error.message.includes("--concurrency"),
    );
  });
});
