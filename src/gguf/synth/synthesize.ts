/**
 * Writes a random-weight GGUF that llama.cpp loads and runs: a preset or custom shape, a
 * quantisation, the family's tokenizer and chat template, N(0, 0.02) weight matrices, norms at
 * 1.0 and the architecture's special tensors. The file is written to `<out>.<pid>-<n>.partial`
 * and renamed when complete, so a crash never leaves a half-written file under the final name;
 * partial files of the same output left by killed writers are removed first (stale-partials.ts).
 */
import { statSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { EdgecallError } from "../../errors.js";
import { ggmlType } from "../ggml-types.js";
import { type GgufTensorDescriptor, type GgufWriteKv, writeGguf } from "../writer.js";
import { chatTemplate } from "./chat-templates.js";
import { buildSynthMetadata } from "./metadata.js";
import { resolvePreset } from "./presets.js";
import { poolSizeFor, specialTensorBytes, WeightPool, WeightRandom } from "./random-weights.js";
import { defaultTokenizerFamily, parseShape, type ShapeSpec } from "./shape.js";
import { removeStalePartials } from "./stale-partials.js";
import { elementCount, type PlannedTensor, planTensors } from "./tensor-plan.js";
import { assignTensorTypes, fileTypeOf, parseQuantType } from "./tensor-types.js";
import { buildTokenizer } from "./tokenizer.js";
import { tokenizerFamily } from "./tokenizer-specials.js";

/** What to synthesise. Give `preset` (with `arch` for `tiny`) or `shape`. */
export interface SynthesizeOptions {
  arch?: string;
  preset?: string;
  /** A custom shape (validated here); takes the place of a preset. */
  shape?: ShapeSpec | unknown;
  /** f32, f16, bf16, q8_0, q4_0 or q4_k_m. */
  quant: string;
  /** A built-in chat template name; default: the tokenizer family's. */
  chatTemplate?: string;
  outputPath: string;
  /** PRNG seed (default 0): the same options and seed give the same file. */
  seed?: number;
  /** Progress in bytes of tensor data written. */
  onProgress?: (done: number, total: number) => void;
}

/** What was written. */
export interface SynthesizeResult {
  path: string;
  parameters: number;
  bytes: number;
  tensorCount: number;
  seconds: number;
  preset: string;
  arch: string;
  quant: string;
  chatTemplate: string;
  /** False when the preset's dimensions are partly assumed (print `notes` then). */
  verified: boolean;
  notes: string;
}

interface ResolvedShape {
  shape: ShapeSpec;
  presetName: string;
  verified: boolean;
  notes: string;
}

function resolveShape(options: Omit<SynthesizeOptions, "outputPath" | "onProgress">): ResolvedShape {
  if (options.shape !== undefined) {
    if (options.preset !== undefined) {
      throw new EdgecallError("usage", "give either a preset or a shape, not both", { subject: "--shape" });
    }
    // `--arch` supplies the architecture of a shape file that does not name one.
    const given = options.shape as unknown;
    const shape = parseShape(
      options.arch !== undefined &&
        typeof given === "object" &&
        given !== null &&
        (given as { arch?: unknown }).arch === undefined
        ? { ...(given as Record<string, unknown>), arch: options.arch }
        : given,
    );
    if (options.arch !== undefined && options.arch !== shape.arch) {
      throw new EdgecallError(
        "usage",
        `--arch ${options.arch} does not match the shape's arch ${shape.arch}`,
        {
          subject: "--arch",
        },
      );
    }
    return { shape, presetName: "custom", verified: false, notes: "custom shape" };
  }
  if (options.preset === undefined) {
    throw new EdgecallError("usage", "give a preset (--preset NAME) or a shape (--shape FILE.json)", {
      subject: "--preset",
    });
  }
  const preset = resolvePreset(options.preset, options.arch);
  const presetName = preset.name === "tiny" ? `tiny-${preset.arch}` : preset.name;
  return { shape: preset.shape, presetName, verified: preset.verified, notes: preset.notes };
}

let partialCounter = 0;

/** Everything a synthesis writes, before any byte is written. */
export interface SynthesisPlan {
  shape: ShapeSpec;
  presetName: string;
  verified: boolean;
  notes: string;
  quant: string;
  templateName: string;
  seed: number;
  plan: PlannedTensor[];
  metadata: GgufWriteKv[];
  descriptors: GgufTensorDescriptor[];
}

/**
 * The metadata and tensor list {@link synthesizeGguf} would write for `options` (the output
 * path is not used). Throws as synthesizeGguf does for bad presets, shapes and quantisations.
 */
export function planSynthesis(options: Omit<SynthesizeOptions, "outputPath" | "onProgress">): SynthesisPlan {
  const { shape, presetName, verified, notes } = resolveShape(options);
  const quant = parseQuantType(options.quant);
  const family = shape.tokenizer ?? defaultTokenizerFamily(shape.arch);
  const templateName = options.chatTemplate ?? tokenizerFamily(family).chatTemplate;
  const template = chatTemplate(templateName);
  const seed = options.seed ?? 0;
  const tokenizer = buildTokenizer(family, shape.vocabSize);
  const plan = planTensors(shape);
  const types = assignTensorTypes(plan, quant);
  const metadata = buildSynthMetadata({
    shape,
    presetName,
    verified,
    fileType: fileTypeOf(quant),
    tokenizer,
    chatTemplateName: templateName,
    chatTemplate: template,
    seed,
  });
  const descriptors: GgufTensorDescriptor[] = plan.map((tensor, index) => ({
    name: tensor.name,
    dimensions: tensor.dimensions,
    type: types[index]!,
  }));
  return { shape, presetName, verified, notes, quant, templateName, seed, plan, metadata, descriptors };
}

/** Synthesises a random-weight GGUF; see {@link SynthesizeOptions}. */
export async function synthesizeGguf(options: SynthesizeOptions): Promise<SynthesizeResult> {
  const started = performance.now();
  const { shape, presetName, verified, notes, quant, templateName, seed, plan, metadata, descriptors } =
    planSynthesis(options);
  const dataBytes = descriptors.reduce((sum, tensor) => {
    const info = ggmlType(tensor.type)!;
    return sum + (elementCount(tensor.dimensions) / info.blockSize) * info.typeSize;
  }, 0);
  const random = new WeightRandom(seed);
  const pool = new WeightPool(random, poolSizeFor(plan));
  let written = 0;
  const report = (bytes: number) => {
    written += bytes;
    options.onProgress?.(written, dataBytes);
  };
  if (statSync(options.outputPath, { throwIfNoEntry: false })?.isDirectory()) {
    throw new EdgecallError(
      "invalid-argument",
      `output ${options.outputPath} is a directory; give a file path`,
      { subject: options.outputPath },
    );
  }
  // Unique per process and call, so that concurrent writers of one path never share a partial file;
  // the rename is atomic, so readers only ever see a complete file.
  const partialPath = `${options.outputPath}.${process.pid}-${++partialCounter}.partial`;
  await removeStalePartials(options.outputPath);
  try {
    const { bytes, tensorCount } = await writeGguf({
      path: partialPath,
      metadata,
      tensors: descriptors,
      *produce(descriptor, index) {
        const tensor = plan[index]!;
        if (tensor.role !== "matrix") {
          const data = specialTensorBytes(tensor, shape, random);
          report(data.length);
          yield data;
          return;
        }
        for (const chunk of pool.matrix(descriptor.type, elementCount(tensor.dimensions))) {
          report(chunk.length);
          yield chunk;
        }
      },
    });
    await rename(partialPath, options.outputPath);
    return {
      path: options.outputPath,
      parameters: plan.reduce((sum, tensor) => sum + elementCount(tensor.dimensions), 0),
      bytes,
      tensorCount,
      seconds: (performance.now() - started) / 1000,
      preset: presetName,
      arch: shape.arch,
      quant,
      chatTemplate: templateName,
      verified,
      notes,
    };
  } catch (error) {
    await rm(partialPath, { force: true });
    throw error;
  }
}
