/**
 * GPT-2 byte-level BPE pieces for the synthetic tokenizer: the byte ↔ printable-character map
 * and merges learned (deterministically) from the built-in corpus, so that common English and
 * JSON text tokenise into word-sized pieces.
 */
import { commonWords, punctuationRuns, toolWords } from "./tokenizer-corpus.js";

let byteCharacters: string[] | undefined;

/**
 * The 256 byte tokens in GPT-2's byte-to-unicode order: printable Latin-1 bytes map to
 * themselves, the others to U+0100 upwards (space → "Ġ", newline → "Ċ").
 */
export function byteTokens(): string[] {
  if (byteCharacters) return byteCharacters;
  const printable: number[] = [];
  for (let code = 0x21; code <= 0x7e; code++) printable.push(code);
  for (let code = 0xa1; code <= 0xac; code++) printable.push(code);
  for (let code = 0xae; code <= 0xff; code++) printable.push(code);
  const bytes = [...printable];
  const characters = [...printable];
  let extra = 0;
  for (let byte = 0; byte < 256; byte++) {
    if (!printable.includes(byte)) {
      bytes.push(byte);
      characters.push(256 + extra);
      extra++;
    }
  }
  byteCharacters = characters.map((code) => String.fromCodePoint(code));
  const byByte = new Array<string>(256);
  bytes.forEach((byte, index) => {
    byByte[byte] = byteCharacters![index]!;
  });
  byteToCharacter = byByte;
  return byteCharacters;
}

let byteToCharacter: string[] | undefined;

/** Text as byte-level symbols (one printable character per UTF-8 byte). */
export function toByteSymbols(text: string): string[] {
  if (!byteToCharacter) byteTokens();
  return [...Buffer.from(text, "utf8")].map((byte) => byteToCharacter![byte]!);
}

interface TrainingWord {
  symbols: string[];
  weight: number;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function trainingWords(): TrainingWord[] {
  const weights = new Map<string, number>();
  const add = (text: string, weight: number) => weights.set(text, (weights.get(text) ?? 0) + weight);
  const addWords = (list: string, scale: number) => {
    list
      .split(/\s+/)
      .filter((word) => word.length > 0)
      .forEach((word, rank) => {
        const weight = Math.round(scale / (rank + 20)) + 1;
        add(` ${word}`, weight);
        add(word, Math.ceil(weight / 3));
        add(` ${capitalise(word)}`, Math.ceil(weight / 3));
      });
  };
  addWords(commonWords, 4000);
  addWords(toolWords, 1500);
  for (const run of punctuationRuns) {
    add(run, 20);
    if (!run.startsWith(" ") && !run.includes("\n")) add(` ${run}`, 5);
  }
  return [...weights].map(([text, weight]) => ({ symbols: toByteSymbols(text), weight }));
}

let learned: string[] | undefined;

/** Stop after this many merges even if the corpus has more pairs. */
const mergeCap = 8000;

/** Pair key of two symbol ids (ids stay below 2^21). */
function pairKey(left: number, right: number): number {
  return left * 2 ** 21 + right;
}

/**
 * Up to `limit` merges ("left right", in rank order) learned from the corpus: at each step the
 * most frequent adjacent pair (ties: the lexicographically smallest) is merged. Fewer come back
 * when the corpus runs out of pairs. Deterministic; learned once per process. Pair counts are
 * updated incrementally, touching only the words that contain the merged pair.
 */
export function learnMerges(limit: number): string[] {
  learned ??= trainMerges();
  return learned.slice(0, Math.max(0, limit));
}

function trainMerges(): string[] {
  const names: string[] = [];
  const ids = new Map<string, number>();
  const idOf = (name: string) => {
    let id = ids.get(name);
    if (id === undefined) {
      id = names.length;
      names.push(name);
      ids.set(name, id);
    }
    return id;
  };
  const words = trainingWords().map(({ symbols, weight }) => ({ symbols: symbols.map(idOf), weight }));
  const counts = new Map<number, number>();
  const wordsWithPair = new Map<number, Set<number>>();
  const count = (wordIndex: number, sign: 1 | -1) => {
    const { symbols, weight } = words[wordIndex]!;
    for (let index = 0; index < symbols.length - 1; index++) {
      const key = pairKey(symbols[index]!, symbols[index + 1]!);
      const total = (counts.get(key) ?? 0) + sign * weight;
      if (total === 0) counts.delete(key);
      else counts.set(key, total);
      if (sign === 1) {
        const set = wordsWithPair.get(key);
        if (set) set.add(wordIndex);
        else wordsWithPair.set(key, new Set([wordIndex]));
      }
    }
  };
  for (let index = 0; index < words.length; index++) count(index, 1);
  const pairName = (key: number) => `${names[Math.floor(key / 2 ** 21)]} ${names[key % 2 ** 21]}`;
  const merges: string[] = [];
  while (merges.length < mergeCap) {
    let best = -1;
    let bestCount = 0;
    for (const [key, total] of counts) {
      if (total > bestCount || (total === bestCount && total > 0 && pairName(key) < pairName(best))) {
        best = key;
        bestCount = total;
      }
    }
    if (best < 0) break;
    const left = Math.floor(best / 2 ** 21);
    const right = best % 2 ** 21;
    const merged = idOf(names[left]! + names[right]!);
    merges.push(pairName(best));
    for (const wordIndex of wordsWithPair.get(best) ?? []) {
      count(wordIndex, -1);
      const { symbols } = words[wordIndex]!;
      for (let index = 0; index < symbols.length - 1; index++) {
        if (symbols[index] === left && symbols[index + 1] === right) symbols.splice(index, 2, merged);
      }
      count(wordIndex, 1);
    }
    counts.delete(best);
    wordsWithPair.delete(best);
  }
  return merges;
}
