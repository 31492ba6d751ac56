/**
 * How much context a probe runs with, and which steps do not fit in it. A step needs its largest
 * prompt (prompt-estimate.ts) plus `maxTokens` to generate. For a GGUF model the context is the smaller of the model's training context and what
 * the largest step needs, reduced to what fits in this machine's memory (weights plus KV cache and
 * recurrent state, src/gguf/memory-fit.ts); an explicit `--context-size` that does not fit in
 * memory is refused with the estimate. Steps needing more than the context are skipped, with the
 * reason; they are not failures.
 */

import { allocatedContextSize, contextMemory, contextShapeFromMetadata } from "../gguf/context-memory.js";
import { summariseGguf } from "../gguf/inspect.js";
import {
  assertContextFits,
  describeEstimate,
  estimateRunMemory,
  type MachineMemory,
} from "../gguf/memory-fit.js";
import { readGguf } from "../gguf/reader.js";
import { formatBytes } from "../text/byte-units.js";
import type { ProbeStep } from "./probe-suite.js";

/** Tokens allowed for a chat template's own text (tool instructions, headers). */
export const templateAllowance = 256;
/** Tokens allowed per message for its chat markup (role headers, end markers). */
export const perMessageAllowance = 16;

/** The context a probe runs with. */
export interface ProbeContext {
  /** Context size in tokens; null when unknown (a server's, or a replay script's: unlimited). */
  size: number | null;
  /** Where the size comes from. */
  source: "requested" | "training" | "needed" | "memory" | null;
  /** The model's training context, where known. */
  trainingContext: number | null;
  /** For `memory`: the estimate of the context the steps needed, and the memory available. */
  memoryNote: string | null;
}

/** The prompt allowance for a request of `messageCount` messages whose text counts `textTokens`. */
export function promptEstimate(textTokens: number, messageCount: number): number {
  return textTokens + templateAllowance + perMessageAllowance * messageCount;
}

/** The tokens a step needs: its largest prompt estimate plus the tokens it may generate. */
export function stepNeed(step: ProbeStep, maxTokens: number): number {
  return Number(step.facts.promptTokensEstimate ?? 0) + maxTokens;
}

/** Decides the context of a GGUF model's probe. Throws for a `requested` size that does not fit in memory. */
export async function ggufProbeContext(
  modelPath: string,
  needed: number,
  requested: number | undefined,
  machine: MachineMemory,
): Promise<ProbeContext> {
  const file = await readGguf(modelPath, { maxArrayElementsKept: 0 });
  const shape = contextShapeFromMetadata(file.metadata);
  const weights = summariseGguf(file).sizeBytes;
  const trainingContext = shape.trainContextLength ?? null;
  const estimate = (size: number) => estimateRunMemory(weights, contextMemory(shape, size));
  if (requested !== undefined) {
    assertContextFits(requested, estimate(requested), machine);
    return { size: requested, source: "requested", trainingContext, memoryNote: null };
  }
  const wanted = allocatedContextSize(Math.max(needed, 1));
  let size = trainingContext === null ? wanted : Math.min(trainingContext, wanted);
  const source = trainingContext !== null && trainingContext < wanted ? "training" : "needed";
  if (estimate(size).totalBytes <= machine.availableBytes)
    return { size, source, trainingContext, memoryNote: null };
  const memoryNote = `a context of ${size} tokens needs about ${describeEstimate(estimate(size))}, but only ${formatBytes(machine.availableBytes)} is available`;
  const room = machine.availableBytes - weights - shape.recurrentBytesPerSequence;
  size = shape.kvBytesPerToken > 0 ? Math.floor(room / shape.kvBytesPerToken / 256) * 256 : size;
  if (size < 256) {
    // Not even the smallest context fits: refuse with the estimate of the one that was wanted.
    assertContextFits(wanted, estimate(wanted), machine);
  }
  return { size, source: "memory", trainingContext, memoryNote };
}

/** Marks the steps that need more than the context as skipped, saying why. */
export function skipStepsBeyond(steps: ProbeStep[], context: ProbeContext, maxTokens: number): void {
  if (context.size === null) return;
  for (const step of steps) {
    if (step.skipped !== null) continue;
    const need = stepNeed(step, maxTokens);
    if (need <= context.size) continue;
    const base = `needs about ${need} tokens of context (prompt about ${need - maxTokens} + ${maxTokens} to generate)`;
    step.skipped =
      context.source === "requested"
        ? `${base} but --context-size is ${context.size}`
        : context.source === "memory"
          ? `${base}, more than fits in memory (${context.memoryNote}; the probe runs with ${context.size})`
          : `${base} but the model's context size is ${context.trainingContext ?? context.size}`;
  }
}
