/**
 * Whether a benchmark's context fits in this machine's memory, decided before anything is
 * loaded: the estimate is the weights (memory-mapped, resident once read) plus the context's KV
 * cache and recurrent state. Compute buffers and the runtime add a little more, so the estimate
 * is a lower bound.
 */
import { EdgecallError } from "../errors.js";
import { formatBytes } from "../text/byte-units.js";
import type { ContextMemory } from "./context-memory.js";

/** Memory a run needs, as estimated from the file. */
export interface MemoryEstimate {
  weightsBytes: number;
  kvCacheBytes: number;
  recurrentStateBytes: number;
  totalBytes: number;
}

/** The machine's memory: `availableBytes` is what can be used now (Linux MemAvailable). */
export interface MachineMemory {
  availableBytes: number;
  totalBytes: number;
}

/** Weights plus a context's memory. */
export function estimateRunMemory(weightsBytes: number, context: ContextMemory): MemoryEstimate {
  return {
    weightsBytes,
    kvCacheBytes: context.kvCacheBytes,
    recurrentStateBytes: context.recurrentStateBytes,
    totalBytes: weightsBytes + context.totalBytes,
  };
}

/** Describes an estimate in one phrase, e.g. `1.20 GiB (weights 469 MiB + KV cache 48 MiB ...)`. */
export function describeEstimate(estimate: MemoryEstimate): string {
  const parts = [
    `weights ${formatBytes(estimate.weightsBytes)}`,
    `KV cache ${formatBytes(estimate.kvCacheBytes)}`,
  ];
  if (estimate.recurrentStateBytes > 0)
    parts.push(`recurrent state ${formatBytes(estimate.recurrentStateBytes)}`);
  return `${formatBytes(estimate.totalBytes)} (${parts.join(" + ")})`;
}

/**
 * Refuses a context whose estimate exceeds the memory available now: EdgecallError
 * "invalid-argument" naming `--context-size`, the estimate and the machine's memory.
 */
export function assertContextFits(
  contextSize: number,
  estimate: MemoryEstimate,
  machine: MachineMemory,
): void {
  if (estimate.totalBytes <= machine.availableBytes) return;
  throw new EdgecallError(
    "invalid-argument",
    `--context-size ${contextSize} does not fit in memory: it needs about ${describeEstimate(estimate)}, ` +
      `but only ${formatBytes(machine.availableBytes)} is available (${formatBytes(machine.totalBytes)} total)`,
    { subject: "--context-size" },
  );
}
