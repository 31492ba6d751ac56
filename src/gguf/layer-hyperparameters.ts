/**
 * The per-layer checks of a model's hyperparameters, as llama.cpp's `load_hparams` asserts them:
 * expert counts, the feed-forward width, attention head counts (0 allowed where a layer has no
 * attention), head sizes and the rope dimension. Part of `modelHyperparameterProblems`.
 */
import { integerKey, layerNote, type ModelFacts, type Problems, perLayerKey } from "./hyperparameter-keys.js";
import { isGgufArray } from "./reader-types.js";

/** llama.cpp's LLAMA_MAX_EXPERTS. */
const maxExperts = 1024;

/** Architectures without attention (llama.cpp's `llm_arch_is_recurrent`): no head counts to check. */
const recurrentArchitectures = new Set(["mamba", "mamba2", "rwkv6", "rwkv6qwen2", "rwkv7", "arwkv7"]);

/**
 * Architectures some of whose layers have no attention, written as head counts of 0 in a
 * per-layer array (llama.cpp's `llm_arch_is_hybrid`, and deci's attention-free layers).
 */
const partlyAttentionFree = new Set([
  "jamba",
  "falcon-h1",
  "plamo2",
  "granitehybrid",
  "lfm2",
  "lfm2moe",
  "nemotron_h",
  "nemotron_h_moe",
  "qwen3next",
  "kimi-linear",
  "bailingmoe3",
  "kimi-k3",
  "qwen35",
  "qwen35moe",
  "qwen4exp",
  "deepseek4",
  "minimax-01",
  "deci",
]);

/** llama.cpp's expert-count asserts (load_hparams). Returns expert_count (0 when absent). */
export function checkExperts(
  facts: ModelFacts,
  problems: Problems,
  architecture: string,
  layers: number,
): number {
  const key = (name: string) => `${architecture}.${name}`;
  const experts = integerKey(facts, problems, key("expert_count"), false) ?? 0;
  const used = perLayerKey(facts, problems, key("expert_used_count"), layers);
  const usedMax = used === undefined ? 0 : Math.max(...used);
  const groups = integerKey(facts, problems, key("expert_group_count"), false) ?? 0;
  const groupsUsed = integerKey(facts, problems, key("expert_group_used_count"), false) ?? 0;
  if (experts > maxExperts)
    problems.add(`${key("expert_count")} is ${experts}; llama.cpp allows at most ${maxExperts}`);
  if (usedMax > experts) {
    problems.add(`${key("expert_used_count")} (${usedMax}) exceeds expert_count (${experts})`);
  }
  if (experts > 0) {
    if (usedMax === 0)
      problems.add(`${key("expert_used_count")} must be at least 1 when expert_count is ${experts}`);
    if (groups >= experts)
      problems.add(`${key("expert_group_count")} (${groups}) must be below expert_count (${experts})`);
    if (groups > 1) {
      if (experts % groups !== 0) {
        problems.add(`${key("expert_group_count")} (${groups}) must divide expert_count (${experts})`);
      }
      if (groupsUsed === 0 || groupsUsed >= groups) {
        problems.add(`${key("expert_group_used_count")} (${groupsUsed}) must be 1 to ${groups - 1}`);
      }
    }
  } else if (groups !== 0) {
    problems.add(`${key("expert_group_count")} is ${groups} in a model without experts`);
  }
  return experts;
}

/**
 * A dense model's feed-forward width: 0 is a zero tensor dimension. Recurrent models write 0
 * (unused), mixture-of-experts models may, and deci's per-layer array marks layers without one.
 */
export function checkFeedForward(
  facts: ModelFacts,
  problems: Problems,
  architecture: string,
  layers: number,
  experts: number,
): void {
  if (recurrentArchitectures.has(architecture) || experts > 0) return;
  const ffKey = `${architecture}.feed_forward_length`;
  const widths = perLayerKey(facts, problems, ffKey, layers);
  if (widths === undefined || (architecture === "deci" && isGgufArray(facts.metadata.get(ffKey)))) return;
  const layer = widths.indexOf(0);
  if (layer >= 0) problems.add(`${ffKey} is 0${layerNote(facts, ffKey, layer)}`);
}

/** Head counts, head sizes and rope dimensions. Returns the per-layer head counts when readable. */
export function checkAttention(
  facts: ModelFacts,
  problems: Problems,
  architecture: string,
  layers: number,
  width: number | undefined,
): AttentionShape | undefined {
  if (recurrentArchitectures.has(architecture)) return undefined;
  const headKey = `${architecture}.attention.head_count`;
  const kvKey = `${architecture}.attention.head_count_kv`;
  const heads = perLayerKey(facts, problems, headKey, layers);
  if (heads === undefined) {
    if (!facts.metadata.has(headKey)) problems.add(`${headKey} is missing`);
    return undefined;
  }
  const kv = perLayerKey(facts, problems, kvKey, layers) ?? (facts.metadata.has(kvKey) ? undefined : heads);
  if (kv === undefined) return undefined;
  // In a per-layer array of a partly attention-free architecture, 0 marks a layer without attention.
  const zeroAllowed = partlyAttentionFree.has(architecture);
  const headsPerLayer = isGgufArray(facts.metadata.get(headKey));
  const kvPerLayer = facts.metadata.has(kvKey) ? isGgufArray(facts.metadata.get(kvKey)) : headsPerLayer;
  for (let layer = 0; layer < layers; layer++) {
    const h = heads[layer]!;
    const k = kv[layer]!;
    if (zeroAllowed && ((h === 0 && headsPerLayer) || (k === 0 && kvPerLayer))) continue;
    if (h === 0) {
      problems.add(`${headKey} is 0${layerNote(facts, headKey, layer)}`);
    } else if (k === 0) {
      problems.add(`${kvKey} is 0${layerNote(facts, kvKey, layer)}`);
    } else if (h % k !== 0) {
      const where = layerNote(facts, kvPerLayer ? kvKey : headKey, layer);
      problems.add(`${kvKey} (${k}) must divide ${headKey} (${h})${where}`);
    }
  }
  const firstHeads = heads[0]!;
  const keyLength = integerKey(facts, problems, `${architecture}.attention.key_length`, false);
  const valueLength = integerKey(facts, problems, `${architecture}.attention.value_length`, false);
  let headSize = keyLength;
  let valueSize = valueLength;
  if (width !== undefined && width > 0 && firstHeads > 0) {
    if ((keyLength === undefined || valueLength === undefined) && width % firstHeads !== 0) {
      const missing = keyLength === undefined ? "key_length" : "value_length";
      problems.add(
        `${architecture}.embedding_length (${width}) is not a multiple of ${headKey} (${firstHeads}) and ${architecture}.attention.${missing} is not given`,
      );
    } else {
      headSize ??= width / firstHeads;
      valueSize ??= width / firstHeads;
    }
  }
  const ropeKey = `${architecture}.rope.dimension_count`;
  const ropeDimensions = integerKey(facts, problems, ropeKey, false);
  if (ropeDimensions !== undefined && headSize !== undefined && headSize > 0) {
    if (ropeDimensions % 2 !== 0) problems.add(`${ropeKey} (${ropeDimensions}) must be even`);
    if (ropeDimensions > headSize) {
      problems.add(`${ropeKey} (${ropeDimensions}) exceeds the head size (${headSize})`);
    }
  }
  return headSize === undefined || valueSize === undefined || headSize === 0 || valueSize === 0
    ? undefined
    : { heads, kv, headSize, valueSize };
}

/** The attention shape the tensors must agree with. */
export interface AttentionShape {
  heads: number[];
  kv: number[];
  headSize: number;
  valueSize: number;
}
