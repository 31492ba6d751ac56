/** A benchmark script's whole-number flag (at least 1), or an error naming the flag. */
export function wholeNumberFlag(text: string | undefined, flag: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${flag} must be a whole number >= 1, got ${text}`);
  return value;
}
