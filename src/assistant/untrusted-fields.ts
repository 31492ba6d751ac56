/**
 * Picks the third-party text out of a tool output for taint tracking: the strings under the named
 * keys (at any depth), leaving out ids, dates and other values the tool itself made.
 */

/** Every string (or string in an array) under one of `keys`, anywhere in `output`. */
export function stringsUnderKeys(output: unknown, keys: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const visit = (value: unknown, take: boolean) => {
    if (typeof value === "string") {
      if (take) found.push(value);
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, take);
    } else if (value !== null && typeof value === "object") {
      for (const [key, member] of Object.entries(value)) visit(member, take || keys.has(key));
    }
  };
  visit(output, false);
  return found;
}
