/**
 * The three BFCL memory backends behind one face: a fresh instance loaded from a snapshot, the
 * text its system prompt shows, and the snapshot it leaves.
 */
import type { MultiTurnApi } from "../multi-turn/api-class.js";
import { MemoryKv } from "./memory-kv.js";
import { MemoryRecSum } from "./memory-rec-sum.js";
import type { MemorySnapshot } from "./memory-snapshot.js";
import { MemoryVector } from "./memory-vector.js";

/** A memory backend's name, as in BFCL's category names (`memory_kv`, ...). */
export type MemoryBackendName = "kv" | "vector" | "rec_sum";

/** The memory backends in BFCL's order. */
export const memoryBackendNames: readonly MemoryBackendName[] = ["kv", "vector", "rec_sum"];

/** A live memory instance. */
export interface MemoryInstance extends MultiTurnApi {
  load(snapshot: MemorySnapshot | undefined): void;
  snapshot(): MemorySnapshot;
  coreMemoryForContext(): string;
}

/** A fresh instance of `backend`, loaded from `snapshot` (undefined: empty, as BFCL's first prerequisite). */
export function createMemoryInstance(
  backend: MemoryBackendName,
  snapshot: MemorySnapshot | undefined,
): MemoryInstance {
  const instance: MemoryInstance =
    backend === "kv" ? new MemoryKv() : backend === "vector" ? new MemoryVector() : new MemoryRecSum();
  instance.load(snapshot === undefined ? undefined : structuredClone(snapshot));
  return instance;
}

/** BFCL's class name of a backend (`MemoryAPI_kv`, ...). */
export function memoryClassName(backend: MemoryBackendName): string {
  return `MemoryAPI_${backend}`;
}
