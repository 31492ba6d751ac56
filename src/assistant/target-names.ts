/**
 * The names a user may call a target by (see `CallTarget.names`): a label as a whole, and the
 * words of it that no other thing of the same kind has. "Dentist" names the event titled
 * "Dentist" and "offsite" the one titled "Team offsite", but "team" names neither when two titles
 * hold it. Common words never count alone ("the", "with", "call"...), nor do words shorter than
 * three characters (two for people's names).
 */
import { normaliseForNaming } from "../guards/user-naming.js";

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
  return [...new Set(words.filter((word) => word.length >= minLength && !commonWords.has(word)))];
}

/** A label as a whole plus its words (see {@link labelWords}). */
export function labelNames(label: string | null | undefined, minLength = 3): string[] {
  if (!label) return [];
  return [label, ...labelWords(label, minLength)];
}

/**
 * The names of entry `index` that no other entry has, compared normalised. `candidates[i]` lists
 * the candidate names of entry `i` (all things of one kind).
 */
export function distinctNames(candidates: readonly (readonly string[])[], index: number): string[] {
  const owners = new Map<string, number>();
  for (const names of candidates) {
    for (const name of new Set(names.map(normaliseForNaming))) owners.set(name, (owners.get(name) ?? 0) + 1);
  }
  const own = candidates[index] ?? [];
  return [...new Set(own.filter((name) => owners.get(normaliseForNaming(name)) === 1))];
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
