/**
 * The words by which a reply withdraws from an answer it gives: hedges ("probably", "I think"),
 * statements of uncertainty ("I'm not sure", "I couldn't verify"), retractions ("actually",
 * "scratch that") and negations ("not", "isn't", "rather than"). The answer scorers of
 * `assistant:knowledge` and `assistant:research` use them to require one committed answer. Text
 * is compared as words: lower case, every run of other characters a word break, so "isn't" is
 * the words "isn t" and "I'm" is "i m".
 */

/** Lower-case words of `text` (letters and digits; everything else separates). */
export function answerWords(text: string): string[] {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
}

const phrases = (list: readonly string[]): string[][] => list.map((phrase) => phrase.split(" "));

/** Hedges: the answer is offered, not given. */
export const hedgePhrases = phrases([
  "maybe",
  "perhaps",
  "possibly",
  "probably",
  "likely",
  "unlikely",
  "might",
  "may be",
  "could be",
  "i think",
  "i believe",
  "i guess",
  "i suppose",
  "i assume",
  "seems",
  "appears to be",
  "apparently",
  "presumably",
  "supposedly",
  "if i recall",
  "if i remember",
  "as far as i know",
  "or so",
]);

/** Uncertainty: the reply says it does not know. Counted anywhere in a reply. */
export const uncertaintyPhrases = phrases([
  "not sure",
  "unsure",
  "not certain",
  "uncertain",
  "not confident",
  "can t be sure",
  "cannot be sure",
  "can t be certain",
  "cannot be certain",
  "can t confirm",
  "cannot confirm",
  "couldn t confirm",
  "could not confirm",
  "couldn t verify",
  "could not verify",
  "unable to confirm",
  "unable to verify",
  "don t know",
  "do not know",
  "no idea",
  "best guess",
  "i guess",
  "a guess",
  "guessing",
]);

/** Retractions: what comes after them takes back what came before. */
export const retractionPhrases = phrases([
  "actually",
  "wait",
  "correction",
  "on second thought",
  "on second thoughts",
  "scratch that",
  "i mean",
  "i meant",
  "or rather",
  "take that back",
  "disregard",
  "ignore that",
  "that s wrong",
  "that is wrong",
  "that was wrong",
  "that s incorrect",
  "that is incorrect",
  "that was incorrect",
  "that s not right",
  "that is not right",
  "i was wrong",
  "my mistake",
  "sorry",
]);

/** Words that deny what follows them ("not", "never", "rather than", "instead of"). */
export const negationPhrases = phrases([
  "not",
  "no",
  "never",
  "neither",
  "nor",
  "cannot",
  "nope",
  "rather than",
  "instead of",
]);

/** The first phrase of `list` found in `words` (as whole words), or undefined. */
export function findPhrase(words: readonly string[], list: readonly string[][]): string | undefined {
  for (let start = 0; start < words.length; start++)
    for (const phrase of list)
      if (phrase.every((word, offset) => words[start + offset] === word)) return phrase.join(" ");
  return undefined;
}

/**
 * True when the words ending at index `end` (inclusive) are a negation: one of
 * {@link negationPhrases}, or a "n't" contraction ("isn t", "doesn t", "can t").
 */
export function negationEndsAt(words: readonly string[], end: number): boolean {
  const word = words[end];
  if (word === undefined) return false;
  if (word === "t" && (words[end - 1] ?? "").endsWith("n")) return true;
  return negationPhrases.some((phrase) =>
    phrase.every((part, offset) => words[end - phrase.length + 1 + offset] === part),
  );
}
