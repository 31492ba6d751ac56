/**
 * Whether N context sequences fit in memory, decided before the context is created: each
 * sequence holds `contextSize` tokens of KV cache and, in a hybrid or recurrent model, its own
 * recurrent state. A context that does not fit is refused with the estimate, naming
 * `--concurrency`, instead of failing inside llama.cpp or swapping.
 */

import { EdgecallError } from "../../errors.js";
import { contextMemory, contextShapeFromMetadata } from "../../gguf/context-memory.js";
import { describeEstimate, estimateRunMemory, type MachineMemory } from "../../gguf/memory-fit.js";
import type { GgufValue } from "../../gguf/reader.js";
import { formatBytes } from "../../text/byte-units.js";

/** What the check compares against. */
export interface SequencesFitInput {
  weightsBytes: number;
  machine: MachineMemory;
}

/** Throws EdgecallError "invalid-argument" (subject `--concurrency`) when the sequences do not fit. */
export function assertSequencesFit(
  metadata: ReadonlyMap<string, GgufValue>,
  contextSize: number,
  sequences: number,
  input: SequencesFitInput,
): void {
  const shape = contextShapeFromMetadata(metadata);
  const estimate = estimateRunMemory(
    input.weightsBytes,
    contextMemory(shape, contextSize * sequences, sequences),
  );
  if (estimate.totalBytes <= input.machine.availableBytes) return;
  throw new EdgecallError(
    "invalid-argument",
    `--concurrency ${sequences} needs ${sequences} sequences of ${contextSize} tokens, about ` +
      `${describeEstimate(estimate)}, but only ${formatBytes(input.machine.availableBytes)} is available ` +
      `(${formatBytes(input.machine.totalBytes)} total); lower --concurrency or --context-size`,
    { subject: "--concurrency" },
  );
}
