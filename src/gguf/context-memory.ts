/**
 * Memory a llama.cpp context needs beyond the weights, computed from a GGUF's shape the way
 * llama.cpp allocates it (src/llama-model.cpp `create_memory`, src/llama-hparams.cpp):
 * - the KV cache: for every attention layer, K and V rows of `n_head_kv × head_dim` elements per
 *   token of context, F16 by default (2 bytes per element); the context size is padded up to a
 *   multiple of 256 first, as llama.cpp does;
 * - the recurrent state of hybrid models, per sequence and independent of the context size, F32:
 *   qwen35 (Qwen3.5) gated delta-net layers keep a conv state of `(conv_kernel − 1) ×
 *   (inner_size + 2 × group_count × state_size)` and an SSM state of `state_size × inner_size`
 *   values; lfm2 short-conv layers keep `embedding_length × (l_cache − 1)` values.
 * In a hybrid model the KV cache covers only the full-attention layers.
 */
import { EdgecallError } from "../errors.js";
import { countNoun } from "../text/count-noun.js";
import { type GgufValue, ggufNumber, ggufString, isGgufArray } from "./reader.js";

/** What decides a context's memory, read from a GGUF's metadata. */
export interface ContextShape {
  architecture: string;
  /** Layers that run per token (`block_count` minus MTP / next-token-prediction blocks). */
  layers: number;
  /** Layers with a KV cache. */
  attentionLayers: number;
  /** Layers with a recurrent state (qwen35 delta-net, lfm2 short-conv). */
  recurrentLayers: number;
  /** KV-cache bytes per token of context (all attention layers, K and V, F16). */
  kvBytesPerToken: number;
  /** Recurrent-state bytes per sequence (F32), whatever the context size. */
  recurrentBytesPerSequence: number;
  /** The model's training context (`<arch>.context_length`), or undefined. */
  trainContextLength: number | undefined;
  /** True when some attention layers use a sliding window (their cache is computed as full here). */
  slidingWindow: boolean;
}

/** Memory of one context size. */
export interface ContextMemory {
  /** Requested context size in tokens. */
  contextSize: number;
  /** The size llama.cpp allocates: padded up to a multiple of 256. */
  allocatedContextSize: number;
  kvCacheBytes: number;
  recurrentStateBytes: number;
  totalBytes: number;
}

/** llama.cpp pads every context size up to a multiple of this. */
export const contextPadding = 256;
/** Bytes per KV-cache element: llama.cpp's default cache type is F16. */
export const kvBytesPerElement = 2;
/** Bytes per recurrent-state element: always F32 in llama.cpp. */
export const recurrentBytesPerElement = 4;

const hybridDeltaNetArchitectures = new Set(["qwen35", "qwen35moe", "qwen3next"]);

function invalidShape(key: string, why: string): EdgecallError {
  return new EdgecallError("invalid-gguf", `cannot compute context memory: ${key} ${why}`, { subject: key });
}

function requiredNumber(metadata: ReadonlyMap<string, GgufValue>, key: string): number {
  const value = ggufNumber(metadata.get(key));
  if (value === undefined || !Number.isInteger(value) || value < 0) {
    throw invalidShape(key, "is missing or not a whole number");
  }
  return value;
}

function optionalNumber(metadata: ReadonlyMap<string, GgufValue>, key: string): number | undefined {
  const value = metadata.get(key);
  if (value === undefined) return undefined;
  const parsed = ggufNumber(value);
  if (parsed === undefined || parsed < 0) throw invalidShape(key, "is not a non-negative number");
  return parsed;
}

/** A key that may be one number for every layer or an array with one value per layer. */
function perLayer(
  metadata: ReadonlyMap<string, GgufValue>,
  key: string,
  layers: number,
): number[] | undefined {
  const value = metadata.get(key);
  if (value === undefined) return undefined;
  if (isGgufArray(value)) {
    if (value.values.length < layers)
      throw invalidShape(key, `has ${value.values.length} values for ${layers} layers`);
    return value.values.slice(0, layers).map((entry) => {
      const parsed = typeof entry === "boolean" ? Number(entry) : ggufNumber(entry);
      if (parsed === undefined) throw invalidShape(key, "holds a value that is not a number");
      return parsed;
    });
  }
  const single = ggufNumber(value);
  if (single === undefined) throw invalidShape(key, "is not a number or an array of numbers");
  return Array.from({ length: layers }, () => single);
}

/** Which layers are recurrent (true) for the hybrid architectures; all false otherwise. */
function recurrentLayerFlags(
  metadata: ReadonlyMap<string, GgufValue>,
  architecture: string,
  layers: number,
  headCountKv: number[],
): boolean[] {
  if (hybridDeltaNetArchitectures.has(architecture)) {
    const explicit = perLayer(metadata, `${architecture}.attention.recurrent_layers`, layers);
    if (explicit) return explicit.map((flag) => flag !== 0);
    const interval = optionalNumber(metadata, `${architecture}.full_attention_interval`) ?? 4;
    if (interval < 1) throw invalidShape(`${architecture}.full_attention_interval`, "must be at least 1");
    return Array.from({ length: layers }, (_, layer) => (layer + 1) % interval !== 0);
  }
  if (architecture === "lfm2") return headCountKv.map((count) => count === 0);
  return Array.from({ length: layers }, () => false);
}

/** Recurrent-state values (elements) per recurrent layer. */
function recurrentValuesPerLayer(metadata: ReadonlyMap<string, GgufValue>, architecture: string): number {
  if (architecture === "lfm2") {
    const width = requiredNumber(metadata, "lfm2.embedding_length");
    const cache = requiredNumber(metadata, "lfm2.shortconv.l_cache");
    return width * Math.max(0, cache - 1);
  }
  const convKernel = requiredNumber(metadata, `${architecture}.ssm.conv_kernel`);
  const innerSize = requiredNumber(metadata, `${architecture}.ssm.inner_size`);
  const stateSize = requiredNumber(metadata, `${architecture}.ssm.state_size`);
  const groupCount = requiredNumber(metadata, `${architecture}.ssm.group_count`);
  const conv = Math.max(0, convKernel - 1) * (innerSize + 2 * groupCount * stateSize);
  return conv + stateSize * innerSize;
}

/** Reads the context-relevant shape from GGUF metadata. Throws "invalid-gguf" naming a missing key. */
export function contextShapeFromMetadata(metadata: ReadonlyMap<string, GgufValue>): ContextShape {
  const architecture = ggufString(metadata.get("general.architecture"));
  if (architecture === undefined) throw invalidShape("general.architecture", "is missing");
  const key = (name: string) => `${architecture}.${name}`;
  const blockCount = requiredNumber(metadata, key("block_count"));
  const layers = blockCount - (optionalNumber(metadata, key("nextn_predict_layers")) ?? 0);
  if (layers < 1) throw invalidShape(key("block_count"), "leaves no layers after the MTP blocks");
  const width = requiredNumber(metadata, key("embedding_length"));
  const headCount = perLayer(metadata, key("attention.head_count"), layers);
  if (!headCount) throw invalidShape(key("attention.head_count"), "is missing");
  const headCountKv = perLayer(metadata, key("attention.head_count_kv"), layers) ?? headCount;
  const firstHeads = headCount.find((count) => count > 0) ?? 1;
  const keyLength = optionalNumber(metadata, key("attention.key_length")) ?? width / firstHeads;
  const valueLength = optionalNumber(metadata, key("attention.value_length")) ?? width / firstHeads;
  const recurrent = recurrentLayerFlags(metadata, architecture, layers, headCountKv);
  let kvElementsPerToken = 0;
  let attentionLayers = 0;
  recurrent.forEach((isRecurrent, layer) => {
    if (isRecurrent) return;
    attentionLayers += 1;
    kvElementsPerToken += headCountKv[layer]! * (keyLength + valueLength);
  });
  const recurrentLayers = layers - attentionLayers;
  const recurrentValues = recurrentLayers === 0 ? 0 : recurrentValuesPerLayer(metadata, architecture);
  return {
    architecture,
    layers,
    attentionLayers,
    recurrentLayers,
    kvBytesPerToken: kvElementsPerToken * kvBytesPerElement,
    recurrentBytesPerSequence: recurrentLayers * recurrentValues * recurrentBytesPerElement,
    trainContextLength: optionalNumber(metadata, key("context_length")),
    slidingWindow: metadata.has(key("attention.sliding_window")),
  };
}

/** The context size llama.cpp allocates for a requested one. */
export function allocatedContextSize(contextSize: number): number {
  return Math.ceil(contextSize / contextPadding) * contextPadding;
}

/** KV cache and recurrent state for `contextSize` tokens and `sequences` sequences (default 1). */
export function contextMemory(shape: ContextShape, contextSize: number, sequences = 1): ContextMemory {
  if (!Number.isInteger(contextSize) || contextSize < 1) {
    throw new RangeError(`context size must be a positive whole number, got ${contextSize}`);
  }
  const allocated = allocatedContextSize(contextSize);
  const kvCacheBytes = shape.kvBytesPerToken * allocated;
  const recurrentStateBytes = shape.recurrentBytesPerSequence * sequences;
  return {
    contextSize,
    allocatedContextSize: allocated,
    kvCacheBytes,
    recurrentStateBytes,
    totalBytes: kvCacheBytes + recurrentStateBytes,
  };
}

/** One sentence on what the context memory covers, for hybrid models the caveat. */
export function contextMemoryNote(shape: ContextShape): string {
  const kv = `F16 KV cache, ${shape.attentionLayers} of ${shape.layers} layers with attention`;
  const window = shape.slidingWindow ? "; sliding-window layers computed as full-size caches" : "";
  if (shape.recurrentLayers === 0) return `${kv}${window}`;
  return (
    `hybrid model: the KV cache covers only the ${countNoun(shape.attentionLayers, "full-attention layer")}; ` +
    `the other ${countNoun(shape.recurrentLayers, "layer")} ${shape.recurrentLayers === 1 ? "keeps" : "keep"} a fixed F32 recurrent state per sequence, ` +
    `whatever the context size${window}`
  );
}
