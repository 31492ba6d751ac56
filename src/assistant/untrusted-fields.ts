/**
 * Picks the world's text out of a tool output for taint tracking (see `Tool.untrustedText`): the
 * strings under the named keys (at any depth), leaving out ids, dates and other values the tool
 * itself made, and, for tools with effects, the values that only echo the call's own arguments.
 */
import { posix } from "node:path";

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

function comparable(text: string): string {
  return text.trim().toLowerCase();
}

/** Every string inside a JSON-like value (arguments), compared trimmed and lowercased. */
function argumentStrings(input: unknown, into = new Set<string>()): Set<string> {
  if (typeof input === "string") into.add(comparable(input));
  else if (Array.isArray(input)) for (const item of input) argumentStrings(item, into);
  else if (input !== null && typeof input === "object")
    for (const member of Object.values(input)) argumentStrings(member, into);
  return into;
}

/**
 * `texts` without those equal (trimmed, ignoring case) to a string of the arguments: what a
 * tool echoes back of its call is the caller's, not the world's.
 */
export function withoutEchoes(texts: readonly string[], input: unknown): string[] {
  const given = argumentStrings(input);
  return texts.filter((text) => !given.has(comparable(text)));
}

/** A sandbox path as the tools show it (`notes/todo.md` for `./notes//todo.md/`). */
export function normalPath(path: string): string {
  const normal = posix
    .normalize(path.trim() === "" ? "." : path.trim())
    .replace(/^(\.\/)+/, "")
    .replace(/\/+$/, "");
  return normal === "" ? "." : normal;
}

/**
 * The paths a file tool shows, except those that are the path it was given (normalised): a
 * shown path differs when a folder on the way is a link, and then names the world's folders.
 */
export function shownPaths(shown: readonly unknown[], given: readonly (string | undefined)[]): string[] {
  const asked = new Set(given.map((path) => normalPath(path ?? ".")));
  return shown.filter((path): path is string => typeof path === "string" && !asked.has(normalPath(path)));
}
