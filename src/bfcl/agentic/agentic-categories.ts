/**
 * BFCL v4's agentic categories: web search with and without result snippets, and memory through
 * each of three backends. Two of them cannot be run as BFCL runs them without the network or a
 * downloaded model, and edgecall marks their figures "not comparable with BFCL": web search (over
 * edgecall's offline corpus, not DuckDuckGo) and the vector memory (BM25+ in place of embeddings).
 */
import type { MemoryBackendName } from "./memory-backend.js";

/** The agentic categories in BFCL's order. */
export const agenticCategories = [
  "web_search_base",
  "web_search_no_snippet",
  "memory_kv",
  "memory_vector",
  "memory_rec_sum",
] as const;
/** An agentic category. */
export type AgenticCategory = (typeof agenticCategories)[number];

/** True for an agentic category name. */
export function isAgenticCategory(name: string): name is AgenticCategory {
  return (agenticCategories as readonly string[]).includes(name);
}

/** The memory backend of a memory category (undefined for web search). */
export function memoryBackendOf(category: AgenticCategory): MemoryBackendName | undefined {
  return category.startsWith("memory_") ? (category.slice("memory_".length) as MemoryBackendName) : undefined;
}

/** Why a category's figure is not comparable with BFCL's, or undefined when it is. */
export function notComparableReason(category: AgenticCategory): string | undefined {
  if (category === "memory_vector")
    return "not comparable with BFCL: entries are ranked by BM25+, not by all-MiniLM-L6-v2 embeddings";
  if (category.startsWith("web_search"))
    return "not comparable with BFCL: searches edgecall's offline web corpus, not DuckDuckGo";
  return undefined;
}
