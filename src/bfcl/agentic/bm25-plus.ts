/**
 * The BM25+ ranking of the `rank_bm25` package (`BM25Plus`, k1 = 1.5, b = 0.75, delta = 1), which
 * BFCL's key-value memory uses for its key searches: idf = ln((N + 1) / df), and each query token
 * adds idf × (delta + tf × (k1 + 1) / (k1 × (1 − b + b × dl / avgdl) + tf)) in that order of
 * operations, so the scores are the same doubles Python prints. An empty corpus raises
 * ZeroDivisionError as `rank_bm25` does (its average document length divides by zero).
 */
import { pyError } from "../multi-turn/py-object.js";

const k1 = 1.5;
const b = 0.75;
const delta = 1;

/** BM25+ scores of `query` (already tokenized) against `corpus` (each document tokenized). */
export function bm25PlusScores(corpus: readonly (readonly string[])[], query: readonly string[]): number[] {
  if (corpus.length === 0) throw pyError("ZeroDivisionError", "division by zero");
  const documentFrequency = new Map<string, number>();
  const frequencies = corpus.map((document) => {
    const counts = new Map<string, number>();
    for (const token of document) counts.set(token, (counts.get(token) ?? 0) + 1);
    for (const token of counts.keys()) documentFrequency.set(token, (documentFrequency.get(token) ?? 0) + 1);
    return counts;
  });
  const totalLength = corpus.reduce((sum, document) => sum + document.length, 0);
  const averageLength = totalLength / corpus.length;
  const idf = new Map<string, number>();
  for (const [token, count] of documentFrequency) idf.set(token, Math.log((corpus.length + 1) / count));
  const scores = corpus.map(() => 0);
  for (const token of query) {
    const weight = idf.get(token) ?? 0;
    corpus.forEach((document, index) => {
      const frequency = frequencies[index]?.get(token) ?? 0;
      const norm = k1 * (1 - b + (b * document.length) / averageLength) + frequency;
      scores[index] = (scores[index] as number) + weight * (delta + (frequency * (k1 + 1)) / norm);
    });
  }
  return scores;
}

/** BFCL's tokenization for memory search: `_` as a space, lowercase, split on whitespace. */
export function memoryTokens(text: string): string[] {
  return text
    .replaceAll("_", " ")
    .toLowerCase()
    .split(/[\s\u001c-\u001f\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/u)
    .filter((token) => token !== "");
}

/** The top `k` of `corpus` for `query`, best first (ties keep corpus order, as Python's stable sort). */
export function bm25PlusRanked(corpus: readonly string[], query: string, k: number): Array<[number, string]> {
  const scores = bm25PlusScores(corpus.map(memoryTokens), memoryTokens(query));
  const ranked = corpus.map((text, index) => [scores[index] as number, text] as [number, string]);
  ranked.sort((left, right) => right[0] - left[0]);
  return k >= 0 ? ranked.slice(0, k) : ranked.slice(0, Math.max(0, ranked.length + k));
}
