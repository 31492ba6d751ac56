/**
 * Runs a conversation against a llama-server process for bench/eval-throughput.ts: starts the
 * binary on the model file with the same threads, context size and flash-attention setting
 * (src/backend/llama-server/launch.ts; llama-server's own default is `auto`, which llama.cpp turns
 * on wherever the device supports it, the CPU included, while edgecall's CPU default is off),
 * sends each prompt in order to `/completion` with `cache_prompt` (llama-server keeps its prompt
 * cache between calls) and stops the server. The time counts the calls only, not the start. The
 * prompts are the text edgecall rendered, so both evaluate the same tokens (as edgecall's
 * `llama-server:` backend does); `ignore_eos` makes both generate the same number of tokens.
 * llama-server runs the finished text through its plain-content parser, which rejects malformed
 * UTF-8 (random weights emit stray byte tokens) with HTTP 500; it does so after the whole
 * generation (the refusal takes as long as a reply of the same length), so such a call counts as
 * done and the refusals are reported.
 */

import type { FlashAttentionSetting } from "../src/backend/llama-cpp/flash-attention.js";
import { startLlamaServer } from "../src/backend/llama-server/launch.js";
import { isUnparsedOutputMessage } from "../src/backend/openai/errors.js";

/** What to run: the prompts as edgecall rendered them (the same text, so the same tokens). */
export interface LlamaServerConversation {
  binary: string;
  modelPath: string;
  threads: number;
  contextSize: number;
  /** llama-server's `-fa`: the setting edgecall's context was created with. */
  flashAttention: FlashAttentionSetting;
  prompts: { text: string; maxTokens: number }[];
  onLog: (line: string) => void;
}

/** What the calls took. */
export interface LlamaServerConversationRun {
  ms: number;
  /** Outputs the server generated but refused to return (HTTP 500, malformed UTF-8). */
  refusedOutputs: number;
  /** The first (cold) call's prompt evaluation rate, from its own timings; absent if it was refused. */
  coldPromptTokensPerSecond?: number;
}

/** Runs the calls in order and times them (not the start). */
export async function runLlamaServerConversation(
  run: LlamaServerConversation,
): Promise<LlamaServerConversationRun> {
  const server = await startLlamaServer({
    binary: run.binary,
    modelPath: run.modelPath,
    threads: run.threads,
    contextSize: run.contextSize,
    extraArgs: ["-fa", run.flashAttention],
  });
  const baseUrl = server.root;
  try {
    const started = performance.now();
    let refusedOutputs = 0;
    let coldPromptTokensPerSecond: number | undefined;
    for (const [index, prompt] of run.prompts.entries()) {
      // A long prompt on a busy CPU can take minutes before the answer: no timeout here.
      const response = await fetch(`${baseUrl}/completion`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          prompt: prompt.text,
          n_predict: prompt.maxTokens,
          temperature: 0,
          cache_prompt: true,
          ignore_eos: true,
        }),
      });
      const body = (await response.json()) as {
        timings?: { cache_n?: number; prompt_n?: number; prompt_per_second?: number };
        error?: { message?: string };
      };
      if (response.status === 500 && isUnparsedOutputMessage(body.error?.message ?? "")) {
        refusedOutputs += 1;
        run.onLog(`  llama-server call: generated, then refused by its own parser (${body.error?.message})`);
        continue;
      }
      if (!response.ok)
        throw new Error(`llama-server answered HTTP ${response.status}: ${JSON.stringify(body)}`);
      run.onLog(
        `  llama-server call: ${body.timings?.prompt_n} evaluated, ${body.timings?.cache_n} from its cache`,
      );
      if (index === 0 && body.timings?.prompt_per_second !== undefined)
        coldPromptTokensPerSecond = body.timings.prompt_per_second;
    }
    const ms = performance.now() - started;
    run.onLog(`llama-server: ${(ms / 1000).toFixed(1)} s`);
    return {
      ms,
      refusedOutputs,
      ...(coldPromptTokensPerSecond === undefined ? {} : { coldPromptTokensPerSecond }),
    };
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${server.logTail()}`);
  } finally {
    await server.stop();
  }
}
