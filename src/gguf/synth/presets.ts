/**
 * Named model shapes with the real models' dimensions (shared/reference/model-facts.md §1), and
 * a `tiny` shape per architecture (a few MB) for tests and the demo model.
 */
import { EdgecallError } from "../../errors.js";
import { parseShape, type ShapeSpec, type SynthArchitecture, synthArchitectures } from "./shape.js";
import { countParameters } from "./tensor-plan.js";
import { llama3Rope, tinyShapes } from "./tiny-shapes.js";

/** A named shape. */
export interface SynthPreset {
  name: string;
  arch: SynthArchitecture;
  /** False when some dimensions are assumptions, not read from the real model's config. */
  verified: boolean;
  notes: string;
  shape: ShapeSpec;
}

/** What {@link listPresets} returns per preset. */
export interface PresetSummary {
  name: string;
  arch: SynthArchitecture;
  /** Parameters as llama.cpp counts them, computed from the tensor plan. */
  parameters: number;
  verified: boolean;
  notes: string;
}

/**
 * Gemma 3 270M. Every number is read from the real file's metadata (gemma-3-270m-q4_k_m.gguf,
 * sha256 a5fd3b62…6818; `edgecall inspect FILE`); the file has no sliding_window_pattern or
 * rope.freq_base_swa key, so llama.cpp's defaults (pattern 6, SWA rope base 10000) apply here too.
 */
const gemma3_270m = {
  arch: "gemma3",
  vocabSize: 262144,
  embeddingLength: 640,
  blockCount: 18,
  feedForwardLength: 2048,
  headCount: 4,
  headCountKv: 1,
  keyLength: 256,
  valueLength: 256,
  ropeFreqBase: 1e6,
  rmsEpsilon: 1e-6,
  contextLength: 32768,
  tiedEmbeddings: true,
  slidingWindow: 512,
} as const;

const namedShapes: Array<Omit<SynthPreset, "shape"> & { shape: unknown }> = [
  {
    name: "qwen3-0.6b",
    arch: "qwen3",
    verified: true,
    notes: "Qwen3-0.6B dimensions",
    shape: {
      arch: "qwen3",
      vocabSize: 151936,
      embeddingLength: 1024,
      blockCount: 28,
      feedForwardLength: 3072,
      headCount: 16,
      headCountKv: 8,
      keyLength: 128,
      ropeFreqBase: 1e6,
      rmsEpsilon: 1e-6,
      contextLength: 40960,
      tiedEmbeddings: true,
    },
  },
  {
    name: "qwen3.5-0.8b",
    arch: "qwen35",
    verified: true,
    notes: "Qwen3.5-0.8B dimensions (hybrid: full attention every 4th layer; no MTP block)",
    shape: {
      arch: "qwen35",
      vocabSize: 248320,
      embeddingLength: 1024,
      blockCount: 24,
      feedForwardLength: 3584,
      headCount: 8,
      headCountKv: 2,
      keyLength: 256,
      ropeDimensionCount: 64,
      ropeSections: [11, 11, 10, 0],
      ropeFreqBase: 1e7,
      rmsEpsilon: 1e-6,
      contextLength: 262144,
      tiedEmbeddings: true,
      fullAttentionInterval: 4,
      ssm: { convKernel: 4, stateSize: 128, groupCount: 16, timeStepRank: 16, innerSize: 2048 },
    },
  },
  {
    name: "qwen3.5-2b",
    arch: "qwen35",
    verified: false,
    notes:
      "UNVERIFIED: only width 2048 and 24 layers are confirmed; FFN 6144, heads 8/2, head dim 256, " +
      "linear-attention sizes and tied embeddings are assumed by analogy with Qwen3.5-0.8B",
    shape: {
      arch: "qwen35",
      vocabSize: 248320,
      embeddingLength: 2048,
      blockCount: 24,
      feedForwardLength: 6144,
      headCount: 8,
      headCountKv: 2,
      keyLength: 256,
      ropeDimensionCount: 64,
      ropeSections: [11, 11, 10, 0],
      ropeFreqBase: 1e7,
      rmsEpsilon: 1e-6,
      contextLength: 262144,
      tiedEmbeddings: true,
      fullAttentionInterval: 4,
      ssm: { convKernel: 4, stateSize: 128, groupCount: 16, timeStepRank: 16, innerSize: 2048 },
    },
  },
  {
    name: "lfm2.5-1.2b",
    arch: "lfm2",
    verified: true,
    notes: "LFM2.5-1.2B dimensions (10 short-conv + 6 attention layers)",
    shape: {
      arch: "lfm2",
      vocabSize: 65536,
      embeddingLength: 2048,
      blockCount: 16,
      feedForwardLength: 8192,
      headCount: 32,
      headCountKv: 8,
      ropeFreqBase: 1e6,
      rmsEpsilon: 1e-5,
      contextLength: 128000,
      tiedEmbeddings: true,
      attentionLayers: [2, 5, 8, 10, 12, 14],
      shortconvCache: 3,
    },
  },
  {
    name: "minicpm5-1b",
    arch: "llama",
    verified: true,
    notes: "MiniCPM5-1B dimensions (arch llama, untied output, head dim 128 ≠ width/heads)",
    shape: {
      arch: "llama",
      tokenizer: "minicpm5",
      vocabSize: 130560,
      embeddingLength: 1536,
      blockCount: 24,
      feedForwardLength: 4608,
      headCount: 16,
      headCountKv: 2,
      keyLength: 128,
      ropeDimensionCount: 128,
      ropeFreqBase: 5e6,
      rmsEpsilon: 1e-6,
      contextLength: 131072,
      tiedEmbeddings: false,
    },
  },
  {
    name: "gemma3-270m",
    arch: "gemma3",
    verified: true,
    notes: "Gemma 3 270M dimensions (5 of every 6 layers use a 512-token sliding window)",
    shape: gemma3_270m,
  },
  {
    // FunctionGemma is Gemma 3 270M fine-tuned for function calling: the same tensors, its seven
    // function tokens in the vocabulary and edgecall's functiongemma chat template.
    name: "functiongemma-270m",
    arch: "gemma3",
    verified: true,
    notes: "FunctionGemma 270M: Gemma 3 270M dimensions, function-calling tokens, functiongemma template",
    shape: { ...gemma3_270m, tokenizer: "functiongemma" },
  },
  {
    name: "llama3.2-1b",
    arch: "llama",
    verified: true,
    notes: "Llama-3.2-1B dimensions (Llama 3 rope scaling as rope_freqs.weight)",
    shape: {
      arch: "llama",
      vocabSize: 128256,
      embeddingLength: 2048,
      blockCount: 16,
      feedForwardLength: 8192,
      headCount: 32,
      headCountKv: 8,
      ropeFreqBase: 500000,
      rmsEpsilon: 1e-5,
      contextLength: 131072,
      tiedEmbeddings: true,
      llama3Rope,
    },
  },
];

const tinyPresets: SynthPreset[] = synthArchitectures.map((arch) => ({
  name: "tiny",
  arch,
  verified: true,
  notes: `tiny ${arch} for tests (a few MB)`,
  shape: parseShape(tinyShapes[arch], `preset tiny (${arch})`),
}));

const presets: SynthPreset[] = [
  ...tinyPresets,
  ...namedShapes.map((preset) => ({ ...preset, shape: parseShape(preset.shape, `preset ${preset.name}`) })),
];

/** Names accepted by {@link resolvePreset}. */
export function presetNames(): string[] {
  return [...new Set(presets.map((preset) => preset.name))];
}

/** Every preset with its computed parameter count. */
export function listPresets(): PresetSummary[] {
  return presets.map(({ name, arch, verified, notes, shape }) => ({
    name,
    arch,
    parameters: countParameters(shape),
    verified,
    notes,
  }));
}

/**
 * The preset called `name`. `tiny` exists per architecture and needs `arch`; for the others
 * `arch`, when given, must match. Throws EdgecallError("usage") listing the valid names.
 */
export function resolvePreset(name: string, arch?: string): SynthPreset {
  const named = presets.filter((preset) => preset.name === name);
  if (named.length === 0) {
    throw new EdgecallError("usage", `unknown preset "${name}"; valid presets: ${presetNames().join(", ")}`, {
      subject: "--preset",
    });
  }
  if (arch !== undefined && !(synthArchitectures as readonly string[]).includes(arch)) {
    throw new EdgecallError(
      "usage",
      `unknown arch "${arch}"; valid architectures: ${synthArchitectures.join(", ")}`,
      {
        subject: "--arch",
      },
    );
  }
  const match = arch === undefined ? named : named.filter((preset) => preset.arch === arch);
  if (match.length === 1) return match[0]!;
  if (match.length === 0) {
    throw new EdgecallError(
      "usage",
      `preset "${name}" has arch ${named.map((preset) => preset.arch).join("/")}, not "${arch}"`,
      { subject: "--arch" },
    );
  }
  throw new EdgecallError(
    "usage",
    `preset "${name}" exists for several architectures; give --arch (${match.map((preset) => preset.arch).join(", ")})`,
    { subject: "--arch" },
  );
}
