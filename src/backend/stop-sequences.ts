/**
 * Stop sequences (OpenAI's `stop`): generation ends where the output first contains one of them,
 * and the reply ends before it. Shared by the backends that generate or replay text themselves.
 */

/** Most stop sequences a request may carry (OpenAI allows 4; llama-server more). */
export const maxStopSequences = 16;

/** Where `text` first contains one of `stops` (searching from `from`), or undefined. */
export function findStop(text: string, stops: readonly string[], from = 0): number | undefined {
  let best: number | undefined;
  for (const stop of stops) {
    if (stop === "") continue;
    const index = text.indexOf(stop, Math.max(0, from));
    if (index >= 0 && (best === undefined || index < best)) best = index;
  }
  return best;
}

/** `text` cut before its first stop sequence; `stopped` says whether one was found. */
export function cutAtStop(
  text: string,
  stops: readonly string[] | undefined,
): { text: string; stopped: boolean } {
  if (stops === undefined || stops.length === 0) return { text, stopped: false };
  const index = findStop(text, stops);
  return index === undefined ? { text, stopped: false } : { text: text.slice(0, index), stopped: true };
}

/**
 * How much of the end of `text` to hold back while streaming: the longest end that could still
 * grow into a stop sequence, so that no part of a stop sequence is ever sent.
 */
export function stopHoldback(text: string, stops: readonly string[] | undefined): number {
  if (stops === undefined) return 0;
  let longest = 0;
  for (const stop of stops) {
    for (let length = Math.min(stop.length - 1, text.length); length > longest; length--) {
      if (stop.startsWith(text.slice(text.length - length))) {
        longest = length;
        break;
      }
    }
  }
  return longest;
}
