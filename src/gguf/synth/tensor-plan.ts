/**
 * The tensors of a model shape, named and shaped as llama.cpp's loaders expect them
 * (src/models/{llama,qwen3,qwen35,lfm2,gemma3}.cpp), in the order the converter writes them, and the
 * parameter count as llama.cpp counts it (the sum of every tensor's elements in the file).
 */
import type { ShapeSpec } from "./shape.js";

/** What a tensor holds, which decides its values and whether it may be quantised. */
export type TensorRole =
  /** A weight matrix: N(0, 0.02), quantised with the file type. */
  | "matrix"
  /** An RMS-norm weight: all 1.0, F32. */
  | "norm"
  /** A bias that starts at zero (ssm_dt.bias), F32. */
  | "zeros"
  /** Negative decay rates (ssm_a), F32. */
  | "decay"
  /** Small convolution kernels (ssm_conv1d, shortconv.conv), F32. */
  | "conv"
  /** Llama 3 rope frequency factors, F32. */
  | "rope-freqs";

/** One planned tensor. */
export interface PlannedTensor {
  name: string;
  /** ggml `ne`, fastest-varying first. */
  dimensions: number[];
  role: TensorRole;
  /** Layer index for per-layer tensors. */
  layer?: number;
}

/** Derived sizes of a shape. */
export interface ShapeDimensions {
  keyLength: number;
  valueLength: number;
  ropeDimensionCount: number;
}

/** keyLength, valueLength and ropeDimensionCount with their defaults applied. */
export function shapeDimensions(shape: ShapeSpec): ShapeDimensions {
  const keyLength = shape.keyLength ?? shape.embeddingLength / shape.headCount;
  const valueLength = shape.valueLength ?? keyLength;
  const defaultRope = shape.arch === "qwen35" ? keyLength / 4 : keyLength;
  return { keyLength, valueLength, ropeDimensionCount: shape.ropeDimensionCount ?? defaultRope };
}

/** True when qwen35 layer `layer` is a recurrent (gated delta-net) layer. */
export function isRecurrentLayer(shape: ShapeSpec, layer: number): boolean {
  const interval = shape.fullAttentionInterval ?? 4;
  return (layer + 1) % interval !== 0;
}

/** True when lfm2 layer `layer` is an attention layer (the others are short-conv). */
export function isLfm2AttentionLayer(shape: ShapeSpec, layer: number): boolean {
  return (shape.attentionLayers ?? []).includes(layer);
}

function matrix(name: string, ne0: number, ne1: number, layer?: number): PlannedTensor {
  return { name, dimensions: [ne0, ne1], role: "matrix", layer };
}

function vector(name: string, size: number, role: TensorRole, layer?: number): PlannedTensor {
  return { name, dimensions: [size], role, layer };
}

function feedForward(shape: ShapeSpec, prefix: string, layer: number): PlannedTensor[] {
  const { embeddingLength: e, feedForwardLength: f } = shape;
  return [
    matrix(`${prefix}ffn_gate.weight`, e, f, layer),
    matrix(`${prefix}ffn_up.weight`, e, f, layer),
    matrix(`${prefix}ffn_down.weight`, f, e, layer),
  ];
}

function attention(shape: ShapeSpec, prefix: string, layer: number, queryWidth: number): PlannedTensor[] {
  const { keyLength, valueLength } = shapeDimensions(shape);
  const e = shape.embeddingLength;
  return [
    matrix(`${prefix}attn_q.weight`, e, queryWidth, layer),
    matrix(`${prefix}attn_k.weight`, e, shape.headCountKv * keyLength, layer),
    matrix(`${prefix}attn_v.weight`, e, shape.headCountKv * valueLength, layer),
    matrix(`${prefix}attn_output.weight`, shape.headCount * valueLength, e, layer),
  ];
}

function layerTensors(shape: ShapeSpec, layer: number): PlannedTensor[] {
  const prefix = `blk.${layer}.`;
  const e = shape.embeddingLength;
  const { keyLength } = shapeDimensions(shape);
  const norm = (name: string, size = e) => vector(`${prefix}${name}.weight`, size, "norm", layer);
  switch (shape.arch) {
    case "llama":
      return [
        norm("attn_norm"),
        ...attention(shape, prefix, layer, shape.headCount * keyLength),
        norm("ffn_norm"),
        ...feedForward(shape, prefix, layer),
      ];
    case "qwen3":
      return [
        norm("attn_norm"),
        ...attention(shape, prefix, layer, shape.headCount * keyLength),
        norm("attn_q_norm", keyLength),
        norm("attn_k_norm", keyLength),
        norm("ffn_norm"),
        ...feedForward(shape, prefix, layer),
      ];
    case "qwen35": {
      const tensors = [norm("attn_norm")];
      if (isRecurrentLayer(shape, layer)) {
        const ssm = shape.ssm!;
        const keyDim = ssm.stateSize * ssm.groupCount;
        const valueDim = ssm.stateSize * ssm.timeStepRank;
        tensors.push(
          matrix(`${prefix}attn_qkv.weight`, e, 2 * keyDim + valueDim, layer),
          matrix(`${prefix}attn_gate.weight`, e, valueDim, layer),
          {
            name: `${prefix}ssm_conv1d.weight`,
            dimensions: [ssm.convKernel, 2 * keyDim + valueDim],
            role: "conv",
            layer,
          },
          vector(`${prefix}ssm_dt.bias`, ssm.timeStepRank, "zeros", layer),
          vector(`${prefix}ssm_a`, ssm.timeStepRank, "decay", layer),
          matrix(`${prefix}ssm_beta.weight`, e, ssm.timeStepRank, layer),
          matrix(`${prefix}ssm_alpha.weight`, e, ssm.timeStepRank, layer),
          norm("ssm_norm", ssm.stateSize),
          matrix(`${prefix}ssm_out.weight`, valueDim, e, layer),
        );
      } else {
        tensors.push(
          ...attention(shape, prefix, layer, 2 * shape.headCount * keyLength),
          norm("attn_q_norm", keyLength),
          norm("attn_k_norm", keyLength),
        );
      }
      return [...tensors, norm("post_attention_norm"), ...feedForward(shape, prefix, layer)];
    }
    case "gemma3":
      return [
        norm("attn_norm"),
        ...attention(shape, prefix, layer, shape.headCount * keyLength),
        norm("attn_q_norm", keyLength),
        norm("attn_k_norm", keyLength),
        norm("post_attention_norm"),
        norm("ffn_norm"),
        ...feedForward(shape, prefix, layer),
        norm("post_ffw_norm"),
      ];
    case "lfm2": {
      const tensors = [norm("attn_norm")];
      if (isLfm2AttentionLayer(shape, layer)) {
        tensors.push(
          norm("attn_q_norm", keyLength),
          norm("attn_k_norm", keyLength),
          ...attention(shape, prefix, layer, shape.headCount * keyLength),
        );
      } else {
        tensors.push(
          {
            name: `${prefix}shortconv.conv.weight`,
            dimensions: [shape.shortconvCache ?? 3, e],
            role: "conv",
            layer,
          },
          matrix(`${prefix}shortconv.in_proj.weight`, e, 3 * e, layer),
          matrix(`${prefix}shortconv.out_proj.weight`, e, e, layer),
        );
      }
      return [...tensors, norm("ffn_norm"), ...feedForward(shape, prefix, layer)];
    }
  }
}

/** Every tensor of the shape, in file order. */
export function planTensors(shape: ShapeSpec): PlannedTensor[] {
  const e = shape.embeddingLength;
  const { ropeDimensionCount } = shapeDimensions(shape);
  const tensors: PlannedTensor[] = [matrix("token_embd.weight", e, shape.vocabSize)];
  if (shape.arch === "llama" && shape.llama3Rope) {
    tensors.push(vector("rope_freqs.weight", ropeDimensionCount / 2, "rope-freqs"));
  }
  for (let layer = 0; layer < shape.blockCount; layer++) tensors.push(...layerTensors(shape, layer));
  tensors.push(vector(shape.arch === "lfm2" ? "token_embd_norm.weight" : "output_norm.weight", e, "norm"));
  if (!shape.tiedEmbeddings) tensors.push(matrix("output.weight", e, shape.vocabSize));
  return tensors;
}

/** Elements of one tensor. */
export function elementCount(dimensions: readonly number[]): number {
  return dimensions.reduce((product, size) => product * size, 1);
}

/** The parameter count as llama.cpp reports it: every tensor's elements, tied output counted once. */
export function countParameters(shape: ShapeSpec): number {
  return planTensors(shape).reduce((sum, tensor) => sum + elementCount(tensor.dimensions), 0);
}

/** Llama 3 rope frequency factors (the converter's `generate_extra_tensors` rule). */
export function llama3RopeFactors(shape: ShapeSpec): Float32Array {
  const rope = shape.llama3Rope!;
  const { ropeDimensionCount } = shapeDimensions(shape);
  const factors = new Float32Array(ropeDimensionCount / 2);
  const lowWavelength = rope.originalContextLength / rope.lowFreqFactor;
  const highWavelength = rope.originalContextLength / rope.highFreqFactor;
  for (let index = 0; index < factors.length; index++) {
    const frequency = 1 / shape.ropeFreqBase ** ((2 * index) / ropeDimensionCount);
    const wavelength = (2 * Math.PI) / frequency;
    if (wavelength < highWavelength) factors[index] = 1;
    else if (wavelength > lowWavelength) factors[index] = rope.factor;
    else {
      const smooth =
        (rope.originalContextLength / wavelength - rope.lowFreqFactor) /
        (rope.highFreqFactor - rope.lowFreqFactor);
      factors[index] = 1 / ((1 - smooth) / rope.factor + smooth);
    }
  }
  return factors;
}
