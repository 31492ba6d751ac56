/**
 * Standardised forms of possible answers, computed once per answer list and cached on it (the
 * lists live as long as the dataset's parsed entries): the checker standardises the same options
 * for every output it compares, several times per entry in parallel categories.
 */
import type { PyValue } from "./py-value.js";
import { standardizeString } from "./standardize.js";

/** Switch for benchmarks: with `enabled` false every call recomputes. */
export const optionCache = { enabled: true };

const stringSets = new WeakMap<readonly PyValue[], ReadonlySet<string>>();
const itemLists = new WeakMap<readonly PyValue[], readonly PyValue[]>();

/** The standardised string options of a possible-answer list (non-strings are left out). */
export function standardizedStringOptions(options: readonly PyValue[]): ReadonlySet<string> {
  const cached = optionCache.enabled ? stringSets.get(options) : undefined;
  if (cached) return cached;
  const set = new Set<string>();
  for (const option of options) if (option.kind === "str") set.add(standardizeString(option.value));
  if (optionCache.enabled) stringSets.set(options, set);
  return set;
}

/** A value with a top-level string standardised. */
export function standardizedValue(value: PyValue): PyValue {
  return value.kind === "str" ? { kind: "str", value: standardizeString(value.value) } : value;
}

/** The items of a list with top-level strings standardised. */
export function standardizedItems(items: readonly PyValue[]): readonly PyValue[] {
  const cached = optionCache.enabled ? itemLists.get(items) : undefined;
  if (cached) return cached;
  const result = items.map(standardizedValue);
  if (optionCache.enabled) itemLists.set(items, result);
  return result;
}
