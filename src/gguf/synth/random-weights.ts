/**
 * Random tensor data for synthetic models. A seeded PRNG (sfc32) with Box-Muller normals fills a
 * pool of N(0, 0.02) values once; the pool is encoded once per ggml type, and each weight matrix
 * is then streamed as random block-aligned slices of the encoded pool, so every block is properly
 * quantised data of that distribution while a model of a billion parameters is written in
 * seconds. Small special tensors (norms, conv kernels, decay rates) are generated directly.
 */
import { ggmlType } from "../ggml-types.js";
import { encodeF32, quantize } from "../quantize.js";
import { quantizeKQuant } from "../quantize-k.js";
import type { ShapeSpec } from "./shape.js";
import { elementCount, llama3RopeFactors, type PlannedTensor } from "./tensor-plan.js";

/** Standard deviation of the weight matrices. */
export const weightStd = 0.02;

/**
 * The weights' seeded generator (sfc32) with uniform and normal draws: not src/stats/seeded-random.ts
 * (mulberry32), because every synthetic model file was drawn from this one and must stay the same.
 */
export class WeightRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spareNormal: number | undefined;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let index = 0; index < 15; index++) this.nextUint32();
  }

  /** A uniform 32-bit unsigned integer. */
  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A uniform value in [0, 1). */
  uniform(): number {
    return this.nextUint32() / 4294967296;
  }

  /** A uniform integer in [0, bound). */
  integer(bound: number): number {
    return Math.floor(this.uniform() * bound);
  }

  /** A standard normal value (Box-Muller, two per pair of uniforms). */
  normal(): number {
    if (this.spareNormal !== undefined) {
      const value = this.spareNormal;
      this.spareNormal = undefined;
      return value;
    }
    const radius = Math.sqrt(-2 * Math.log(1 - this.uniform()));
    const angle = 2 * Math.PI * this.uniform();
    this.spareNormal = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  }

  /** `count` normal values with this standard deviation. */
  normals(count: number, std: number): Float32Array {
    const values = new Float32Array(count);
    for (let index = 0; index < count; index++) values[index] = this.normal() * std;
    return values;
  }
}

/** Encodes f32 values as any ggml type the synthesiser writes. */
export function encodeAs(type: number, values: Float32Array): Uint8Array {
  const info = ggmlType(type);
  return info && info.blockSize === 256 ? quantizeKQuant(type, values) : quantize(type, values);
}

/** Elements of the pool that K-quant types encode (their encoders are slow in JavaScript). */
const kQuantPoolElements = 1 << 18;

/** Streams weight matrices as slices of one encoded pool of N(0, 0.02) values per ggml type. */
export class WeightPool {
  private readonly values: Float32Array;
  private readonly encoded = new Map<number, { bytes: Uint8Array; blocks: number }>();

  /** `poolElements` must be a multiple of 256. */
  constructor(
    private readonly random: WeightRandom,
    poolElements: number,
    /** Most elements per yielded chunk (a multiple of 256). */
    private readonly chunkElements = 1 << 18,
  ) {
    this.values = random.normals(poolElements, weightStd);
  }

  private pool(type: number): { bytes: Uint8Array; blocks: number } {
    let pool = this.encoded.get(type);
    if (!pool) {
      const info = ggmlType(type)!;
      const elements =
        info.blockSize === 256 ? Math.min(this.values.length, kQuantPoolElements) : this.values.length;
      pool = { bytes: encodeAs(type, this.values.subarray(0, elements)), blocks: elements / info.blockSize };
      this.encoded.set(type, pool);
    }
    return pool;
  }

  /** The data of a matrix of `elements` values of `type`, as views into the encoded pool. */
  *matrix(type: number, elements: number): Generator<Uint8Array> {
    const info = ggmlType(type)!;
    const { bytes, blocks: poolBlocks } = this.pool(type);
    // Chunks of at most a quarter of the pool, so that consecutive chunks start at varied offsets.
    const chunkBlocks = Math.max(
      1,
      Math.min(this.chunkElements / info.blockSize, Math.floor(poolBlocks / 4)),
    );
    let remaining = elements / info.blockSize;
    while (remaining > 0) {
      const blocks = Math.min(remaining, chunkBlocks);
      const start = this.random.integer(poolBlocks - blocks + 1);
      yield bytes.subarray(start * info.typeSize, (start + blocks) * info.typeSize);
      remaining -= blocks;
    }
  }
}

/** Pool size for a plan: the largest matrix rounded up to a power of two, within [64 Ki, 4 Mi]. */
export function poolSizeFor(tensors: readonly PlannedTensor[]): number {
  const largest = Math.max(256, ...tensors.map((tensor) => elementCount(tensor.dimensions)));
  return Math.min(1 << 22, Math.max(1 << 16, 2 ** Math.ceil(Math.log2(largest))));
}

/** Values of a non-matrix tensor (always written as F32). */
export function specialTensorValues(
  tensor: PlannedTensor,
  shape: ShapeSpec,
  random: WeightRandom,
): Float32Array {
  const count = elementCount(tensor.dimensions);
  switch (tensor.role) {
    case "norm":
      return new Float32Array(count).fill(1);
    case "zeros":
      return new Float32Array(count);
    case "decay": {
      // −A with A uniform in [1, 16], as the converter stores −exp(A_log).
      const values = new Float32Array(count);
      for (let index = 0; index < count; index++) values[index] = -(1 + 15 * random.uniform());
      return values;
    }
    case "conv":
      return random.normals(count, 0.1);
    case "rope-freqs":
      return llama3RopeFactors(shape);
    case "matrix":
      return random.normals(count, weightStd);
  }
}

/** F32 bytes of a non-matrix tensor. */
export function specialTensorBytes(
  tensor: PlannedTensor,
  shape: ShapeSpec,
  random: WeightRandom,
): Uint8Array {
  return encodeF32(specialTensorValues(tensor, shape, random));
}
