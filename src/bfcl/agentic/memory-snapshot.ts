/**
 * What a BFCL memory backend leaves behind after a conversation (BFCL's `{scenario}_final.json`):
 * the next prerequisite conversation and every question of the scenario start from it.
 */

/** A memory backend's state, as plain data. */
export type MemorySnapshot =
  | { kind: "kv"; coreMemory: Record<string, string>; archivalMemory: Record<string, string> }
  | { kind: "rec_sum"; memory: string }
  | {
      kind: "vector";
      coreMemory: { nextId: number; store: Array<[number, string]> };
      archivalMemory: { nextId: number; store: Array<[number, string]> };
    };

/** Characters a snapshot holds (for reports). */
export function snapshotCharacters(snapshot: MemorySnapshot | undefined): number {
  if (snapshot === undefined) return 0;
  if (snapshot.kind === "rec_sum") return snapshot.memory.length;
  if (snapshot.kind === "kv")
    return [...Object.values(snapshot.coreMemory), ...Object.values(snapshot.archivalMemory)].reduce(
      (sum, text) => sum + text.length,
      0,
    );
  return [...snapshot.coreMemory.store, ...snapshot.archivalMemory.store].reduce(
    (sum, [, text]) => sum + text.length,
    0,
  );
}
