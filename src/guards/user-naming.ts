/**
 * Whether a user's message names something: a name (a word, a phrase, an address, a path) occurs
 * in the text as a whole, not as part of a longer word, address or path. Both sides are compared
 * case-insensitively, with accents removed, compatibility forms folded (NFKD), invisible format
 * characters dropped and white space collapsed. "jordan.lee@example.net" is named by "mail jordan.lee@example.net." but
 * "lee@example.net" is not, and "Jordan" is named by "Jordan's message" but not by "Jordanian".
 */

/** Characters that continue a word, an address or a path: a name must not touch one. */
const continues = /[\p{L}\p{N}_@.+\-/\\%]/u;
/** Punctuation that may follow a name at the end of a sentence ("... to notes/todo.md."). */
const closing = /[.:]/;

/**
 * Lowercase, accents removed, compatibility forms folded (full-width "Ｔｈａｎｋｓ" is "thanks"),
 * invisible format characters (zero-width spaces, joiners, bidi marks) removed, white space
 * collapsed.
 */
export function normaliseForNaming(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\p{M}\p{Cf}]+/gu, "")
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

function boundaryAfter(text: string, end: number): boolean {
  const after = text[end];
  if (after === undefined || !continues.test(after)) return true;
  if (!closing.test(after)) return false;
  const next = text[end + 1];
  return next === undefined || !continues.test(next);
}

/**
 * True when `text` names `name` as a whole word or phrase. Names shorter than two characters
 * never match. Give `text` already normalised (see {@link normaliseForNaming}) when checking
 * many names against one message.
 */
export function namesIn(text: string, name: string, textIsNormalised = false): boolean {
  const wanted = normaliseForNaming(name);
  if (wanted.length < 2) return false;
  const haystack = textIsNormalised ? text : normaliseForNaming(text);
  for (let at = haystack.indexOf(wanted); at >= 0; at = haystack.indexOf(wanted, at + 1)) {
    const before = haystack[at - 1];
    if (before !== undefined && continues.test(before)) continue;
    if (boundaryAfter(haystack, at + wanted.length)) return true;
  }
  return false;
}
