/**
 * What the not-a-score tests share: the cells of a table in a page, and assertions on a whole page
 * that do not print the page when they fail.
 */
import assert from "node:assert/strict";

/** The cells (inner markup with the td's attributes) of each body row of table `id`. */
export function tableCells(html: string, id: string): { attributes: string; text: string }[][] {
  const table = new RegExp(`<table id="${id}"[^>]*>([\\s\\S]*?)</table>`).exec(html);
  assert.ok(table?.[1], `a table #${id}`);
  const body = table[1].split("<tbody>")[1] ?? "";
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? "").matchAll(/<td([^>]*)>([\s\S]*?)<\/td>/g)].map((cell) => ({
      attributes: cell[1] ?? "",
      text: cell[2] ?? "",
    })),
  );
}

/** Asserts `pattern` is not in `html` (without printing the whole page when it is). */
export function absent(html: string, pattern: RegExp): void {
  const found = pattern.exec(html);
  if (found === null) return;
  const at = found.index;
  assert.fail(`found ${pattern} near: ${html.slice(Math.max(0, at - 80), at + 80)}`);
}

/** Asserts `pattern` is in `html` (without printing the whole page when it is not). */
export function present(html: string, pattern: RegExp): void {
  assert.ok(pattern.test(html), `no ${pattern} in the page`);
}
