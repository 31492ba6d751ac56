/**
 * Checks a GGUF model's architecture hyperparameters, and the tensor shapes that follow from them,
 * before llama.cpp sees the file. llama.cpp refuses many bad files with an error, but it meets
 * some impossible values with a GGML_ASSERT, which aborts the whole process (SIGABRT): more than
 * 512 layers, a NaN or negative epsilon, zero attention heads, a rope dimension it cannot rotate,
 * expert counts out of range. The checks follow llama.cpp's loader (src/llama-model.cpp
 * `load_hparams`, src/llama-hparams.h) and ggml's asserts (rms_norm, rope); each problem names
 * the key or tensor at fault. A file that passes may still be refused by llama.cpp, but with an
 * error rather than an abort. This file holds the whole check and the model-wide keys; how keys
 * are read, the per-layer checks and the tensor checks are in hyperparameter-keys.ts,
 * layer-hyperparameters.ts and tensor-shape-checks.ts.
 */

import { EdgecallError } from "../errors.js";
import { describe, integerKey, type ModelFacts, Problems } from "./hyperparameter-keys.js";
import { checkAttention, checkExperts, checkFeedForward } from "./layer-hyperparameters.js";
import { readGguf } from "./reader.js";
import { type GgufFile, GgufValueType, ggufString, isGgufArray } from "./reader-types.js";
import { checkTensors } from "./tensor-shape-checks.js";

export type { ModelFacts } from "./hyperparameter-keys.js";

/** llama.cpp's LLAMA_MAX_LAYERS: `block_count` above it is a GGML_ASSERT. */
export const maxModelLayers = 512;
/**
 * Per-layer arrays are at most {@link maxModelLayers} long, so a reader that keeps this many
 * elements of each array gives the checks every value they need.
 */
export const hyperparameterArrayElements = maxModelLayers;

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
