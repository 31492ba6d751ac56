/**
 * The world of `assistant:research`: the offline web and nothing else. Each sample gets a registry
 * holding `web_search` and `web_fetch` over the shipped corpus (loaded and indexed once per
 * process, shared: the tools only read it). Nothing changes state, so a snapshot is empty and
 * every hash is the same.
 */
import { loadWebCorpus, type WebCorpus } from "../../assistant/web-corpus.js";
import { webTools } from "../../assistant/web-tools.js";
import type { EnvironmentFactory } from "../../eval/environment.js";
import { ToolRegistry } from "../../tools/tool-registry.js";

/** The tools of the research world over `corpus` (default: the shipped web). */
export function researchRegistry(corpus: () => WebCorpus = () => loadWebCorpus()): ToolRegistry {
  const registry = new ToolRegistry();
  for (const tool of webTools(corpus)) registry.register(tool);
  return registry;
}

/** The environment factory: one read-only registry per sample. */
export function researchEnvironment(corpus: () => WebCorpus = () => loadWebCorpus()): EnvironmentFactory {
  return () => ({
    registry: researchRegistry(corpus),
    snapshot: () => ({}),
    hash: () => "read-only",
    close() {
      // Nothing to free: the corpus is shared and read-only.
    },
  });
}
