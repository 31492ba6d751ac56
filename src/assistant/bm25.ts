/**
 * Okapi BM25 ranking for the offline web corpus and the shop catalog:
 * score(D, Q) = Σ_{t ∈ Q} idf(t) · tf(t, D) · (k1 + 1) / (tf(t, D) + k1 · (1 − b + b · |D| / avgdl)),
 * idf(t) = ln(1 + (N − n(t) + 0.5) / (n(t) + 0.5)). Fields are weighted by counting their terms
 * several times (a title weighted 3 counts each title term three times). Ties keep document order.
 */
import { searchFold, searchWords } from "../text/search-fold.js";

/** Words too common to rank by. */
const stopWords = new Set(
  "a an and are as at be but by for from has have how i if in into is it its me my of on or our so that the their then there these they this to was we what when where which who why will with you your".split(
    " ",
  ),
);

/**
 * Folds to search form (src/text/search-fold.ts: case, accents, `ß`, full-width forms, any
 * script's digits, so "cafe" ranks "Café"), drops possessive 's, splits into words (letters,
 * combining marks and digits of any script), drops stop words, and folds plural endings
 * (`bakeries` -> `bakery`, `boxes` -> `box`, `cookies` -> `cooky`).
 */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const word of searchWords(searchFold(text).replace(/['’]s\b/g, ""))) {
    if (stopWords.has(word)) continue;
    tokens.push(stem(word));
  }
  return tokens;
}

function stem(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(ches|shes|sses|xes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us"))
    return word.slice(0, -1);
  return word;
}

/** One field of a document and how much its terms count. */
export interface Bm25Field {
  text: string;
  weight?: number;
}

/** One ranked hit: the document's position in the input and its score. */
export interface Bm25Hit {
  index: number;
  score: number;
}

/** An immutable BM25 index over documents made of weighted fields. */
export class Bm25Index {
  readonly k1: number;
  readonly b: number;
  private readonly frequencies: Map<string, number>[] = [];
  private readonly lengths: number[] = [];
  private readonly documentCounts = new Map<string, number>();
  private readonly averageLength: number;

  constructor(documents: readonly Bm25Field[][], options: { k1?: number; b?: number } = {}) {
    this.k1 = options.k1 ?? 1.2;
    this.b = options.b ?? 0.75;
    for (const fields of documents) {
      const counts = new Map<string, number>();
      let length = 0;
      for (const field of fields) {
        const weight = field.weight ?? 1;
        for (const token of tokenize(field.text)) {
          counts.set(token, (counts.get(token) ?? 0) + weight);
          length += weight;
        }
      }
      for (const token of counts.keys())
        this.documentCounts.set(token, (this.documentCounts.get(token) ?? 0) + 1);
      this.frequencies.push(counts);
      this.lengths.push(length);
    }
    const total = this.lengths.reduce((sum, length) => sum + length, 0);
    this.averageLength = documents.length > 0 ? total / documents.length : 0;
  }

  /** Number of documents indexed. */
  get size(): number {
    return this.frequencies.length;
  }

  /** The inverse document frequency of a (tokenized) term. */
  idf(term: string): number {
    const n = this.documentCounts.get(term) ?? 0;
    return Math.log(1 + (this.size - n + 0.5) / (n + 0.5));
  }

  /** The BM25 score of one document for already-tokenized, de-duplicated query terms. */
  score(index: number, terms: readonly string[]): number {
    const counts = this.frequencies[index];
    const length = this.lengths[index] ?? 0;
    if (counts === undefined || this.averageLength === 0) return 0;
    let score = 0;
    for (const term of terms) {
      const tf = counts.get(term) ?? 0;
      if (tf === 0) continue;
      const norm = tf + this.k1 * (1 - this.b + (this.b * length) / this.averageLength);
      score += (this.idf(term) * tf * (this.k1 + 1)) / norm;
    }
    return score;
  }

  /** Documents matching at least one query term, best first (ties in document order), at most `limit`. */
  search(query: string, limit = 10, filter?: (index: number) => boolean): Bm25Hit[] {
    const terms = [...new Set(tokenize(query))];
    if (terms.length === 0) return [];
    const hits: Bm25Hit[] = [];
    for (let index = 0; index < this.frequencies.length; index++) {
      if (filter && !filter(index)) continue;
      const score = this.score(index, terms);
      if (score > 0) hits.push({ index, score });
    }
    hits.sort((left, right) => right.score - left.score || left.index - right.index);
    return hits.slice(0, limit);
  }
}
