/** Milliseconds since a `performance.now()` reading, to 0.1 ms (the transcript's durations). */
export function elapsedMs(start: number): number {
  return Math.round((performance.now() - start) * 10) / 10;
}
