/**
 * A GGUF file shaped like Qwen3.5-0.8B's: its full header (248,320 tokens, 247,587 merges, 121
 * tensor infos) in front of about 1 GB of tensor data that is a sparse hole, so only the header is
 * written. Used by the reader's tests and by bench/gguf-read.ts.
 */
import { truncateSync } from "node:fs";
import { type BuilderTensor, buildGgufBytes, tensorByteSize } from "./gguf-bytes.test-support.js";
import { array, scalar } from "./reader-fixtures.test-support.js";
import { GgufValueType as T } from "./reader-types.js";

/** The file written, with what its header holds. */
export interface Qwen35SizedFile {
  path: string;
  /** Bytes, tensor data included. */
  size: number;
  /** Where the tensor data starts: the header region is everything before. */
  dataOffset: number;
  vocabulary: number;
  merges: number;
  tensors: number;
}

/** The text of token `index` (every token differs; some are non-ASCII). */
export function qwen35SizedToken(index: number): string {
  return `Ġ${index.toString(36)}é${"x".repeat(index % 9)}`;
}

/** Writes the file through `write(name, bytes)` (which returns its path) and extends it to full size. */
export function writeQwen35SizedFile(write: (name: string, bytes: Uint8Array) => string): Qwen35SizedFile {
  const vocabulary = 248_320;
  const mergeCount = 247_587;
  const tokens: string[] = new Array(vocabulary);
  const types: number[] = new Array(vocabulary);
  const merges: string[] = new Array(mergeCount);
  for (let index = 0; index < vocabulary; index++) {
    tokens[index] = qwen35SizedToken(index);
    types[index] = index > 248_000 ? 3 : 1;
  }
  for (let index = 0; index < mergeCount; index++)
    merges[index] = `Ġ${index.toString(36)} ${(index * 7).toString(36)}`;
  const tensors: BuilderTensor[] = [{ name: "token_embd.weight", dimensions: [1024, vocabulary], type: 14 }];
  for (let layer = 0; layer < 24; layer++) {
    tensors.push(
      { name: `blk.${layer}.attn_norm.weight`, dimensions: [1024], type: 0 },
      { name: `blk.${layer}.ffn_gate.weight`, dimensions: [1024, 3584], type: 1 },
      { name: `blk.${layer}.ffn_up.weight`, dimensions: [1024, 3584], type: 1 },
      { name: `blk.${layer}.ffn_down.weight`, dimensions: [3584, 1024], type: 1 },
      { name: `blk.${layer}.attn_qkv.weight`, dimensions: [1024, 6144], type: 1 },
    );
  }
  const { bytes, layout } = buildGgufBytes({
    kvs: [
      { key: "general.architecture", value: scalar(T.STRING, "qwen35") },
      { key: "qwen35.context_length", value: scalar(T.UINT32, 262144) },
      { key: "tokenizer.ggml.model", value: scalar(T.STRING, "gpt2") },
      { key: "tokenizer.ggml.pre", value: scalar(T.STRING, "qwen35") },
      { key: "tokenizer.ggml.tokens", value: array(T.STRING, tokens) },
      { key: "tokenizer.ggml.token_type", value: array(T.INT32, types) },
      { key: "tokenizer.ggml.merges", value: array(T.STRING, merges) },
    ],
    tensors,
    dataBytes: 0,
  });
  const path = write("qwen35-sized.gguf", bytes);
  let dataBytes = 0;
  for (const tensor of tensors) dataBytes += Math.ceil(tensorByteSize(tensor) / 32) * 32;
  const size = layout.dataOffset + dataBytes;
  truncateSync(path, size);
  return {
    path,
    size,
    dataOffset: layout.dataOffset,
    vocabulary,
    merges: mergeCount,
    tensors: tensors.length,
  };
}
