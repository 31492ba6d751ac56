/**
 * The shape of a generated web page and small text helpers shared by the page templates.
 */

/** One page of the offline web corpus. */
export interface GeneratedPage {
  url: string;
  title: string;
  category: string;
  published?: string;
  text: string;
  tags?: string[];
}

/** A URL path segment from a title. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** A date in 2025 between two month/day points, as YYYY-MM-DD, from a random number in [0, 1). */
export function dateBetween(random: number, from: [number, number], to: [number, number]): string {
  const start = Date.UTC(2025, from[0] - 1, from[1]);
  const end = Date.UTC(2025, to[0] - 1, to[1]);
  return new Date(start + Math.floor(random * ((end - start) / 86400000 + 1)) * 86400000)
    .toISOString()
    .slice(0, 10);
}

/** A readable list: "a, b and c". */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
