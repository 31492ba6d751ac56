import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { getLlama, type Llama, type LlamaContextSequence, LlamaLogLevel, type Token } from "node-llama-cpp";
import { tinyModelPath } from "../../gguf/synth/tiny-model.test-support.js";
import { alignSequence, evaluatePromptWithCheckpoints } from "./prefix-reuse.js";

let llama: Llama;
before(async () => {
  llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
});
after(async () => {
  await llama?.dispose();
});

async function greedy(sequence: LlamaContextSequence, last: Token): Promise<number[]> {
  const tokens: number[] = [];
  for await (const token of sequence.evaluate([last], { temperature: 0 })) {
    tokens.push(token);
    if (tokens.length >= 8) break;
  }
  return tokens;
}

describe("prefix reuse on a sliding-window model (tiny gemma3: 32-token window)", () => {
  it("a prefix kept just past the oldest cached position gives the same greedy tokens as a fresh sequence", async () => {
    // F32: the same rows give the same sums whatever the batch, so any difference is the cache's.
    const model = await llama.loadModel({ modelPath: await tinyModelPath("gemma3", "f32") });
    const context = await model.createContext({ contextSize: 1024, sequences: 2, threads: 1, batchSize: 64 });
    try {
      assert.equal(model.fileInsights.swaSize, 32);
      const [held, fresh] = [context.getSequence(), context.getSequence()];
      const text = Array.from({ length: 200 }, (_, index) => `word${(index * 7919) % 97} `).join("");
      const history = model.tokenize(text) as Token[];
      const tail = model.tokenize(" zebra quartz violin") as Token[];
      let checked = 0;
      for (const past of [1, 12, 40]) {
        await held.clearHistory();
        await held.evaluateWithoutGeneratingNewTokens(history);
        // The SWA layers' caches dropped the oldest positions: keep a prefix `past` tokens after them.
        const oldest = held.stateCellsStartIndex;
        assert.ok(oldest > 64, `the window cache has moved on (oldest ${oldest})`);
        const prompt = [...history.slice(0, oldest + past), ...tail];
        const { kept } = await alignSequence(held, prompt);
        if (past < 32) assert.ok(kept <= oldest, `${past}: not kept in place (${kept})`);
        else assert.equal(kept, oldest + past, `${past}: the whole window is held, kept in place`);
        await evaluatePromptWithCheckpoints(held, prompt, kept, []);
        await fresh.clearHistory();
        await evaluatePromptWithCheckpoints(fresh, prompt, 0, []);
        assert.deepEqual(await greedy(held, prompt.at(-1)!), await greedy(fresh, prompt.at(-1)!), `${past}`);
        checked++;
      }
      assert.equal(checked, 3);
    } finally {
      await context.dispose();
      await model.dispose();
    }
  });
});
