/**
 * BFCL v4's multi-turn categories, their suite names (`bfcl:multi_turn_<kind>`) and the group
 * `bfcl:multi_turn`.
 */

/** The multi-turn categories, in BFCL's order. */
export const multiTurnCategories = [
  "multi_turn_base",
  "multi_turn_miss_func",
  "multi_turn_miss_param",
  "multi_turn_long_context",
] as const;

/** One multi-turn category. */
export type MultiTurnCategory = (typeof multiTurnCategories)[number];

const categorySet: ReadonlySet<string> = new Set(multiTurnCategories);

/** True when `name` is a multi-turn category. */
export function isMultiTurnCategory(name: string): name is MultiTurnCategory {
  return categorySet.has(name);
}

/** The category of an id (`multi_turn_base_12` → `multi_turn_base`), if multi-turn. */
export function multiTurnCategoryOfId(id: string): MultiTurnCategory | undefined {
  const match = /^(.*)_\d+$/.exec(id);
  const category = match?.[1];
  return category !== undefined && isMultiTurnCategory(category) ? category : undefined;
}

/** True when the classes load their long-context padding (BFCL: "long_context" or "composite" in the category). */
export function usesLongContext(category: string): boolean {
  return category.includes("long_context") || category.includes("composite");
}
