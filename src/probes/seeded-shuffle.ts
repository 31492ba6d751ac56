/**
 * Deterministic shuffles for the probes: the same text key (sample id, seed) always gives the
 * same order, on every machine, so two models probed with the same flags see the same tool lists.
 */
import { createHash } from "node:crypto";

/** A pseudo-random generator in [0, 1) seeded from a text key (mulberry32 over a sha256 prefix). */
export function seededRandom(key: string): () => number {
  let state = createHash("sha256").update(key).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** A shuffled copy of `items` (Fisher-Yates) in the order `key` decides. */
export function seededShuffle<T>(items: readonly T[], key: string): T[] {
  const random = seededRandom(key);
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}
