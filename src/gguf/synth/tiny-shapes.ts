/**
 * The `tiny` shape of each architecture: a few MB, for tests and the demo model.
 */
import type { SynthArchitecture } from "./shape.js";

/** Llama 3.2's rope scaling (also used by the llama3.2-1b preset). */
export const llama3Rope = { factor: 32, lowFreqFactor: 1, highFreqFactor: 4, originalContextLength: 8192 };

/** The `tiny` shape of each architecture (validated where the presets are built). */
export const tinyShapes: Record<SynthArchitecture, unknown> = {
  llama: {
    arch: "llama",
    vocabSize: 1536,
    embeddingLength: 128,
    blockCount: 2,
    feedForwardLength: 384,
    headCount: 4,
    headCountKv: 2,
    ropeFreqBase: 500000,
    rmsEpsilon: 1e-5,
    contextLength: 4096,
    tiedEmbeddings: true,
    llama3Rope,
  },
  qwen3: {
    arch: "qwen3",
    vocabSize: 1536,
    embeddingLength: 128,
    blockCount: 2,
    feedForwardLength: 384,
    headCount: 4,
    headCountKv: 2,
    keyLength: 32,
    ropeFreqBase: 1e6,
    rmsEpsilon: 1e-6,
    contextLength: 4096,
    tiedEmbeddings: true,
  },
  qwen35: {
    arch: "qwen35",
    vocabSize: 1536,
    embeddingLength: 128,
    blockCount: 4,
    feedForwardLength: 384,
    headCount: 4,
    headCountKv: 2,
    keyLength: 64,
    ropeDimensionCount: 16,
    ropeSections: [3, 3, 2, 0],
    ropeFreqBase: 1e7,
    rmsEpsilon: 1e-6,
    contextLength: 4096,
    tiedEmbeddings: true,
    fullAttentionInterval: 4,
    ssm: { convKernel: 4, stateSize: 32, groupCount: 2, timeStepRank: 4, innerSize: 128 },
  },
  lfm2: {
    arch: "lfm2",
    vocabSize: 1536,
    embeddingLength: 128,
    blockCount: 3,
    feedForwardLength: 384,
    headCount: 4,
    headCountKv: 2,
    ropeFreqBase: 1e6,
    rmsEpsilon: 1e-5,
    contextLength: 4096,
    tiedEmbeddings: true,
    attentionLayers: [1],
    shortconvCache: 3,
  },
  gemma3: {
    arch: "gemma3",
    vocabSize: 1536,
    embeddingLength: 128,
    blockCount: 3,
    feedForwardLength: 384,
    headCount: 4,
    headCountKv: 1,
    keyLength: 32,
    ropeFreqBase: 1e6,
    rmsEpsilon: 1e-6,
    contextLength: 4096,
    tiedEmbeddings: true,
    // Layers 0 and 1 see the last 32 tokens, layer 2 all of them: conversations pass the window fast.
    slidingWindow: 32,
    slidingWindowPattern: 3,
  },
};
