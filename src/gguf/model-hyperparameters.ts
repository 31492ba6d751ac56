/**
 * Checks a GGUF model's architecture hyperparameters, and the tensor shapes that follow from them,
 * before llama.cpp sees the file. llama.cpp refuses many bad files with an error, but it meets
 * some impossible values with a GGML_ASSERT, which aborts the whole process (SIGABRT): more than
 * 512 layers, a NaN or negative epsilon, zero attention heads, a rope dimension it cannot rotate,
 * expert counts out of range. The checks follow llama.cpp's loader (src/llama-model.cpp
 * `load_hparams`, src/llama-hparams.h) and ggml's asserts (rms_norm, rope); each problem names
 * the key or tensor at fault. A file that passes may still be refused by llama.cpp, but with an
 * error rather than an abort.
 */

import { EdgecallError } from "../errors.js";
import { readGguf } from "./reader.js";
import {
  type GgufFile,
  type GgufValue,
  GgufValueType,
  ggufNumber,
  ggufString,
  isGgufArray,
} from "./reader-types.js";

/** llama.cpp's LLAMA_MAX_LAYERS: `block_count` above it is a GGML_ASSERT. */
export const maxModelLayers = 512;
/** llama.cpp's LLAMA_MAX_EXPERTS. */
const maxExperts = 1024;
/**
 * Per-layer arrays are at most {@link maxModelLayers} long, so a reader that keeps this many
 * elements of each array gives the checks every value they need.
 */
export const hyperparameterArrayElements = maxModelLayers;

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

/**
 * Architectures whose attention layers hold `attn_k` / `attn_v` of width
 * head_count_kv × key_length / value_length (src/models/*.cpp); only these get that check.
 */
const separateKeyValueArchitectures = new Set(["llama", "qwen2", "qwen3", "qwen35", "lfm2"]);

/**
 * Sizes that become tensor dimensions or divisors: 0 makes llama.cpp's loader assert
 * (`t_meta.ne[dim] >= 1`) or divide by zero (SIGFPE, e.g. qwen35's full_attention_interval).
 */
const positiveWhenPresent = [
  "attention.key_length",
  "attention.value_length",
  "vocab_size",
  "full_attention_interval",
  "ssm.conv_kernel",
  "ssm.state_size",
  "ssm.group_count",
  "ssm.time_step_rank",
  "ssm.inner_size",
  "shortconv.l_cache",
  "wkv.head_size",
];

/** llama.cpp's LLAMA_ROPE_SCALING_TYPES; any other `rope.scaling.type` is a GGML_ASSERT. */
const ropeScalingTypes = new Set(["none", "linear", "yarn", "longrope"]);

/** What {@link modelHyperparameterProblems} reads: a file's metadata and tensor infos. */
export type ModelFacts = Pick<GgufFile, "metadata" | "metadataTypes" | "tensors">;

/**
 * Collects problems, each naming its key. Names come from the file, so control characters (which
 * a terminal may act on) are written as \u escapes.
 */
class Problems {
  readonly list: string[] = [];
  add(message: string): void {
    const printable = message.replace(
      /[\u0000-\u001f\u007f-\u009f]/g,
      (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
    if (!this.list.includes(printable)) this.list.push(printable);
  }
}

function isInteger(value: GgufValue | undefined): value is number | bigint {
  return (typeof value === "number" && Number.isInteger(value)) || typeof value === "bigint";
}

/**
 * Reads an integer hyperparameter. Undefined when absent (a problem when `required`) or not a
 * non-negative integer (always a problem).
 */
function integerKey(
  facts: ModelFacts,
  problems: Problems,
  key: string,
  required: boolean,
): number | undefined {
  const value = facts.metadata.get(key);
  if (value === undefined) {
    if (required) problems.add(`${key} is missing`);
    return undefined;
  }
  const number = isInteger(value) ? ggufNumber(value) : undefined;
  if (number === undefined || number < 0) {
    problems.add(`${key} must be a non-negative integer, got ${describe(value)}`);
    return undefined;
  }
  return number;
}

/**
 * A per-layer hyperparameter (`head_count`, `head_count_kv`, ...): a scalar for every layer, or an
 * array with one entry per layer, as llama.cpp's `get_key_or_arr` reads it. Undefined when absent
 * or malformed (malformed is a problem).
 */
function perLayerKey(
  facts: ModelFacts,
  problems: Problems,
  key: string,
  layers: number,
): number[] | undefined {
  const value = facts.metadata.get(key);
  if (value === undefined) return undefined;
  if (!isGgufArray(value)) {
    const number = isInteger(value) ? ggufNumber(value) : undefined;
    if (number === undefined || number < 0) {
      problems.add(`${key} must be a non-negative integer, got ${describe(value)}`);
      return undefined;
    }
    return Array.from({ length: layers }, () => number);
  }
  if (value.length !== layers) {
    problems.add(`${key} has ${value.length} entries, one per layer was expected (block_count ${layers})`);
    return undefined;
  }
  const numbers = value.values.map((element) => (isInteger(element) ? ggufNumber(element) : undefined));
  if (numbers.length < layers || numbers.some((number) => number === undefined || number < 0)) {
    problems.add(`${key} must hold non-negative integers`);
    return undefined;
  }
  return numbers as number[];
}

function describe(value: GgufValue): string {
  if (isGgufArray(value)) return `an array of ${value.length}`;
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return String(value);
}

/** "layer 3" for one bad layer of an array, "" for a scalar (every layer alike). */
function layerNote(facts: ModelFacts, key: string, layer: number): string {
  return isGgufArray(facts.metadata.get(key)) ? ` at layer ${layer}` : "";
}

/**
 * Every problem that would make llama.cpp abort on (or refuse) the model in `facts`, as messages
 * naming the key or tensor; empty when none is found. Files that are not models (no
 * `general.architecture`, or a `general.type` other than "model", e.g. LoRA adapters) are not
 * checked. Arrays must have been read with at least {@link hyperparameterArrayElements} elements kept.
 */
export function modelHyperparameterProblems(facts: ModelFacts): string[] {
  const architecture = ggufString(facts.metadata.get("general.architecture"));
  const type = ggufString(facts.metadata.get("general.type"));
  if (architecture === undefined || architecture === "" || (type !== undefined && type !== "model"))
    return [];
  const problems = new Problems();
  const key = (name: string) => `${architecture}.${name}`;
  checkFloats(facts, problems, architecture);

  integerKey(facts, problems, key("context_length"), true);
  const width = integerKey(facts, problems, key("embedding_length"), true);
  if (width === 0) problems.add(`${key("embedding_length")} is 0`);
  const layers = integerKey(facts, problems, key("block_count"), true);
  const layerCount = layers !== undefined && layers >= 1 && layers <= maxModelLayers ? layers : undefined;
  if (layers !== undefined && layerCount === undefined) {
    problems.add(`${key("block_count")} is ${layers}; llama.cpp allows 1 to ${maxModelLayers} layers`);
  }
  const scalingType = facts.metadata.get(key("rope.scaling.type"));
  if (scalingType !== undefined && !(typeof scalingType === "string" && ropeScalingTypes.has(scalingType))) {
    problems.add(
      `${key("rope.scaling.type")} is ${describe(scalingType)}; llama.cpp knows ${[...ropeScalingTypes].join(", ")}`,
    );
  }
  for (const name of positiveWhenPresent) {
    if (integerKey(facts, problems, key(name), false) === 0) problems.add(`${key(name)} is 0`);
  }
  if (layerCount !== undefined) {
    const nextn = integerKey(facts, problems, key("nextn_predict_layers"), false);
    if (nextn !== undefined && nextn > layerCount) {
      problems.add(`${key("nextn_predict_layers")} (${nextn}) exceeds block_count (${layerCount})`);
    }
    const experts = checkExperts(facts, problems, architecture, layerCount);
    checkFeedForward(facts, problems, architecture, layerCount, experts);
    const heads = checkAttention(facts, problems, architecture, layerCount, width);
    checkTensors(facts, problems, architecture, layerCount, width, heads);
  }
  return problems.list;
}

/** Every float under `<arch>.` must be finite; epsilons and the rope base must be positive. */
function checkFloats(facts: ModelFacts, problems: Problems, architecture: string): void {
  const prefix = `${architecture}.`;
  for (const [name, value] of facts.metadata) {
    if (!name.startsWith(prefix)) continue;
    const type = facts.metadataTypes.get(name);
    const elementType = isGgufArray(value) ? value.elementType : type;
    if (elementType !== GgufValueType.FLOAT32 && elementType !== GgufValueType.FLOAT64) continue;
    const numbers = isGgufArray(value) ? value.values : [value];
    const mustBePositive = name.endsWith("epsilon") || name.endsWith("rope.freq_base");
    for (const number of numbers) {
      if (typeof number !== "number") continue;
      if (!Number.isFinite(number)) {
        problems.add(`${name} is ${number}, not a finite number`);
        break;
      }
      if (mustBePositive && number <= 0) {
        problems.add(`${name} is ${number}; it must be positive`);
        break;
      }
    }
  }
}

/** llama.cpp's expert-count asserts (load_hparams). Returns expert_count (0 when absent). */
function checkExperts(facts: ModelFacts, problems: Problems, architecture: string, layers: number): number {
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
function checkFeedForward(
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
function checkAttention(
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
interface AttentionShape {
  heads: number[];
  kv: number[];
  headSize: number;
  valueSize: number;
}

/** The vocabulary size llama.cpp uses: the tokens array, else `<arch>.vocab_size`. */
function vocabularySize(facts: ModelFacts, architecture: string): number | undefined {
  const tokens = facts.metadata.get("tokenizer.ggml.tokens");
  if (isGgufArray(tokens)) return tokens.length;
  return ggufNumber(facts.metadata.get(`${architecture}.vocab_size`));
}

/** "block 3", "blocks 2-99999" (a run), or "blocks 1, 4, 7, ..." (scattered). */
function blockList(blocks: readonly number[]): string {
  if (blocks.length === 1) return `block ${blocks[0]}`;
  const first = blocks[0]!;
  const last = blocks.at(-1)!;
  if (last - first + 1 === blocks.length) return `blocks ${first}-${last}`;
  const shown = blocks.slice(0, 5).join(", ");
  return `blocks ${shown}${blocks.length > 5 ? `, ... (${blocks.length} in all)` : ""}`;
}

function shape(dimensions: readonly number[]): string {
  return `[${dimensions.join(", ")}]`;
}

/** token_embd, the norms and attention tensors against the hyperparameters; blocks 0..n-1 present. */
function checkTensors(
  facts: ModelFacts,
  problems: Problems,
  architecture: string,
  layers: number,
  width: number | undefined,
  attention: AttentionShape | undefined,
): void {
  if (facts.tensors.length === 0) {
    problems.add(
      "the file holds no tensors (a vocabulary-only file?), so it is not a model llama.cpp can run",
    );
    return;
  }
  const byName = new Map(facts.tensors.map((tensor) => [tensor.name, tensor.dimensions]));
  const expect = (name: string, expected: readonly number[]) => {
    const actual = byName.get(name);
    if (actual === undefined) return;
    if (actual.length !== expected.length || actual.some((size, index) => size !== expected[index])) {
      problems.add(`tensor ${name} is ${shape(actual)}, the hyperparameters make it ${shape(expected)}`);
    }
  };
  const vocabulary = vocabularySize(facts, architecture);
  if (!byName.has("token_embd.weight")) problems.add("the file has no token_embd.weight tensor");
  else if (width !== undefined && width > 0 && vocabulary !== undefined) {
    expect("token_embd.weight", [width, vocabulary]);
  }
  const blocks = new Set<number>();
  const beyond: string[] = [];
  for (const tensor of facts.tensors) {
    const match = /^blk\.(\d+)\./.exec(tensor.name);
    if (match === null) continue;
    const block = Number(match[1]);
    if (block >= layers) beyond.push(tensor.name);
    else blocks.add(block);
  }
  if (beyond.length > 0) {
    problems.add(
      `tensor ${beyond[0]}${beyond.length > 1 ? ` (and ${beyond.length - 1} more)` : ""} is past ${architecture}.block_count (${layers})`,
    );
  }
  const missing: number[] = [];
  for (let block = 0; block < layers; block++) if (!blocks.has(block)) missing.push(block);
  if (missing.length > 0) {
    problems.add(
      `${architecture}.block_count is ${layers}, but the file has no tensors for ${blockList(missing)}`,
    );
  }
  if (width === undefined || width === 0) return;
  expect("output_norm.weight", [width]);
  for (let layer = 0; layer < layers; layer++) {
    expect(`blk.${layer}.attn_norm.weight`, [width]);
    if (attention === undefined || !separateKeyValueArchitectures.has(architecture)) continue;
    const kv = attention.kv[layer]!;
    if (kv === 0) continue;
    expect(`blk.${layer}.attn_k.weight`, [width, kv * attention.headSize]);
    expect(`blk.${layer}.attn_v.weight`, [width, kv * attention.valueSize]);
  }
}

/**
 * Throws EdgecallError("invalid-gguf") naming the file and every problem
 * ({@link modelHyperparameterProblems}) unless there are none.
 */
export function assertModelHyperparameters(file: GgufFile): void {
  const problems = modelHyperparameterProblems(file);
  if (problems.length === 0) return;
  throw new EdgecallError("invalid-gguf", `${file.path}: ${problems.join("; ")}`, { subject: file.path });
}

/**
 * Reads the GGUF model at `path` with edgecall's reader and checks it is a model llama.cpp can
 * load without aborting: it has a `general.architecture`, and its hyperparameters and tensor
 * shapes pass {@link modelHyperparameterProblems}. Throws as {@link readGguf} does, and
 * EdgecallError("invalid-gguf") naming the file and what is wrong.
 */
export async function readCheckedModel(path: string): Promise<GgufFile> {
  const file = await readGguf(path, { maxArrayElementsKept: hyperparameterArrayElements });
  const architecture = ggufString(file.metadata.get("general.architecture"));
  if (architecture === undefined || architecture === "") {
    throw new EdgecallError(
      "invalid-gguf",
      `${path} has no general.architecture: it is not a model llama.cpp can load (edgecall inspect shows what it holds)`,
      { subject: path },
    );
  }
  assertModelHyperparameters(file);
  return file;
}
