/**
 * The names a user may call a target by (see `CallTarget.names`): a label as a whole, and the
 * words of it that no other thing of the same kind has. "Dentist" names the event titled
 * "Dentist" and "offsite" the one titled "Team offsite", but "team" names neither when two titles
 * hold it. Labels are often chosen by someone else (a seller names an item, a sender a subject),
 * so a name must rest on what distinguishes the target: filler words (src/guards/naming-words.ts:
 * courtesy, time, stop and request words such as "please", "today", "thanks", "buy") never count
 * alone, nor do common words ("call", "card", "file"...) or words shorter than three characters
 * (two for people's names); a label made only of such words is named by nothing but its id. A
 * name that also occurs inside another thing's name ("Gift Card" in "Gift Card $50") is
 * ambiguous and names neither. Compared folded (NFKC, case, accents, invisible characters).
 */
import { fillerWords, nameWords } from "../guards/naming-words.js";
import { namesIn, normaliseForNaming } from "../guards/user-naming.js";

const commonWords = new Set(
  (
    "the and for with from into onto about after before over under this that these those your our " +
    "you are was were has have had its his her their them they out off per via any all new old " +
    "not but can will may one two who what when where which how day week time call meet meeting " +
    "event appointment note notes file files folder item order card mail email message dr mr mrs ms prof"
  ).split(" "),
);

/** The words of a label that may name it on their own. */
export function labelWords(label: string | null | undefined, minLength = 3): string[] {
  if (!label) return [];
  const words = normaliseForNaming(label).split(/[^\p{L}\p{N}]+/u);
  return [
    ...new Set(
      words.filter((word) => word.length >= minLength && !commonWords.has(word) && !fillerWords.has(word)),
    ),
  ];
}

/** True when a label has a word besides filler and the user's words for themself. */
function labelCanName(label: string): boolean {
  return nameWords(label).some((word) => !fillerWords.has(word) && word !== "me" && word !== "myself");
}

/** A label as a whole (unless it is only filler) plus its words (see {@link labelWords}). */
export function labelNames(label: string | null | undefined, minLength = 3): string[] {
  if (!label) return [];
  return [...(labelCanName(label) ? [label] : []), ...labelWords(label, minLength)];
}

/**
 * The names of entry `index` that no other entry has, and that occur in no other entry's names as
 * a whole word or phrase, compared normalised. `candidates[i]` lists the candidate names of entry
 * `i` (all things of one kind).
 */
export function distinctNames(candidates: readonly (readonly string[])[], index: number): string[] {
  const others = candidates.flatMap((names, at) => (at === index ? [] : names.map(normaliseForNaming)));
  const own = candidates[index] ?? [];
  return [
    ...new Set(
      own.filter((name) => {
        const wanted = normaliseForNaming(name);
        return !others.some((other) => other === wanted || namesIn(other, wanted, true));
      }),
    ),
  ];
}

/** `distinctNames` for the entry with id `id` among `entries` (empty when it is not there). */
export function distinctNamesOf<T extends { id: string }>(
  entries: readonly T[],
  id: string,
  candidatesOf: (entry: T) => readonly string[],
): string[] {
  const index = entries.findIndex((entry) => entry.id === id);
  return index < 0 ? [] : distinctNames(entries.map(candidatesOf), index);
}
