/**
 * Does a free-text reply commit to the answer? `assistant:knowledge` asks for one short sentence,
 * so there is no "Answer:" line to read; instead every mention of the answer (the normalised
 * whole-word match of answer-match.ts, against the answer and its aliases) is read in its
 * sentence and its phrase (the words between commas, brackets, colons and sentence ends):
 *
 * - **denied**: a negation governs it ("not Tokyo", "it isn't Tokyo", "rather than Tokyo",
 *   "Tokyo is wrong"); only a negation next to the mention counts (three filler words at most,
 *   "it is not actually Tokyo"), so "it is not open on Wednesdays" is not a denial of Wednesday;
 * - **alternative**: "or" or "/" beside it, or "either"/"whether" in its sentence ("Tokyo or
 *   Kyoto");
 * - **listed**: it is one item of a list of short candidates ("Osaka, Tokyo and Kyoto", a bullet
 *   list of names);
 * - **questioned**: its sentence ends with "?" (it does not count as an answer, nor against one).
 *
 * The reply commits when some mention is affirmed and none is denied, an alternative or listed,
 * no sentence holding a mention hedges ("probably", "I think", answer-hedges.ts), the reply states
 * no uncertainty ("I'm not sure"), offers no alternative sentence ("Or ..."), and nothing after
 * the last affirming sentence retracts it ("Actually, ...", "No."). URLs are ignored (a source
 * link is not an answer). A number followed or preceded by a decimal point or comma and more
 * digits is another number ("7.5" does not mention 7).
 */
import {
  findPhrase,
  hedgePhrases,
  negationEndsAt,
  retractionPhrases,
  uncertaintyPhrases,
} from "./answer-hedges.js";
import { normaliseAnswerText } from "./answer-words.js";

/** The verdict on a reply: committed, or the first flaw found, in words. */
export type Commitment = { committed: true } | { committed: false; flaw: CommitmentFlaw; why: string };

/** Why a reply that mentions the answer does not commit to it. */
export type CommitmentFlaw =
  | "absent"
  | "denied"
  | "alternative"
  | "listed"
  | "questioned"
  | "hedged"
  | "retracted";

interface Tokens {
  words: string[];
  /** seps[i] is the text before words[i]; seps[words.length] the text after the last word. */
  seps: string[];
}

const bullet = /^\s*(?:[-*•+]|\d{1,2}[.)])\s+/u;

/** The reply in the form answers are matched in, split into words and what separates them. */
/** Digit groups joined ("1 200" is 1200), unless `joinDigitGroups` is false (phone numbers: "617 555 0163"). */
function digitGroups(text: string, joinDigitGroups: boolean): string {
  return joinDigitGroups ? text.replace(/(?<=\d)[,'’\s](?=\d{3}(?!\d))/gu, "") : text;
}

function tokenise(reply: string, joinDigitGroups: boolean): Tokens {
  const text = digitGroups(
    reply.normalize("NFKC").toLowerCase().replace(/ß/g, "ss"),
    joinDigitGroups,
  ).replace(/\bhttps?:\/\/\S+|\bwww\.\S+/gu, " ");
  // Consecutive bullet lines become one comma-separated list.
  const lines = text.split("\n");
  const joined: string[] = [];
  // A line is a list item when it and a neighbour start with a bullet ("6. Actually" is a sentence).
  const marked = lines.map((line) => bullet.test(line));
  const items = marked.map(
    (mark, index) => mark && (marked[index - 1] === true || marked[index + 1] === true),
  );
  lines.forEach((line, index) => {
    const item = items[index] === true;
    const previous = items[index - 1] === true;
    const content = item ? line.replace(bullet, "") : line;
    joined.push(index === 0 ? content : `${item && previous ? " , " : "\n"}${content}`);
  });
  const flat = joined.join("");
  const words: string[] = [];
  const seps: string[] = [];
  let last = 0;
  for (const match of flat.matchAll(/[\p{L}\p{N}]+/gu)) {
    seps.push(flat.slice(last, match.index));
    words.push(match[0]);
    last = match.index + match[0].length;
  }
  seps.push(flat.slice(last));
  return { words, seps };
}

const sentenceBreak = (sep: string) => /[!?;\n]|\.(?:\s|$)/u.test(sep);
const phraseBreak = (sep: string) => sentenceBreak(sep) || /[,:()[\]"“”—–]|\s-\s/u.test(sep);
const fillers = new Set([
  "it",
  "is",
  "s",
  "was",
  "are",
  "were",
  "be",
  "the",
  "a",
  "an",
  "actually",
  "really",
]);
const fillersToo = new Set(["in", "at", "on", "by", "called", "named", "exactly", "simply", "just", "quite"]);
const copulas = new Set(["is", "s", "was", "are", "were", "would", "will", "be"]);
const afterDenials = new Set(["not", "wrong", "incorrect", "false", "untrue", "mistaken", "never"]);

/** Bounds [start, end) of the span around words [from, to) that `broken` does not cross. */
function spanAround(tokens: Tokens, from: number, to: number, broken: (sep: string) => boolean) {
  let start = from;
  while (start > 0 && !broken(tokens.seps[start] as string)) start--;
  let end = to;
  while (end < tokens.words.length && !broken(tokens.seps[end] as string)) end++;
  return { start, end };
}

/** Word ranges of the answer's mentions, overlapping ones merged. */
function mentions(tokens: Tokens, answers: readonly string[], joinDigitGroups: boolean): [number, number][] {
  const { words, seps } = tokens;
  const found: [number, number][] = [];
  for (const answer of answers) {
    const normal = joinDigitGroups
      ? normaliseAnswerText(answer)
      : normaliseAnswerText(answer.replace(/(?<=\d)\s+(?=\d)/gu, " - "));
    const needle = normal.split(" ").filter(Boolean);
    if (needle.length === 0) continue;
    for (let start = 0; start + needle.length <= words.length; start++) {
      if (!needle.every((word, offset) => words[start + offset] === word)) continue;
      const end = start + needle.length;
      const digits = (word: string | undefined) => word !== undefined && /^\d/.test(word);
      const decimalAfter = /^[.,]$/.test(seps[end] as string) && digits(words[end - 1]) && digits(words[end]);
      const decimalBefore =
        /^[.,]$/.test(seps[start] as string) && digits(words[start]) && digits(words[start - 1]);
      if (!decimalAfter && !decimalBefore) found.push([start, end]);
    }
  }
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const range of found) {
    const top = merged.at(-1);
    if (top !== undefined && range[0] < top[1]) top[1] = Math.max(top[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

function denied(tokens: Tokens, start: number, end: number): boolean {
  const { words } = tokens;
  const phrase = spanAround(tokens, start, end, phraseBreak);
  let before = start - 1;
  for (let skipped = 0; before >= phrase.start && skipped < 3; skipped++) {
    const word = words[before] as string;
    if (!fillers.has(word) && !fillersToo.has(word)) break;
    before--;
  }
  if (before >= phrase.start && negationEndsAt(words, before)) return true;
  let after = end;
  if (after < phrase.end && copulas.has(words[after] as string)) after++;
  const next = words[after];
  if (after >= phrase.end || next === undefined) return false;
  return afterDenials.has(next) || (next.endsWith("n") && words[after + 1] === "t" && after + 1 < phrase.end);
}

function alternative(tokens: Tokens, start: number, end: number): boolean {
  const { words } = tokens;
  const sentence = spanAround(tokens, start, end, sentenceBreak);
  const inside = words.slice(sentence.start, sentence.end);
  if (inside.includes("either") || inside.includes("whether")) return true;
  const beforeIsOr = start > sentence.start && (words[start - 1] === "or" || slashBetween(tokens, start));
  const afterIsOr = end < sentence.end && (words[end] === "or" || slashBetween(tokens, end));
  return beforeIsOr || afterIsOr;
}

/**
 * True when the separator before word `index` is a slash between alternatives ("Tokyo/Kyoto"),
 * not one inside a path or name ("scans/receipt-0529.pdf": the run of words joined without
 * spaces has other punctuation or slashes).
 */
function slashBetween(tokens: Tokens, index: number): boolean {
  const { words, seps } = tokens;
  if (!(seps[index] as string).includes("/")) return false;
  const joined = (sep: string | undefined) => sep !== undefined && sep !== "" && !/\s/u.test(sep);
  const others: string[] = [];
  for (let left = index - 1; left > 0 && joined(seps[left]); left--) others.push(seps[left] as string);
  for (let right = index + 1; right < words.length && joined(seps[right]); right++)
    others.push(seps[right] as string);
  return others.length === 0;
}

function listed(tokens: Tokens, start: number, end: number): boolean {
  const { words, seps } = tokens;
  const sentence = spanAround(tokens, start, end, sentenceBreak);
  const items: [number, number][] = [];
  let itemStart = sentence.start;
  let conjunction = false;
  for (let index = sentence.start; index <= sentence.end; index++) {
    const word = words[index];
    const atEnd = index === sentence.end;
    const conj = !atEnd && (word === "and" || word === "or");
    const cut = atEnd || conj || (index > sentence.start && /[,&]/.test(seps[index] as string));
    if (!cut) continue;
    if (index > itemStart) items.push([itemStart, index]);
    if (conj) conjunction = true;
    itemStart = conj ? index + 1 : index;
  }
  const own = items.find(([from, to]) => from === start && to === end);
  if (own === undefined) return false;
  const short = Math.max(2, end - start + 1);
  const others = items.filter((item) => item !== own);
  const candidates = others.filter(([from, to]) => to - from <= short);
  if (candidates.length >= 2) return true;
  return conjunction && others.length === 1 && candidates.length === 1;
}

/** Reads `reply` for a committed mention of one of `answers`. */
export function answerCommitment(reply: string, answers: readonly string[]): Commitment {
  let tokens = tokenise(reply, true);
  let found = mentions(tokens, answers, true);
  if (found.length === 0) {
    tokens = tokenise(reply, false);
    found = mentions(tokens, answers, false);
  }
  const quote = (from: number, to: number) => `"${tokens.words.slice(from, to).join(" ")}"`;
  if (found.length === 0) return { committed: false, flaw: "absent", why: "the reply does not name it" };
  let lastAffirmed = -1;
  for (const [start, end] of found) {
    const sentence = spanAround(tokens, start, end, sentenceBreak);
    const context = quote(sentence.start, sentence.end);
    if (denied(tokens, start, end)) return { committed: false, flaw: "denied", why: `denies it: ${context}` };
    if (alternative(tokens, start, end))
      return { committed: false, flaw: "alternative", why: `offers alternatives: ${context}` };
    if (listed(tokens, start, end))
      return { committed: false, flaw: "listed", why: `lists it among candidates: ${context}` };
    const hedge = findPhrase(tokens.words.slice(sentence.start, sentence.end), hedgePhrases);
    if (hedge !== undefined)
      return { committed: false, flaw: "hedged", why: `hedges ("${hedge}"): ${context}` };
    if (!(tokens.seps[sentence.end] as string).includes("?"))
      lastAffirmed = Math.max(lastAffirmed, sentence.end);
  }
  const doubt = findPhrase(tokens.words, uncertaintyPhrases);
  if (doubt !== undefined) return { committed: false, flaw: "hedged", why: `says it is unsure ("${doubt}")` };
  if (lastAffirmed < 0)
    return { committed: false, flaw: "questioned", why: "only asks whether it is the answer" };
  for (let start = lastAffirmed; start < tokens.words.length; ) {
    const sentence = spanAround(tokens, start, start + 1, sentenceBreak);
    const words = tokens.words.slice(sentence.start, sentence.end);
    const taken = findPhrase(words, retractionPhrases);
    if (taken !== undefined || (words.length === 1 && ["no", "nope"].includes(words[0] as string)))
      return {
        committed: false,
        flaw: "retracted",
        why: `takes it back after giving it: ${quote(sentence.start, sentence.end)}`,
      };
    start = sentence.end;
  }
  for (let start = 0; start < tokens.words.length; ) {
    const sentence = spanAround(tokens, start, start + 1, sentenceBreak);
    if (["or", "alternatively", "otherwise"].includes(tokens.words[sentence.start] as string))
      return {
        committed: false,
        flaw: "alternative",
        why: `offers an alternative: ${quote(sentence.start, sentence.end)}`,
      };
    start = sentence.end;
  }
  return { committed: true };
}
