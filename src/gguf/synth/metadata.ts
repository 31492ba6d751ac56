/**
 * The metadata of a synthetic GGUF: `general.*` (named "random-<preset>"), the architecture's
 * hyperparameters with the key names and value types llama.cpp's loader requires
 * (src/llama-model.cpp, src/models/*.cpp, gguf-py constants), the tokenizer and chat template, and
 * `edgecall.*` keys that mark the file as random weights for every later tool.
 */
import { type GgufWriteKv, ggufKv } from "../writer.js";
import type { ShapeSpec } from "./shape.js";
import { isLfm2AttentionLayer, shapeDimensions } from "./tensor-plan.js";
import { type SynthTokenizer, tokenizerMetadata } from "./tokenizer.js";

/** Metadata key that marks a file as synthesised with random weights (bool true). */
export const randomWeightsKey = "edgecall.random_weights";
/** Metadata key holding the preset name (or "custom"). */
export const presetKey = "edgecall.preset";

/** Everything the metadata is built from. */
export interface SynthMetadataInput {
  shape: ShapeSpec;
  presetName: string;
  verified: boolean;
  fileType: number;
  tokenizer: SynthTokenizer;
  chatTemplateName: string;
  chatTemplate: string;
  seed: number;
}

/** The 4 M-RoPE sections of a qwen35 shape (given, or split like [11, 11, 10, 0] for 64 dims). */
export function ropeSections(shape: ShapeSpec): number[] {
  if (shape.ropeSections) return shape.ropeSections;
  const half = shapeDimensions(shape).ropeDimensionCount / 2;
  const third = Math.ceil(half / 3);
  return [third, third, half - 2 * third, 0];
}

function architectureMetadata(shape: ShapeSpec): GgufWriteKv[] {
  const arch = shape.arch;
  const { keyLength, valueLength, ropeDimensionCount } = shapeDimensions(shape);
  const key = (name: string) => `${arch}.${name}`;
  const headCountKv =
    arch === "lfm2"
      ? ggufKv.array(
          key("attention.head_count_kv"),
          "u32",
          Array.from({ length: shape.blockCount }, (_, layer) =>
            isLfm2AttentionLayer(shape, layer) ? shape.headCountKv : 0,
          ),
        )
      : ggufKv.u32(key("attention.head_count_kv"), shape.headCountKv);
  const entries: GgufWriteKv[] = [
    ggufKv.u32(key("vocab_size"), shape.vocabSize),
    ggufKv.u32(key("context_length"), shape.contextLength),
    ggufKv.u32(key("embedding_length"), shape.embeddingLength),
    ggufKv.u32(key("block_count"), shape.blockCount),
    ggufKv.u32(key("feed_forward_length"), shape.feedForwardLength),
    ggufKv.u32(key("attention.head_count"), shape.headCount),
    headCountKv,
    ggufKv.u32(key("attention.key_length"), keyLength),
    ggufKv.u32(key("attention.value_length"), valueLength),
    ggufKv.f32(key("rope.freq_base"), shape.ropeFreqBase),
    ggufKv.u32(key("rope.dimension_count"), ropeDimensionCount),
    ggufKv.f32(key("attention.layer_norm_rms_epsilon"), shape.rmsEpsilon),
  ];
  if (arch === "qwen35") {
    const ssm = shape.ssm!;
    entries.push(
      ggufKv.array(key("rope.dimension_sections"), "i32", ropeSections(shape)),
      ggufKv.u32(key("ssm.conv_kernel"), ssm.convKernel),
      ggufKv.u32(key("ssm.state_size"), ssm.stateSize),
      ggufKv.u32(key("ssm.group_count"), ssm.groupCount),
      ggufKv.u32(key("ssm.time_step_rank"), ssm.timeStepRank),
      ggufKv.u32(key("ssm.inner_size"), ssm.innerSize),
      ggufKv.u32(key("full_attention_interval"), shape.fullAttentionInterval ?? 4),
    );
  }
  if (arch === "lfm2") entries.push(ggufKv.u32(key("shortconv.l_cache"), shape.shortconvCache ?? 3));
  if (arch === "gemma3" && shape.slidingWindow !== undefined) {
    // Absent keys take llama.cpp's defaults (src/models/gemma3.cpp): pattern 6, SWA rope base 10000.
    entries.push(ggufKv.u32(key("attention.sliding_window"), shape.slidingWindow));
    if (shape.slidingWindowPattern !== undefined) {
      entries.push(ggufKv.u32(key("attention.sliding_window_pattern"), shape.slidingWindowPattern));
    }
    if (shape.ropeFreqBaseSwa !== undefined) {
      entries.push(ggufKv.f32(key("rope.freq_base_swa"), shape.ropeFreqBaseSwa));
    }
  }
  return entries;
}

/** The full metadata list, in the order it is written. */
export function buildSynthMetadata(input: SynthMetadataInput): GgufWriteKv[] {
  const { shape } = input;
  return [
    ggufKv.string("general.architecture", shape.arch),
    ggufKv.string("general.type", "model"),
    ggufKv.string("general.name", `random-${input.presetName}`),
    ggufKv.string(
      "general.description",
      "Random weights synthesised by edgecall: for testing and benchmarking only; it produces no meaningful text.",
    ),
    ggufKv.u32("general.file_type", input.fileType),
    ggufKv.u32("general.quantization_version", 2),
    ggufKv.bool(randomWeightsKey, true),
    ggufKv.string(presetKey, input.presetName),
    ggufKv.bool("edgecall.preset_verified", input.verified),
    ggufKv.u32("edgecall.seed", input.seed >>> 0),
    ggufKv.string("edgecall.tokenizer_family", input.tokenizer.family),
    ggufKv.string("edgecall.chat_template_name", input.chatTemplateName),
    ...architectureMetadata(shape),
    ...tokenizerMetadata(input.tokenizer),
    // An empty template (`--chat-template none`) writes no key, like a base model's file.
    ...(input.chatTemplate === "" ? [] : [ggufKv.string("tokenizer.chat_template", input.chatTemplate)]),
  ];
}
