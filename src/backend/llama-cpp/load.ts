/**
 * Loads a GGUF into node-llama-cpp for the llama-cpp backend: the Llama runtime (prebuilt
 * binaries only, never a build), the model, one context with N sequences (checked against the
 * memory available first). The file's facts (template, architecture, quantisation) are edgecall's
 * own reader's (gguf-facts.ts), read once: given by the open (opened-model.ts), else read here.
 */
import { statSync } from "node:fs";
import { freemem, totalmem } from "node:os";

import {
  getLlama,
  type Llama,
  type LlamaContext,
  type LlamaContextSequence,
  LlamaLogLevel,
  type LlamaModel,
} from "node-llama-cpp";
import { EdgecallError } from "../../errors.js";
import { type TemplateFallback, templateFallback } from "../../formats/fallback-template.js";
import { templateShowsTools } from "../../formats/template-tools.js";
import type { ToolCallFormat } from "../../formats/tool-call-format.js";
import { defaultThreads } from "../thread-default.js";
import { CallSkeletonPredictor } from "./call-skeleton-predictor.js";
import { defaultFlashAttention, type FlashAttentionSetting } from "./flash-attention.js";
import { formatOfFacts, type GgufFacts, readGgufFacts } from "./gguf-facts.js";
import { assertSequencesFit } from "./sequences-fit.js";

/** The node-llama-cpp version this backend is pinned to (recorded as provenance). */
export const nodeLlamaCppVersion = "3.21.1";

/** Most context sequences one model may have. */
export const maxSequences = 16;
/** Default memory budget for one sequence's checkpoints (hybrid and recurrent models). */
export const defaultCheckpointMemoryBytes = 256 * 1024 * 1024;

/** Options for loading a GGUF model in-process. */
export interface LlamaCppLoadOptions {
  modelPath: string;
  /** `auto`: the GPU node-llama-cpp detects (CUDA, Vulkan, Metal), else the CPU. `off`: the CPU. */
  gpu?: "auto" | "off";
  /** CPU threads (default: {@link defaultThreads}: idle cores, 1 for tiny models). */
  threads?: number;
  /** Context size in tokens (default: the smaller of the training context and 4096). */
  contextSize?: number;
  /** Tokens per batch (node-llama-cpp's default when unset). */
  batchSize?: number;
  /** Tool-call format (default: detected from the chat template, else `json`). */
  format?: ToolCallFormat;
  /** Context sequences, each holding `contextSize` tokens, evaluated together (default 1). */
  sequences?: number;
  /** Most memory for one sequence's checkpoints of a hybrid or recurrent state, in bytes (default 256 MiB). */
  checkpointMemoryBytes?: number;
  /** Draft tokens: call skeletons and prompt lookup (call-skeleton-predictor.ts); default false. */
  promptLookup?: boolean;
  /** llama.cpp's flash attention (default: {@link defaultFlashAttention}). */
  flashAttention?: FlashAttentionSetting;
  /** An already-started Llama runtime to use; it is not disposed on close. */
  llama?: Llama;
  /** The file's facts, when the open already read them (opened-model.ts); else they are read here. */
  facts?: GgufFacts;
}

/** Everything a loaded model needs at generation time. */
export interface LoadedLlamaModel {
  llama: Llama;
  ownsLlama: boolean;
  model: LlamaModel;
  context: LlamaContext;
  /** The context's sequences, at least one. */
  sequences: LlamaContextSequence[];
  format: ToolCallFormat;
  /** The GGUF's Jinja chat template, or the fallback's when the file has none and its family has one. */
  chatTemplate: string | undefined;
  /** Set when the file has no chat template: how its prompts are rendered instead (fallback-template.ts). */
  templateFallback?: TemplateFallback;
  /** True when the file's own template does not show tools: with tools, the format renders (template-tools.ts). */
  templateIgnoresTools?: boolean;
  architecture: string;
  quantisation: string | undefined;
  randomWeights: boolean;
  device: string;
  threads: number;
  /** The flash-attention setting the context was created with. */
  flashAttention: FlashAttentionSetting;
  loadMs: number;
}

function loadError(path: string, what: string, cause: unknown): EdgecallError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new EdgecallError("model-load", `could not ${what} for ${path}: ${reason}`, {
    subject: path,
    cause,
  });
}

async function disposeQuietly(resource: { dispose(): Promise<void> } | undefined): Promise<void> {
  try {
    await resource?.dispose();
  } catch {
    // Best effort: the load already failed and that error is the one to report.
  }
}

/** Loads the model; every failure becomes EdgecallError("model-load") naming the file. */
export async function loadLlamaModel(options: LlamaCppLoadOptions): Promise<LoadedLlamaModel> {
  const started = performance.now();
  const path = options.modelPath;
  const threads = options.threads ?? (await defaultThreads(path)).threads;
  if (!Number.isInteger(threads) || threads < 1) {
    throw new EdgecallError("invalid-argument", `threads must be a positive integer, got ${threads}`, {
      subject: "threads",
    });
  }
  const sequenceCount = options.sequences ?? 1;
  if (!Number.isInteger(sequenceCount) || sequenceCount < 1 || sequenceCount > maxSequences) {
    throw new EdgecallError(
      "invalid-argument",
      `context sequences (eval's --concurrency) must be a whole number from 1 to ${maxSequences}, got ${sequenceCount}`,
      { subject: "sequences" },
    );
  }
  // llama.cpp aborts the process (GGML_ASSERT) on some impossible hyperparameters: check them first,
  // and the chat template, which could loop or grow without bound at every call.
  const facts = options.facts ?? (await readGgufFacts(path));
  let llama = options.llama;
  const ownsLlama = llama === undefined;
  if (llama === undefined) {
    try {
      llama = await getLlama({
        gpu: options.gpu === "off" ? false : "auto",
        build: "never",
        logLevel: LlamaLogLevel.error,
        maxThreads: threads,
      });
    } catch (error) {
      throw loadError(path, "start llama.cpp (node-llama-cpp prebuilt binaries)", error);
    }
  }
  let model: LlamaModel | undefined;
  try {
    model = await llama.loadModel({ modelPath: path, gpuLayers: options.gpu === "off" ? 0 : "auto" });
    const trainContext = model.trainContextSize > 0 ? model.trainContextSize : 4096;
    const contextSize = options.contextSize ?? Math.min(trainContext, 4096);
    if (sequenceCount > 1) {
      assertSequencesFit(facts.file.metadata, contextSize, sequenceCount, {
        weightsBytes: statSync(path).size,
        machine: { availableBytes: freemem(), totalBytes: totalmem() },
      });
    }
    // The device the layers run on: the CPU with --gpu off even where the runtime has a GPU.
    const device = llama.gpu === false || options.gpu === "off" ? "cpu" : llama.gpu;
    const flashAttention = options.flashAttention ?? defaultFlashAttention(device);
    let context: LlamaContext;
    try {
      context = await model.createContext({
        contextSize,
        sequences: sequenceCount,
        threads,
        flashAttention: flashAttention === "auto" ? "auto" : flashAttention === "on",
        ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
      });
    } catch (error) {
      const each = sequenceCount === 1 ? "" : ` for each of ${sequenceCount} sequences`;
      throw loadError(path, `create a context of ${contextSize} tokens${each}`, error);
    }
    const ownTemplate = facts.chatTemplate;
    const format = formatOfFacts(facts, options.format);
    const { architecture } = facts;
    const fallback = ownTemplate === undefined ? templateFallback(architecture, format.name) : undefined;
    return {
      llama,
      ownsLlama,
      model,
      context,
      // Taken from a new context in order, sequence i has llama.cpp id i (the order the step
      // barrier puts their tokens in: decode-step-barrier.ts).
      sequences: Array.from({ length: sequenceCount }, () =>
        context.getSequence({
          checkpoints: { maxMemory: options.checkpointMemoryBytes ?? defaultCheckpointMemoryBytes },
          ...(options.promptLookup === true ? { tokenPredictor: new CallSkeletonPredictor(model!) } : {}),
        }),
      ),
      format,
      chatTemplate: ownTemplate ?? fallback?.template,
      ...(fallback === undefined ? {} : { templateFallback: fallback }),
      ...(ownTemplate !== undefined && !templateShowsTools(ownTemplate)
        ? { templateIgnoresTools: true }
        : {}),
      architecture,
      quantisation: facts.quantisation,
      randomWeights: facts.randomWeights,
      device,
      threads: context.idealThreads,
      flashAttention,
      loadMs: performance.now() - started,
    };
  } catch (error) {
    await disposeQuietly(model);
    if (ownsLlama) await disposeQuietly(llama);
    if (error instanceof EdgecallError) throw error;
    throw loadError(path, "load the model", error);
  }
}
