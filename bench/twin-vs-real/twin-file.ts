/**
 * A RANDOM-WEIGHT twin of a real GGUF: the synthesiser's own plan (src/gguf/synth/, as
 * `bench --shape` uses it) for a shape read from the real file's metadata, with every tensor's
 * ggml type copied from the real file by name (types the synthesiser cannot write are replaced by
 * the nearest it can, and listed). What differs from the real file besides the values is listed
 * too: tensors only one of them has, or with other dimensions.
 */
import { rename } from "node:fs/promises";
import { ggmlType } from "../../src/gguf/ggml-types.js";
import type { GgufFile } from "../../src/gguf/reader.js";
import { ggufNumber, readGguf } from "../../src/gguf/reader.js";
import {
  poolSizeFor,
  specialTensorBytes,
  WeightRandom,
  weightStd,
} from "../../src/gguf/synth/random-weights.js";
import { parseShape, type ShapeSpec } from "../../src/gguf/synth/shape.js";
import { planSynthesis } from "../../src/gguf/synth/synthesize.js";
import { elementCount } from "../../src/gguf/synth/tensor-plan.js";
import { ggufKv, writeGguf } from "../../src/gguf/writer.js";
import { encodeTensor, writableType } from "./tensor-codec.js";

/** What the twin is and how it differs from the real file. */
export interface TwinFile {
  path: string;
  shape: ShapeSpec;
  /** "name: REAL -> WRITTEN" for each tensor whose real type the synthesiser cannot write. */
  substitutions: string[];
  /** Tensors in one file only, or with other dimensions. */
  differences: string[];
  /** Tensor count per ggml type name in the twin. */
  types: Record<string, number>;
}

/** The synthesiser's shape for a real llama or gemma3 file, from its metadata. */
export function shapeFromGguf(file: GgufFile): ShapeSpec {
  const arch = String(file.metadata.get("general.architecture"));
  const number = (key: string) => ggufNumber(file.metadata.get(`${arch}.${key}`));
  const tokens = file.metadata.get("tokenizer.ggml.tokens");
  const vocabSize =
    number("vocab_size") ?? (typeof tokens === "object" && "length" in tokens ? tokens.length : undefined);
  const shape: Record<string, unknown> = {
    arch,
    vocabSize,
    embeddingLength: number("embedding_length"),
    blockCount: number("block_count"),
    feedForwardLength: number("feed_forward_length"),
    headCount: number("attention.head_count"),
    headCountKv: number("attention.head_count_kv"),
    keyLength: number("attention.key_length"),
    valueLength: number("attention.value_length"),
    ropeFreqBase: number("rope.freq_base") ?? 10000,
    ropeDimensionCount: number("rope.dimension_count"),
    rmsEpsilon: number("attention.layer_norm_rms_epsilon"),
    contextLength: number("context_length"),
    tiedEmbeddings: !file.tensors.some((tensor) => tensor.name === "output.weight"),
  };
  if (arch === "gemma3") {
    shape.slidingWindow = number("attention.sliding_window");
    shape.slidingWindowPattern = number("attention.sliding_window_pattern");
    shape.ropeFreqBaseSwa = number("rope.freq_base_swa");
  }
  for (const key of Object.keys(shape)) if (shape[key] === undefined) delete shape[key];
  return parseShape(shape, `the shape of ${file.path}`);
}

/** Writes the twin of `realPath` to `outputPath` (seeded: the same inputs give the same file). */
export async function writeTwin(realPath: string, outputPath: string, seed = 0): Promise<TwinFile> {
  const real = await readGguf(realPath);
  const shape = shapeFromGguf(real);
  const synthesis = planSynthesis({ shape, quant: "f32", seed });
  const realTensors = new Map(real.tensors.map((tensor) => [tensor.name, tensor]));
  const planned = new Set(synthesis.plan.map((tensor) => tensor.name));
  const substitutions: string[] = [];
  const differences: string[] = [];
  const types: Record<string, number> = {};
  const descriptors = synthesis.descriptors.map((descriptor) => {
    const twin = realTensors.get(descriptor.name);
    if (!twin) {
      differences.push(`${descriptor.name}: only in the twin`);
      return descriptor;
    }
    if (twin.dimensions.join("x") !== descriptor.dimensions.join("x"))
      differences.push(
        `${descriptor.name}: real ${twin.dimensions.join("x")}, twin ${descriptor.dimensions.join("x")}`,
      );
    const type = writableType(twin.type);
    if (type !== twin.type)
      substitutions.push(`${descriptor.name}: ${twin.typeName} -> ${ggmlType(type)!.name}`);
    return { ...descriptor, type };
  });
  for (const tensor of real.tensors)
    if (!planned.has(tensor.name)) differences.push(`${tensor.name}: only in the real file`);
  for (const descriptor of descriptors) {
    const name = ggmlType(descriptor.type)!.name;
    types[name] = (types[name] ?? 0) + 1;
  }
  const fileType = ggufNumber(real.metadata.get("general.file_type"));
  const metadata = synthesis.metadata.map((kv) =>
    kv.key === "general.file_type" && fileType !== undefined ? ggufKv.u32(kv.key, fileType) : kv,
  );
  const random = new WeightRandom(seed);
  const pool = new TypedPool(random, poolSizeFor(synthesis.plan));
  const partial = `${outputPath}.${process.pid}.partial`;
  await writeGguf({
    path: partial,
    metadata,
    tensors: descriptors,
    *produce(descriptor, index) {
      const tensor = synthesis.plan[index]!;
      if (tensor.role !== "matrix" && descriptor.type === 0) yield specialTensorBytes(tensor, shape, random);
      else yield* pool.matrix(descriptor.type, elementCount(tensor.dimensions));
    },
  });
  await rename(partial, outputPath);
  return { path: outputPath, shape, substitutions, differences, types };
}

/** N(0, 0.02) values encoded once per type; matrices are slices at random block offsets. */
class TypedPool {
  private readonly values: Float32Array;
  private readonly encoded = new Map<number, Uint8Array>();

  constructor(
    private readonly random: WeightRandom,
    elements: number,
  ) {
    this.values = random.normals(elements, weightStd);
  }

  *matrix(type: number, elements: number): Generator<Uint8Array> {
    const info = ggmlType(type)!;
    let bytes = this.encoded.get(type);
    if (!bytes) {
      // K-quant encoders are slow in JavaScript: a quarter-million values are enough to slice from.
      const count = info.blockSize === 256 ? Math.min(this.values.length, 1 << 18) : this.values.length;
      bytes = encodeTensor(type, this.values.subarray(0, count));
      this.encoded.set(type, bytes);
    }
    const poolBlocks = bytes.length / info.typeSize;
    const chunkBlocks = Math.max(1, Math.floor(poolBlocks / 4));
    let remaining = elements / info.blockSize;
    while (remaining > 0) {
      const blocks = Math.min(remaining, chunkBlocks);
      const start = this.random.integer(poolBlocks - blocks + 1);
      yield bytes.subarray(start * info.typeSize, (start + blocks) * info.typeSize);
      remaining -= blocks;
    }
  }
}
