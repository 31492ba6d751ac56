/**
 * The default CPU thread count when `--threads` is not given. ggml's threads wait for each other at
 * every decode step, so one thread descheduled by another process stalls every token: on a 2-core
 * machine running two CPU-bound processes, decode on 2 threads fell from 75 to 0.7 tokens/s while
 * 1 thread kept 41 (issue "Hardening", measured here). So the default counts only the cores that
 * are idle now (sampled from /proc/stat over a short window), and a model too small to gain from a
 * second thread gets one. Where /proc/stat cannot be read, every core.
 */
import { readFileSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";

/** Model files smaller than this decode no faster on more threads (the demo model is well under). */
export const smallModelBytes = 64 * 1024 * 1024;

/** How long the CPU is sampled, in ms. */
const sampleMs = 200;

interface CpuTimes {
  idle: number;
  total: number;
}

function readCpuTimes(): CpuTimes | undefined {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    if (fields.length < 4 || fields.some((value) => !Number.isFinite(value))) return undefined;
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { idle, total: fields.reduce((sum, value) => sum + value, 0) };
  } catch {
    return undefined;
  }
}

/** Cores idle over the sample window, or undefined when it cannot be measured. */
export async function idleCores(cores = availableParallelism()): Promise<number | undefined> {
  const before = readCpuTimes();
  if (before === undefined) return undefined;
  await new Promise((resolve) => setTimeout(resolve, sampleMs));
  const after = readCpuTimes();
  if (after === undefined || after.total <= before.total) return undefined;
  return (cores * (after.idle - before.idle)) / (after.total - before.total);
}

/** Why the default is what it is, for provenance and warnings. */
export interface ThreadChoice {
  threads: number;
  reason: string;
}

/**
 * The default thread count for `modelPath`: 1 for a model under {@link smallModelBytes}, else the
 * idle cores (rounded, at least 1), else every core.
 */
export async function defaultThreads(modelPath: string | undefined): Promise<ThreadChoice> {
  const cores = availableParallelism();
  if (cores <= 1) return { threads: 1, reason: "one core" };
  let size: number | undefined;
  try {
    size = modelPath === undefined ? undefined : statSync(modelPath).size;
  } catch {
    size = undefined;
  }
  if (size !== undefined && size < smallModelBytes)
    return { threads: 1, reason: "a model this small decodes no faster on more threads" };
  const idle = await idleCores(cores);
  if (idle === undefined) return { threads: cores, reason: "every core (load unknown)" };
  const threads = Math.max(1, Math.min(cores, Math.round(idle)));
  return {
    threads,
    reason: threads < cores ? `${threads} of ${cores} cores idle` : `every core (${cores} idle)`,
  };
}
