/**
 * Padding by repetition: the same sentence written again and again to reach a length, or a loop
 * that an end phrase or a sign-off hides from the loop detector's periodic-tail test. A sentence
 * (split at . ! ? and line ends) of at least four words that occurs three times or more, compared
 * in lower case with white space collapsed and markdown bullets dropped, is a repeat. Numbered
 * variations ("Tip 1 is simple.", "Tip 2 is simple.") are different sentences.
 */

/** Fewest words a sentence needs to count. */
const minWords = 4;
/** Fewest occurrences that make a repeat. */
const minCopies = 3;

/** The sentence repeated most (at least three times), with its count; null when none is. */
export function repeatedSentence(text: string): { sentence: string; copies: number } | null {
  const counts = new Map<string, number>();
  for (const raw of text.split(/(?<=[.!?])\s+|\n+/u)) {
    const sentence = raw
      .replace(/^\s*(?:[-*•]|\d+[.)])\s+/u, "")
      .replace(/\s+/gu, " ")
      .trim()
      .toLocaleLowerCase();
    if ((sentence.match(/[\p{L}\p{N}]+/gu)?.length ?? 0) < minWords) continue;
    counts.set(sentence, (counts.get(sentence) ?? 0) + 1);
  }
  let best: { sentence: string; copies: number } | null = null;
  for (const [sentence, copies] of counts)
    if (copies >= minCopies && (best === null || copies > best.copies)) best = { sentence, copies };
  return best;
}
