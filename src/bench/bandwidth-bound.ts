/**
 * The memory-bandwidth bound of decoding: generating one token reads every weight matrix once
 * (one row of the token embedding; the output matrix, which is the token embedding itself when
 * the embeddings are tied). So decode tokens/s can be at most bandwidth ÷ bytes read per token.
 * KV-cache and recurrent-state reads, which grow with the context, are left out (small at the
 * short contexts of `tg` tests), so the bound is slightly optimistic.
 */
import type { GgufTensorInfo } from "../gguf/reader.js";

/** Bytes of weights one decoded token reads. */
export interface WeightTraffic {
  bytesPerToken: number;
  /** True when there is no `output.weight`, so the token embedding is read whole as the output matrix. */
  tiedOutput: boolean;
  /** Tensors of blocks past `layers` (MTP / next-token-prediction heads) that decoding skips. */
  skippedTensors: number;
}

const blockPattern = /^blk\.(\d+)\./;

/**
 * Weight bytes read per decoded token, from a GGUF's tensor list. `layers` is the number of
 * blocks that run per token (blocks at or past it are MTP heads and are not read).
 */
export function weightTraffic(tensors: readonly GgufTensorInfo[], layers: number): WeightTraffic {
  const tiedOutput = !tensors.some((tensor) => tensor.name === "output.weight");
  let bytesPerToken = 0;
  let skippedTensors = 0;
  for (const tensor of tensors) {
    const block = blockPattern.exec(tensor.name);
    if (block && Number(block[1]) >= layers) {
      skippedTensors += 1;
      continue;
    }
    if (tensor.name === "token_embd.weight") {
      const rows = tensor.dimensions[1] ?? 1;
      bytesPerToken += tiedOutput ? tensor.byteSize : tensor.byteSize / rows;
      // Tied: the whole matrix is read as the output projection (its one embedding row is in it).
      continue;
    }
    bytesPerToken += tensor.byteSize;
  }
  return { bytesPerToken, tiedOutput, skippedTensors };
}

/** Decode tokens/s that a memory bandwidth of `bytesPerSecond` allows at most. */
export function bandwidthBoundTokensPerSecond(bytesPerToken: number, bytesPerSecond: number): number {
  if (!(bytesPerToken > 0)) throw new RangeError(`bytes per token must be positive, got ${bytesPerToken}`);
  return bytesPerSecond / bytesPerToken;
}

/** Measured decode tokens/s as a fraction of the bandwidth bound (1 = every byte at full bandwidth). */
export function fractionOfBandwidthBound(
  tokensPerSecond: number,
  bytesPerToken: number,
  bytesPerSecond: number,
): number {
  return tokensPerSecond / bandwidthBoundTokensPerSecond(bytesPerToken, bytesPerSecond);
}
