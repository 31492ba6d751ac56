/**
 * Which ggml type each planned tensor gets for a quantisation name, following llama.cpp's rules
 * (src/llama-quant.cpp): only ≥2-D weight matrices are quantised (norms, conv kernels and 1-D
 * tensors stay F32), incompatible row lengths fall back (Q4_K → Q5_0, Q6_K → Q8_0, then F16), and
 * `q4_k_m` follows llama-quantize's per-tensor mixture (model-facts.md §4). `q4_0` also follows
 * llama-quantize's default: the output matrix (the token embedding when tied) becomes Q6_K, so speed
 * figures match files people actually download. f32/f16/bf16/q8_0 put the one type on every
 * quantisable tensor, as llama-quantize does for them.
 */
import { EdgecallError } from "../../errors.js";
import { ggmlType } from "../ggml-types.js";
import { GgmlTypeId } from "../quantize.js";
import type { PlannedTensor } from "./tensor-plan.js";

/** Quantisation names the synthesiser accepts. */
export const synthQuantTypes = ["f32", "f16", "bf16", "q8_0", "q4_0", "q4_k_m"] as const;
export type SynthQuantType = (typeof synthQuantTypes)[number];

const fileTypes: Record<SynthQuantType, number> = { f32: 0, f16: 1, q4_0: 2, q8_0: 7, q4_k_m: 15, bf16: 32 };

const pureTypes: Record<Exclude<SynthQuantType, "q4_k_m">, number> = {
  f32: GgmlTypeId.F32,
  f16: GgmlTypeId.F16,
  bf16: GgmlTypeId.BF16,
  q8_0: GgmlTypeId.Q8_0,
  q4_0: GgmlTypeId.Q4_0,
};

/** Checks a quantisation name; EdgecallError("usage") listing the valid names otherwise. */
export function parseQuantType(name: string): SynthQuantType {
  const lower = name.toLowerCase();
  if ((synthQuantTypes as readonly string[]).includes(lower)) return lower as SynthQuantType;
  throw new EdgecallError(
    "usage",
    `unknown quant type "${name}"; valid types: ${synthQuantTypes.join(", ")}`,
    {
      subject: "--quant",
    },
  );
}

/** `general.file_type` (llama_ftype) of a quantisation name. */
export function fileTypeOf(quant: SynthQuantType): number {
  return fileTypes[quant];
}

/** llama.cpp's `use_more_bits(i, n)`. */
function useMoreBits(index: number, count: number): boolean {
  const eighth = Math.floor(count / 8);
  return index < eighth || index >= Math.floor((7 * count) / 8) || (index - eighth) % 3 === 2;
}

/** llama.cpp's `tensor_type_fallback`: a compatible type when ne0 is not a block multiple. */
function withFallback(type: number, ne0: number): number {
  const blockSize = ggmlType(type)?.blockSize ?? 1;
  if (ne0 % blockSize === 0) return type;
  const fallback =
    type === GgmlTypeId.Q4_K ? GgmlTypeId.Q5_0 : type === GgmlTypeId.Q6_K ? GgmlTypeId.Q8_0 : type;
  return ne0 % (ggmlType(fallback)?.blockSize ?? 1) === 0 ? fallback : GgmlTypeId.F16;
}

/** True when llama-quantize would quantise this tensor at all. */
export function isQuantisable(tensor: PlannedTensor): boolean {
  return tensor.role === "matrix" && tensor.dimensions.length >= 2 && tensor.name.endsWith("weight");
}

/** The ggml type of every planned tensor, in plan order. */
export function assignTensorTypes(tensors: readonly PlannedTensor[], quant: SynthQuantType): number[] {
  const tied = !tensors.some((tensor) => tensor.name === "output.weight");
  const isOutput = (tensor: PlannedTensor) =>
    tensor.name === "output.weight" || (tied && tensor.name === "token_embd.weight");
  if (quant !== "q4_k_m") {
    const type = pureTypes[quant];
    return tensors.map((tensor) => {
      if (!isQuantisable(tensor)) return GgmlTypeId.F32;
      const ne0 = tensor.dimensions[0]!;
      // llama-quantize: the output tensor of a sub-8-bit quantisation becomes Q6_K (Q8_0 if ne0 % 32 != 0).
      if (quant === "q4_0" && isOutput(tensor))
        return withFallback(ne0 % 32 !== 0 ? GgmlTypeId.Q8_0 : GgmlTypeId.Q6_K, ne0);
      return withFallback(type, ne0);
    });
  }
  const isAttentionV = (name: string) => name.endsWith("attn_v.weight") || name.endsWith("attn_qkv.weight");
  const attentionVCount = tensors.filter((tensor) => isAttentionV(tensor.name)).length;
  const ffnDownCount = tensors.filter((tensor) => tensor.name.endsWith("ffn_down.weight")).length;
  let attentionVIndex = 0;
  let ffnDownIndex = 0;
  return tensors.map((tensor) => {
    if (!isQuantisable(tensor)) return GgmlTypeId.F32;
    const ne0 = tensor.dimensions[0]!;
    let type: number = GgmlTypeId.Q4_K;
    if (isOutput(tensor)) {
      type = ne0 % 256 !== 0 ? GgmlTypeId.Q8_0 : GgmlTypeId.Q6_K;
    } else if (tensor.name === "token_embd.weight") {
      type = GgmlTypeId.Q4_K;
    } else if (isAttentionV(tensor.name)) {
      if (useMoreBits(attentionVIndex, attentionVCount)) type = GgmlTypeId.Q6_K;
      attentionVIndex++;
    } else if (tensor.name.endsWith("ffn_down.weight")) {
      if (useMoreBits(ffnDownIndex, ffnDownCount)) type = GgmlTypeId.Q6_K;
      ffnDownIndex++;
    }
    return withFallback(type, ne0);
  });
}
