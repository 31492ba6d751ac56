/**
 * The strings a lookup result shows the model, without the echoed query and the URLs: what
 * knowledge and research scorers search for the answer, so that a query that merely repeats a
 * guess does not count as having seen it.
 */

/** Every string of `value` (a tool result), skipping `query` and `url` fields. */
export function shownText(value: unknown, into: string[] = []): string[] {
  if (typeof value === "string") into.push(value);
  else if (Array.isArray(value)) for (const item of value) shownText(item, into);
  else if (value !== null && typeof value === "object")
    for (const [key, item] of Object.entries(value))
      if (key !== "query" && key !== "url") shownText(item, into);
  return into;
}
