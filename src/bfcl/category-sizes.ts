/**
 * The number of entries of each BFCL v4 category in the published data (commit 6ea57973, the
 * data README's counts), used to tell a summary over part of a category (`--limit`, `--shard`)
 * from one over all of it.
 */
const sizes: Readonly<Record<string, number>> = {
  simple_python: 400,
  simple_java: 100,
  simple_javascript: 50,
  multiple: 200,
  parallel: 200,
  parallel_multiple: 200,
  irrelevance: 240,
  live_simple: 258,
  live_multiple: 1053,
  live_parallel: 16,
  live_parallel_multiple: 24,
  live_irrelevance: 884,
  live_relevance: 16,
  multi_turn_base: 200,
  multi_turn_miss_func: 200,
  multi_turn_miss_param: 200,
  multi_turn_long_context: 200,
  web_search_base: 100,
  web_search_no_snippet: 100,
  memory_kv: 155,
  memory_vector: 155,
  memory_rec_sum: 155,
};

/** Entries of a BFCL v4 category, or undefined for a name that is not one. */
export function bfclCategorySize(category: string): number | undefined {
  return Object.hasOwn(sizes, category) ? sizes[category] : undefined;
}
