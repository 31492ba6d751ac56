/** What a `bfcl:memory_*` or `bfcl:web_search_*` sample carries for its solver and scorer. */
import type { AgenticCategory } from "./agentic-categories.js";
import type { MemoryScenario } from "./agentic-prompts.js";

/** An agentic sample's target. */
export interface AgenticTarget {
  kind: "bfcl-agentic";
  bfclDir: string;
  id: string;
  category: AgenticCategory;
  mode: "fc" | "prompt";
  /** Memory categories: the scenario whose prerequisite conversations come first. */
  scenario?: MemoryScenario;
  /** Accepted answers. */
  answers: string[];
}

/** True for an agentic target. */
export function isAgenticTarget(target: unknown): target is AgenticTarget {
  return (
    typeof target === "object" && target !== null && (target as { kind?: unknown }).kind === "bfcl-agentic"
  );
}
