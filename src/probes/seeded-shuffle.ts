/**
 * Deterministic shuffles for the probes: the same text key (sample id, seed) always gives the
 * same order, on every machine, so two models probed with the same flags see the same tool lists.
 */
import { createHash } from "node:crypto";
import { SeededRandom } from "../stats/seeded-random.js";

/** A pseudo-random generator in [0, 1) seeded from a text key (src/stats/seeded-random.ts over a sha256 prefix). */
export function seededRandom(key: string): () => number {
  const random = new SeededRandom(createHash("sha256").update(key).digest().readUInt32LE(0));
  return () => random.next();
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
