/**
 * Suggestions for an unknown tool name: registered names within a small edit distance, or sharing
 * the words of the requested name in any order (`send_email` suggests `email_send`).
 */

function editDistance(left: string, right: string): number {
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row++) {
    const current = [row];
    for (let column = 1; column <= right.length; column++) {
      const substitution = previous[column - 1]! + (left[row - 1] === right[column - 1] ? 0 : 1);
      current.push(Math.min(previous[column]! + 1, current[column - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[right.length]!;
}

function words(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/** Up to `limit` registered names closest to `requested`, best first. */
export function closeNames(requested: string, names: readonly string[], limit = 3): string[] {
  const wanted = words(requested);
  const scored: { name: string; score: number }[] = [];
  for (const name of names) {
    const distance = editDistance(requested.toLowerCase(), name.toLowerCase());
    const nameWords = words(name);
    const shared = wanted.filter((word) => nameWords.includes(word)).length;
    const allowed = Math.max(2, Math.floor(name.length / 3));
    if (distance <= allowed) scored.push({ name, score: distance });
    else if (shared > 0 && shared >= Math.min(wanted.length, nameWords.length) - 1) {
      scored.push({ name, score: allowed + 1 + (nameWords.length - shared) * 2 + (wanted.length - shared) });
    }
  }
  scored.sort((left, right) => left.score - right.score || left.name.localeCompare(right.name));
  return scored.slice(0, limit).map((entry) => entry.name);
}
