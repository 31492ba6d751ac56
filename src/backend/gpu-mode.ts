/**
 * `--gpu`: whether an in-process model may use the GPU node-llama-cpp detects (`auto`) or runs on
 * the CPU only (`off`). One list, so the CLI's choices, the options of `run`, `eval`, `bench` and
 * `compare-quants`, and the backend's load options spell it the same way.
 */

/** Every `--gpu` value: `auto` (the GPU node-llama-cpp detects, if any), `off` (CPU only). */
export const gpuModes = ["auto", "off"] as const;

/** One of {@link gpuModes}. */
export type GpuMode = (typeof gpuModes)[number];
