/**
 * The options of the llama-cpp backend (backend.ts): the file and what the open already knows of
 * it (its facts and identity: opened-model.ts), the runtime and context settings, and the per-call
 * defaults.
 */
import type { Llama } from "node-llama-cpp";
import type { TemplateVariables } from "../../formats/chat-template.js";
import type { ToolCallFormat } from "../../formats/tool-call-format.js";
import type { FlashAttentionSetting } from "./flash-attention.js";
import type { GgufFacts } from "./gguf-facts.js";
import type { PrefixStateCacheOptions } from "./prefix-state-store.js";

/** Options for {@link createLlamaCppBackend}. */
export interface LlamaCppBackendOptions {
  modelPath: string;
  /** The file's facts as the open read them (one header read per open); else load.ts reads them. */
  facts?: GgufFacts;
  /**
   * The file's identity, `gguf:sha256:<hex>` (opened-model.ts), which keys the prefix state cache;
   * computed from the file when a cache is set and this is not.
   */
  modelIdentity?: string;
  /** `auto` (default): the GPU node-llama-cpp finds, else the CPU. `off`: the CPU only. */
  gpu?: "auto" | "off";
  /** CPU threads (default: the idle cores when the model loads, 1 for models under 64 MiB; see thread-default.ts). */
  threads?: number;
  /** Context size in tokens (default: the smaller of the training context and 4096). */
  contextSize?: number;
  /** Tool-call format (default: detected from the GGUF's chat template, else `json`). */
  format?: ToolCallFormat;
  batchSize?: number;
  /** Seed for requests that set none (default: random per call). */
  seed?: number;
  /** Let constrained decoding write several calls in one reply (default true). */
  parallelToolCalls?: boolean;
  /** Most tokens per call when a request sets no `maxTokens` (default 1024). */
  defaultMaxTokens?: number;
  /** Context sequences: calls run together up to this many (default 1). */
  sequences?: number;
  /** Keep each sequence's common prefix with the next prompt (default true); false clears it every call. */
  prefixReuse?: boolean;
  /** Draft tokens by prompt lookup, verified by the model, so output is unchanged (default false). */
  promptLookup?: boolean;
  /** Most memory for one sequence's checkpoints of a hybrid or recurrent state, in bytes (default 256 MiB). */
  checkpointMemoryBytes?: number;
  /** llama.cpp's flash attention (default `off` on the CPU, `auto` on a GPU; see load.ts). */
  flashAttention?: FlashAttentionSetting;
  /** Keep long evaluated instruction prefixes on disk for later processes (default: none; see prefix-state-store.ts). */
  prefixStateCache?: PrefixStateCacheOptions;
  /** Put each call's output token ids in `details.outputTokenIds` (benchmarks compare them). */
  recordTokenIds?: boolean;
  /** Template variables: `enableThinking` for calls not forced to start at once, `dateString` always. */
  templateVariables?: TemplateVariables;
  /**
   * Parse special tokens in message contents, call arguments and tool descriptions too, as
   * llama-server does (default false: they are plain text, see prompt.ts).
   */
  parseSpecialInMessages?: boolean;
  /**
   * Plain completion (`run --raw`): the prompt is BOS and the messages' text, no chat template,
   * special tokens parsed; for base models.
   */
  rawCompletion?: boolean;
  /** Share an already-started node-llama-cpp runtime (tests, many models in one process); not disposed on close. */
  llama?: Llama;
}
