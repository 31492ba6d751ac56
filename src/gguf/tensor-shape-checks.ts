/**
 * Checks a model's tensors against its hyperparameters: there are tensors, token_embd is
 * width × vocabulary, every block 0..n-1 is present and none lies past `block_count`, the norms
 * are `embedding_length` wide, and (for architectures with separate keys and values) attn_k and
 * attn_v are as wide as the key-value heads. Part of `modelHyperparameterProblems`.
 */
import type { ModelFacts, Problems } from "./hyperparameter-keys.js";
import type { AttentionShape } from "./layer-hyperparameters.js";
import { ggufNumber, isGgufArray } from "./reader-types.js";

/**
 * Architectures whose attention layers hold `attn_k` / `attn_v` of width
 * head_count_kv × key_length / value_length (src/models/*.cpp); only these get that check.
 */
const separateKeyValueArchitectures = new Set(["llama", "qwen2", "qwen3", "qwen35", "lfm2"]);

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

/** "[2048, 151936]". */
function shape(dimensions: readonly number[]): string {
  return `[${dimensions.join(", ")}]`;
}

/** token_embd, the norms and attention tensors against the hyperparameters; blocks 0..n-1 present. */
export function checkTensors(
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
