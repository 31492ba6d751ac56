/**
 * Test support: model-shaped GGUFs written in milliseconds, whatever their size. A "hollow" file
 * has a real header (the metadata and tensor infos of a synthesis plan, edited at will) and a data
 * section that is only a hole (a sparse file of zeros), so the reader and the hyperparameter
 * checks see a complete file. Hostile files (values llama.cpp aborts on) are built this way; they
 * must never be given to llama.cpp in a test.
 */
import { closeSync, ftruncateSync, openSync, writeSync } from "node:fs";
import { planSynthesis, type SynthesisPlan } from "./synth/synthesize.js";
import {
  encodeGgufHeader,
  type GgufTensorDescriptor,
  type GgufWriteKv,
  type GgufWriteValue,
} from "./writer.js";

/** Writes `metadata` and `tensors` as a GGUF at `path` whose tensor data is a hole of zeros. */
export function writeHollowGguf(
  path: string,
  metadata: readonly GgufWriteKv[],
  tensors: readonly GgufTensorDescriptor[],
): string {
  const layout = encodeGgufHeader(metadata, tensors);
  const descriptor = openSync(path, "w");
  try {
    writeSync(descriptor, layout.header);
    ftruncateSync(descriptor, layout.fileSize);
  } finally {
    closeSync(descriptor);
  }
  return path;
}

/** The synthesis plan of a preset (default: `tiny` of `arch`), at q8_0 unless told. */
export function presetPlan(arch: string | undefined, preset = "tiny", quant = "q8_0"): SynthesisPlan {
  return planSynthesis({ arch, preset, quant });
}

/** `metadata` with `key` set to `value` (replaced in place, or appended), or removed when undefined. */
export function withKv(
  metadata: readonly GgufWriteKv[],
  key: string,
  value: GgufWriteValue | undefined,
): GgufWriteKv[] {
  const index = metadata.findIndex((kv) => kv.key === key);
  const edited = [...metadata];
  if (value === undefined) {
    if (index >= 0) edited.splice(index, 1);
  } else if (index >= 0) edited[index] = { key, value };
  else edited.push({ key, value });
  return edited;
}

/** A u32 value. */
export const u32 = (value: number): GgufWriteValue => ({ type: "u32", value });
/** An f32 value. */
export const f32 = (value: number): GgufWriteValue => ({ type: "f32", value });
