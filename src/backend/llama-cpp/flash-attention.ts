/**
 * llama.cpp's flash-attention switch for the in-process backend: the settings the CLI, the
 * benchmarks and the backend accept, and the default when none is asked for. Its own module so the
 * CLI can list the choices without loading node-llama-cpp.
 */

/** The flash-attention settings: `auto` (llama.cpp decides: on wherever the device supports it, the CPU included), `on`, `off`. */
export const flashAttentionSettings = ["auto", "on", "off"] as const;

/** One of {@link flashAttentionSettings}. */
export type FlashAttentionSetting = (typeof flashAttentionSettings)[number];

/**
 * Flash attention when none is asked for: `off` on the CPU, `auto` on a GPU. On the CPU,
 * llama.cpp's flash-attention kernel (v0.4.0 bundled with node-llama-cpp 3.21.1) makes decoding
 * with a long held context much slower: measured here (bench/attention-depth.ts, 2 threads,
 * random-weight Q4_0 files, 3,600 tokens held) qwen3-0.6b decoded 4.4 tokens/s with it and 10.3
 * without, and evaluated 85 new tokens in 3.76 s against 2.86 s; qwen3.5-0.8b 11.5 against 13.6
 * tokens/s. A cold prompt evaluates 4-16 % faster with it, but an agent with prefix reuse evaluates
 * a long prompt once and then works at depth (docs/prefix-reuse.md, "Flash attention on the CPU").
 */
export function defaultFlashAttention(device: string): FlashAttentionSetting {
  return device === "cpu" ? "off" : "auto";
}
