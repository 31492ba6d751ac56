/**
 * BFCL's string standardisation before comparing a string argument with the possible answers:
 * spaces and `, . / - _ * ^` are removed, the text is lower-cased and `'` becomes `"`, so that
 * "April 1, 2024" matches "april 1 2024".
 */

const removed = /[ ,./\-_*^]/g;

/** The standardised form of `text`, as BFCL's `standardize_string` computes it. */
export function standardizeString(text: string): string {
  return text.replace(removed, "").toLowerCase().replace(/'/g, '"');
}
