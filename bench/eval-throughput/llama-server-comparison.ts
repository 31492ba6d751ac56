/**
 * The llama-server side of bench/eval-throughput.ts: with LLAMA_SERVER set, the prompts edgecall
 * rendered in one arm are sent to llama-server on the same file, threads and flash-attention
 * setting (bench/llama-server-client.ts), and its time, the ratio and both cold-prompt rates are
 * added to the workload's result. A failure becomes a note; the run goes on.
 */
import type { FlashAttentionSetting } from "../../src/backend/llama-cpp/flash-attention.js";
import { runLlamaServerConversation } from "../llama-server-client.js";
import { type ArmRun, addNote, type WorkloadResult } from "./arm-run.js";

/** What every comparison in a run shares. */
export interface LlamaServerSetup {
  /** The binary, from LLAMA_SERVER; no comparison without one. */
  binary: string | undefined;
  modelPath: string;
  threads: number;
  contextSize: number;
  flashAttention: FlashAttentionSetting;
  /** Output tokens per call, as edgecall generated. */
  genTokens: number;
  log: (line: string) => void;
}

/** Runs `edgecall`'s prompts on llama-server and adds what it measured to `result`. */
export async function compareWithLlamaServer(
  setup: LlamaServerSetup,
  result: WorkloadResult,
  edgecall: ArmRun,
  edgecallMs: number,
): Promise<void> {
  if (setup.binary === undefined || setup.binary === "") return;
  const renderedPrompts = edgecall.renderedPrompts;
  try {
    const serverRun = await runLlamaServerConversation({
      binary: setup.binary,
      modelPath: setup.modelPath,
      threads: setup.threads,
      contextSize: setup.contextSize,
      flashAttention: setup.flashAttention,
      prompts: renderedPrompts.map((text) => ({ text, maxTokens: setup.genTokens })),
      onLog: setup.log,
    });
    result.llamaServerMs = Math.round(serverRun.ms);
    result.llamaServerRatio = Number((serverRun.ms / edgecallMs).toFixed(2));
    result.coldPromptTokensPerSecond = {
      ...(edgecall.firstCallPromptTokensPerSecond === undefined
        ? {}
        : { edgecall: edgecall.firstCallPromptTokensPerSecond }),
      ...(serverRun.coldPromptTokensPerSecond === undefined
        ? {}
        : { llamaServer: Number(serverRun.coldPromptTokensPerSecond.toFixed(1)) }),
    };
    if (serverRun.refusedOutputs > 0)
      addNote(
        result,
        `llama-server generated but refused to return ${serverRun.refusedOutputs} of ${renderedPrompts.length} outputs (malformed UTF-8 from random weights; timed all the same)`,
      );
  } catch (error) {
    addNote(
      result,
      `llama-server failed: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`,
    );
  }
}
