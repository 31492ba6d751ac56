import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  getLlama,
  type Llama,
  type LlamaContext,
  type LlamaContextSequence,
  LlamaLogLevel,
  type LlamaModel,
} from "node-llama-cpp";
import { isEdgecallError } from "../../errors.js";
import { tinyModelPath } from "../../gguf/synth/tiny-model.test-support.js";
import { decode } from "./decode.js";
import { DecodeStepBarrier } from "./decode-step-barrier.js";

let llama: Llama;
let model: LlamaModel;
let context: LlamaContext;
let sequence: LlamaContextSequence;

before(async () => {
  llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
  model = await llama.loadModel({ modelPath: await tinyModelPath("qwen3") });
  context = await model.createContext({ contextSize: 512, threads: 1 });
  sequence = context.getSequence();
});

after(async () => {
  await context.dispose();
  await model.dispose();
  await llama.dispose();
});

function base(seed: number) {
  return {
    model,
    sequence,
    promptTokens: model.tokenize(
      "<|im_start|>user\nWrite something.<|im_end|>\n<|im_start|>assistant\n",
      true,
    ),
    forcedText: "",
    sampling: { temperature: 1, seed },
    maxTokens: 60,
  };
}

describe("decode", () => {
  it("switches to the grammar right after the prefix appears, also when a token overshoots it", async () => {
    const grammar = await llama.createGrammar({ grammar: 'root ::= "[" [0-9] [0-9] "]"' });
    let overshoots = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const deltas: string[] = [];
      const output = await decode({
        ...base(seed),
        grammarAfter: { prefix: "e", grammar },
        onText: (delta) => deltas.push(delta),
      });
      assert.equal(output.grammarSwitched, true, `seed ${seed}: ${JSON.stringify(output.text)}`);
      assert.match(output.text, /^[^e]*e\[[0-9]{2}\]$/, `seed ${seed}`);
      assert.equal(deltas.join(""), output.text);
      if (output.inputTokens > base(seed).promptTokens.length) overshoots += 1;
    }
    assert.ok(overshoots > 0, "at least one sampled token went past the prefix and was split");
  });

  it("applies a grammar from the first token after forced text", async () => {
    const grammar = await llama.createGrammar({ grammar: 'root ::= " x=" [1-3] ";"' });
    const output = await decode({ ...base(4), forcedText: "<tool_call>", grammar });
    assert.match(output.text, /^<tool_call> x=[1-3];$/);
    assert.equal(output.stoppedOnLength, false);
    assert.ok(output.firstTokenAt !== undefined && output.firstTokenAt >= output.prefillStartedAt);
  });

  it("stops at the token budget and honours abort", async () => {
    const output = await decode({ ...base(5), maxTokens: 7 });
    assert.equal(output.outputTokens, 7);
    assert.equal(output.stoppedOnLength, true);
    const controller = new AbortController();
    const pending = decode({
      ...base(6),
      maxTokens: 400,
      signal: controller.signal,
      onText: () => controller.abort(),
    });
    await assert.rejects(pending, (error: unknown) => isEdgecallError(error, "aborted"));
  });

  it("decodes parallel sequences in lockstep: one batch holds every sequence's next token", async () => {
    const sequences = 4;
    const steps = 16;
    const parallel = await model.createContext({ contextSize: 256 * sequences, sequences, threads: 1 });
    // node-llama-cpp does not report the make-up of its batches; its (pinned, 3.21.1) native
    const internals = parallel as unknown as { _ctx: Record<string, unknown> };
    const native = internals._ctx;
    // context object is wrapped to record each batch: the sequence of each token added to it.
    const batches: number[][] = [];
    internals._ctx = new Proxy(native, {
      get(target, property) {
        const value = target[property as string];
        if (typeof value !== "function") return value;
        if (property === "initBatch")
          return (size: number) => {
            batches.push([]);
            return value.call(target, size);
          };
        if (property === "addToBatch")
          return (sequenceId: number, firstIndex: number, tokens: Uint32Array, ...rest: unknown[]) => {
            batches.at(-1)!.push(...Array<number>(tokens.length).fill(sequenceId));
            return value.call(target, sequenceId, firstIndex, tokens, ...rest);
          };
        return value.bind(target);
      },
    });
    try {
      // Created in order, the sequences have llama.cpp ids 0, 1, 2, 3.
      const contextSequences = Array.from({ length: sequences }, () => parallel.getSequence());
      const run = async (barrier: DecodeStepBarrier | undefined) => {
        batches.length = 0;
        const outputs = await Promise.all(
          contextSequences.map((sequence, index) => {
            return decode({
              model,
              sequence,
              promptTokens: model.tokenize(
                `<|im_start|>user\nCount ${index}.<|im_end|>\n<|im_start|>assistant\n`,
                true,
              ),
              forcedText: "",
              sampling: { temperature: 0, seed: 1 },
              maxTokens: steps,
              ...(barrier === undefined ? {} : { steps: { barrier, sequenceId: index } }),
            });
          }),
        );
        for (const output of outputs) assert.equal(output.outputTokens, steps, "no early end of generation");
        return { outputs: outputs.map((output) => output.outputTokenIds), batches: [...batches] };
      };
      const together = await run(new DecodeStepBarrier(parallel.batchSize));
      // The prompts go in one batch; then each step after the first token is one batch of one
      // token of each sequence, in sequence order (so llama.cpp evaluates it in one pass).
      const inOrder = Array.from({ length: sequences }, (_, index) => index);
      assert.deepEqual(
        together.batches.slice(1),
        Array.from({ length: steps - 1 }, () => inOrder),
        `batches ${JSON.stringify(together.batches)}`,
      );
      // The same greedy tokens as without the barrier (only the batches' make-up differs).
      const alone = await run(undefined);
      assert.deepEqual(together.outputs, alone.outputs);
    } finally {
      await parallel.dispose();
    }
  });
});
