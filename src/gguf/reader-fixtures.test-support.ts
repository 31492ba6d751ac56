/**
 * Test support: GGUF descriptions shaped like real small models (a qwen3-like layout with a
 * vocabulary, merges, a chat template and tensors of several ggml types), for the reader and
 * inspect tests.
 */

import type {
  BuilderElement,
  BuilderTensor,
  BuilderValue,
  GgufBytesSpec,
} from "./gguf-bytes.test-support.js";
import { GgufValueType as T } from "./reader-types.js";

/** Shorthand for a scalar builder value. */
export function scalar(type: number, value: number | bigint | boolean | string): BuilderValue {
  return { type, value };
}

/** Shorthand for an array builder value. */
export function array(elementType: number, values: readonly BuilderElement[]): BuilderValue {
  return { type: T.ARRAY, elementType, values };
}

/** The chat template used by the fixtures (short, but with the Qwen3 tool-call markers). */
export const fixtureChatTemplate =
  "{%- for message in messages %}<|im_start|>{{ message.role }}\n{{ message.content }}<|im_end|>\n{%- endfor %}" +
  "{%- if tools %}<tool_call>{%- endif %}";

/**
 * A qwen3-shaped model: `layers` blocks of width `width`, vocabulary of `vocabulary` tokens and as
 * many merges, Q4_K weights, Q6_K output, F32 norms. Tied output unless `untied`.
 */
export function modelSpec(options: {
  layers?: number;
  width?: number;
  vocabulary?: number;
  fileType?: number | undefined;
  untied?: boolean;
}): GgufBytesSpec {
  const layers = options.layers ?? 2;
  const width = options.width ?? 256;
  const vocabulary = options.vocabulary ?? 64;
  const tokens: string[] = [];
  const merges: string[] = [];
  const types: number[] = [];
  for (let index = 0; index < vocabulary; index++) {
    tokens.push(index < 3 ? ["<|endoftext|>", "<|im_start|>", "<|im_end|>"][index]! : `tok${index}Ġ`);
    merges.push(`t${index % 97} o${index}`);
    types.push(index < 3 ? 3 : 1);
  }
  const kvs: { key: string; value: BuilderValue }[] = [
    { key: "general.architecture", value: scalar(T.STRING, "qwen3") },
    { key: "general.name", value: scalar(T.STRING, "Fixture Qwen3") },
    { key: "qwen3.block_count", value: scalar(T.UINT32, layers) },
    { key: "qwen3.context_length", value: scalar(T.UINT32, 40960) },
    { key: "qwen3.embedding_length", value: scalar(T.UINT32, width) },
    { key: "qwen3.rope.freq_base", value: scalar(T.FLOAT32, 1_000_000) },
    { key: "qwen3.attention.layer_norm_rms_epsilon", value: scalar(T.FLOAT32, 1e-6) },
    { key: "tokenizer.ggml.model", value: scalar(T.STRING, "gpt2") },
    { key: "tokenizer.ggml.tokens", value: array(T.STRING, tokens) },
    { key: "tokenizer.ggml.token_type", value: array(T.INT32, types) },
    { key: "tokenizer.ggml.merges", value: array(T.STRING, merges) },
    { key: "tokenizer.ggml.eos_token_id", value: scalar(T.UINT32, 2) },
    { key: "tokenizer.chat_template", value: scalar(T.STRING, fixtureChatTemplate) },
  ];
  if (options.fileType !== undefined) {
    kvs.splice(2, 0, { key: "general.file_type", value: scalar(T.UINT32, options.fileType) });
  }
  const tensors: BuilderTensor[] = [{ name: "token_embd.weight", dimensions: [width, vocabulary], type: 14 }];
  for (let layer = 0; layer < layers; layer++) {
    const prefix = `blk.${layer}.`;
    tensors.push(
      { name: `${prefix}attn_norm.weight`, dimensions: [width], type: 0 },
      { name: `${prefix}attn_q.weight`, dimensions: [width, width], type: 12 },
      { name: `${prefix}attn_k.weight`, dimensions: [width, width / 2], type: 12 },
      { name: `${prefix}attn_v.weight`, dimensions: [width, width / 2], type: 14 },
      { name: `${prefix}attn_output.weight`, dimensions: [width, width], type: 12 },
      { name: `${prefix}ffn_norm.weight`, dimensions: [width], type: 0 },
      { name: `${prefix}ffn_up.weight`, dimensions: [width, 3 * width], type: 12 },
      { name: `${prefix}ffn_down.weight`, dimensions: [3 * width, width], type: 14 },
    );
  }
  tensors.push({ name: "output_norm.weight", dimensions: [width], type: 0 });
  if (options.untied) tensors.push({ name: "output.weight", dimensions: [width, vocabulary], type: 14 });
  return { kvs, tensors };
}
