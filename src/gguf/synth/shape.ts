/**
 * A model shape: the architecture and the hyperparameters that decide every tensor's shape and
 * the metadata a random-weight GGUF carries. Presets are shapes; `--shape FILE.json` gives one
 * directly, validated here with clear errors naming the field at fault.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { EdgecallError } from "../../errors.js";

/** Architectures the synthesiser can write (`general.architecture`). */
export const synthArchitectures = ["llama", "qwen3", "qwen35", "lfm2", "gemma3"] as const;
export type SynthArchitecture = (typeof synthArchitectures)[number];

/** Tokenizer families: special tokens, pre-tokenizer and default chat template. */
export const tokenizerFamilies = [
  "qwen3",
  "qwen35",
  "lfm2",
  "minicpm5",
  "llama3",
  "gemma3",
  "functiongemma",
] as const;
export type TokenizerFamily = (typeof tokenizerFamilies)[number];

const positiveInteger = z.number().int().positive();

const ssmSchema = z
  .object({
    convKernel: positiveInteger,
    stateSize: positiveInteger,
    groupCount: positiveInteger,
    timeStepRank: positiveInteger,
    innerSize: positiveInteger,
  })
  .strict();

const llama3RopeSchema = z
  .object({
    factor: z.number().positive(),
    lowFreqFactor: z.number().positive(),
    highFreqFactor: z.number().positive(),
    originalContextLength: positiveInteger,
  })
  .strict();

const shapeObject = z
  .object({
    arch: z.enum(synthArchitectures),
    tokenizer: z.enum(tokenizerFamilies).optional(),
    vocabSize: z.number().int().min(512).max(1_000_000),
    embeddingLength: positiveInteger,
    blockCount: positiveInteger.max(512),
    feedForwardLength: positiveInteger,
    headCount: positiveInteger,
    headCountKv: positiveInteger,
    keyLength: positiveInteger.optional(),
    valueLength: positiveInteger.optional(),
    ropeFreqBase: z.number().positive(),
    ropeDimensionCount: positiveInteger.optional(),
    rmsEpsilon: z.number().positive(),
    contextLength: positiveInteger,
    tiedEmbeddings: z.boolean(),
    /** qwen35: layer i is full attention when (i + 1) % interval == 0. */
    fullAttentionInterval: positiveInteger.optional(),
    /** qwen35: the 4 M-RoPE sections. */
    ropeSections: z.array(z.number().int().min(0)).length(4).optional(),
    /** qwen35: gated delta-net sizes. */
    ssm: ssmSchema.optional(),
    /** lfm2: indexes of the attention layers (the rest are short-conv layers). */
    attentionLayers: z.array(z.number().int().min(0)).optional(),
    /** lfm2: short-conv kernel (`lfm2.shortconv.l_cache`). */
    shortconvCache: positiveInteger.optional(),
    /** llama: Llama 3 rope scaling, written as the `rope_freqs.weight` tensor. */
    llama3Rope: llama3RopeSchema.optional(),
    /** gemma3: sliding-window attention span in tokens (`gemma3.attention.sliding_window`). */
    slidingWindow: positiveInteger.optional(),
    /**
     * gemma3: every Nth layer (the last of each N) is global, the others use the sliding window
     * (`gemma3.attention.sliding_window_pattern`; llama.cpp's default 6 when absent).
     */
    slidingWindowPattern: positiveInteger.optional(),
    /** gemma3: rope base of the sliding-window layers (`gemma3.rope.freq_base_swa`; llama.cpp: 10000). */
    ropeFreqBaseSwa: z.number().positive().optional(),
  })
  .strict();

type ShapeInput = z.infer<typeof shapeObject>;

function checkConsistency(shape: ShapeInput, context: z.core.$RefinementCtx<ShapeInput>): void {
  const issue = (path: (string | number)[], message: string) =>
    context.addIssue({ code: "custom", path, message });
  const keyLength = shape.keyLength ?? shape.embeddingLength / shape.headCount;
  if (!Number.isInteger(keyLength)) {
    issue(["keyLength"], "required when embeddingLength is not a multiple of headCount");
  }
  if (shape.headCount % shape.headCountKv !== 0) {
    issue(["headCountKv"], `must divide headCount (${shape.headCount})`);
  }
  if (shape.ropeDimensionCount !== undefined && shape.ropeDimensionCount > keyLength) {
    issue(["ropeDimensionCount"], `must be at most keyLength (${keyLength})`);
  }
  if (
    shape.arch === "llama" &&
    shape.ropeDimensionCount !== undefined &&
    shape.ropeDimensionCount !== keyLength
  ) {
    issue(["ropeDimensionCount"], `must equal keyLength (${keyLength}) for arch llama`);
  }
  if (shape.arch === "qwen35") {
    if (!shape.ssm) issue(["ssm"], "required for arch qwen35");
    else if (shape.ssm.innerSize !== shape.ssm.stateSize * shape.ssm.timeStepRank) {
      issue(["ssm", "innerSize"], "must equal ssm.stateSize × ssm.timeStepRank");
    } else if (shape.ssm.timeStepRank % shape.ssm.groupCount !== 0) {
      issue(["ssm", "groupCount"], "must divide ssm.timeStepRank");
    }
    const interval = shape.fullAttentionInterval ?? 4;
    if (interval > shape.blockCount) {
      issue(["fullAttentionInterval"], `no full-attention layer in ${shape.blockCount} layers`);
    }
    const ropeDimensions = shape.ropeDimensionCount ?? keyLength;
    const sections = shape.ropeSections;
    if (sections && sections.reduce((sum, value) => sum + value, 0) > ropeDimensions / 2) {
      issue(["ropeSections"], `must add up to at most ropeDimensionCount / 2 (${ropeDimensions / 2})`);
    }
  } else {
    for (const field of ["ssm", "ropeSections", "fullAttentionInterval"] as const) {
      if (shape[field] !== undefined) issue([field], "only for arch qwen35");
    }
  }
  if (shape.arch === "lfm2") {
    const layers = shape.attentionLayers;
    if (!layers || layers.length === 0) issue(["attentionLayers"], "required (non-empty) for arch lfm2");
    else {
      layers.forEach((layer, index) => {
        if (layer >= shape.blockCount) issue(["attentionLayers", index], `layer ${layer} ≥ blockCount`);
      });
      if (new Set(layers).size !== layers.length) issue(["attentionLayers"], "duplicate layer index");
    }
    if (keyLength * shape.headCount !== shape.embeddingLength) {
      issue(["keyLength"], "lfm2 needs keyLength × headCount = embeddingLength");
    }
  } else {
    for (const field of ["attentionLayers", "shortconvCache"] as const) {
      if (shape[field] !== undefined) issue([field], "only for arch lfm2");
    }
  }
  if (shape.arch !== "llama" && shape.llama3Rope !== undefined) issue(["llama3Rope"], "only for arch llama");
  if (shape.arch === "gemma3") {
    if (shape.slidingWindow === undefined) {
      for (const field of ["slidingWindowPattern", "ropeFreqBaseSwa"] as const) {
        if (shape[field] !== undefined) issue([field], "needs slidingWindow");
      }
    }
  } else {
    for (const field of ["slidingWindow", "slidingWindowPattern", "ropeFreqBaseSwa"] as const) {
      if (shape[field] !== undefined) issue([field], "only for arch gemma3");
    }
  }
}

/** Zod schema of a shape (also accepts what `--shape FILE.json` holds). */
export const shapeSchema = shapeObject.superRefine(checkConsistency);

/** A validated model shape. */
export type ShapeSpec = z.infer<typeof shapeSchema>;

/** The default tokenizer family of an architecture. */
export function defaultTokenizerFamily(arch: SynthArchitecture): TokenizerFamily {
  return arch === "llama" ? "llama3" : arch;
}

/** Validates a shape; throws EdgecallError("invalid-argument") naming every bad field. */
export function parseShape(value: unknown, source = "shape"): ShapeSpec {
  const result = shapeSchema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.join(".") : "(top level)";
    return `${field}: ${issue.message}`;
  });
  throw new EdgecallError("invalid-argument", `${source}: invalid shape: ${problems.join("; ")}`, {
    subject: source,
  });
}

/** Reads and validates a shape JSON file. */
export function readShapeFile(path: string): ShapeSpec {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new EdgecallError("file-not-found", `${path}: cannot read shape file`, {
      subject: path,
      cause: error,
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new EdgecallError("invalid-json", `${path}: not JSON: ${(error as Error).message}`, {
      subject: path,
      cause: error,
    });
  }
  return parseShape(value, path);
}
