/**
 * `edgecall inspect`: a GGUF file's summary (architecture, parameter count, file type, context
 * length, chat template, tensor types), all its metadata, with long arrays summarised, and the
 * problems that would make llama.cpp abort on or refuse it.
 */

import { fileTypeNames, ggmlType } from "./ggml-types.js";
import { type JsonValue, metadataToJson } from "./inspect-metadata.js";
import { hyperparameterArrayElements, modelHyperparameterProblems } from "./model-hyperparameters.js";
import { ggufNumber, ggufString, isGgufArray, readGguf } from "./reader.js";
import type { GgufFile, GgufTensorInfo } from "./reader-types.js";

/** The `inspect --json` document (the CLI contract's fields first; fields may be added, never renamed). */
export interface InspectResult {
  /** `general.architecture`, or null when absent. */
  architecture: string | null;
  /** Sum of every tensor's element count, as llama.cpp's `llama_model_n_params` counts. */
  parameters: number;
  /** Name of `general.file_type` (e.g. "Q4_K_M"); else guessed from the tensors as llama.cpp does. */
  fileType: string | null;
  /** `<architecture>.context_length`, or null. */
  contextLength: number | null;
  tensorCount: number;
  chatTemplate: string | null;
  /** Every key-value pair, arrays over 16 elements as `{type, elementType, length, head}`. */
  metadata: Record<string, JsonValue>;
  /** `general.name`, or null. */
  name: string | null;
  /** True when `fileType` was guessed from the most common tensor type (no `general.file_type`). */
  fileTypeGuessed: boolean;
  /** Tokens in `tokenizer.ggml.tokens` (else `<architecture>.vocab_size`), or null. */
  vocabularySize: number | null;
  /** GGUF format version. */
  version: number;
  fileSize: number;
  /** Bytes of tensor data (without alignment padding). */
  sizeBytes: number;
  /** Number of tensors of each ggml type, most common first (ties by name). */
  tensorTypes: Record<string, number>;
  /**
   * What makes the model unloadable: hyperparameters llama.cpp would abort on (or refuse), tensors
   * that disagree with them (model-hyperparameters.ts). Empty for a sound model, and for files that
   * are not models (no architecture, or a `general.type` other than "model").
   */
  problems: string[];
}

/** Reads the GGUF file at `path` and summarises it. Throws as {@link readGguf} does. */
export async function inspectGguf(path: string): Promise<InspectResult> {
  return summariseGguf(await readGguf(path, { maxArrayElementsKept: hyperparameterArrayElements }));
}

/**
 * Summarises a file already read. Arrays need {@link hyperparameterArrayElements} elements kept
 * for the checks of per-layer hyperparameters (the metadata shows only the first 16).
 */
export function summariseGguf(file: GgufFile): InspectResult {
  const metadata = file.metadata;
  const architecture = ggufString(metadata.get("general.architecture")) ?? null;
  const fileType = fileTypeOf(file);
  const tokens = metadata.get("tokenizer.ggml.tokens");
  const vocabularySize = isGgufArray(tokens)
    ? tokens.length
    : (ggufNumber(metadata.get(`${architecture}.vocab_size`)) ?? null);
  return {
    architecture,
    parameters: file.tensors.reduce((sum, tensor) => sum + tensor.elementCount, 0),
    fileType: fileType?.name ?? null,
    contextLength:
      architecture === null ? null : (ggufNumber(metadata.get(`${architecture}.context_length`)) ?? null),
    tensorCount: file.tensors.length,
    chatTemplate: ggufString(metadata.get("tokenizer.chat_template")) ?? null,
    metadata: metadataToJson(metadata, file.metadataTypes),
    name: ggufString(metadata.get("general.name")) ?? null,
    fileTypeGuessed: fileType?.guessed ?? false,
    vocabularySize,
    version: file.version,
    fileSize: file.fileSize,
    sizeBytes: file.tensors.reduce((sum, tensor) => sum + tensor.byteSize, 0),
    tensorTypes: tensorTypeHistogram(file.tensors),
    problems: modelHyperparameterProblems(file),
  };
}

function tensorTypeHistogram(tensors: readonly GgufTensorInfo[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const tensor of tensors) counts.set(tensor.typeName, (counts.get(tensor.typeName) ?? 0) + 1);
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)));
}

/**
 * llama.cpp's file-type guess (llama-model-loader.cpp): the ggml type used by the most tensors,
 * walking them in name order (first to reach the top count wins), mapped to a `llama_ftype`;
 * K-quants map to their _M variant.
 */
const guessedFileTypes: Readonly<Record<string, string>> = {
  Q3_K: "Q3_K_M",
  Q4_K: "Q4_K_M",
  Q5_K: "Q5_K_M",
};

function fileTypeOf(file: GgufFile): { name: string; guessed: boolean } | undefined {
  const declared = ggufNumber(file.metadata.get("general.file_type"));
  if (declared !== undefined)
    return { name: fileTypeNames[declared] ?? `unknown (${declared})`, guessed: false };
  if (file.tensors.length === 0) return undefined;
  const byName = [...file.tensors].sort((a, b) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)));
  const counts = new Map<number, number>();
  let best = byName[0]!.type;
  let bestCount = 0;
  for (const tensor of byName) {
    const count = (counts.get(tensor.type) ?? 0) + 1;
    counts.set(tensor.type, count);
    if (count > bestCount) {
      bestCount = count;
      best = tensor.type;
    }
  }
  const typeName = ggmlType(best)?.name ?? String(best);
  return { name: guessedFileTypes[typeName] ?? typeName, guessed: true };
}
