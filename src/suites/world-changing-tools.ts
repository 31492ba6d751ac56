/**
 * Which assistant tools change the world: the side-effect class the registry declares, anything
 * but `read`. Counterfeit generators use it to pick the calls whose omission or repetition a
 * scorer must notice.
 */
import { createAssistantRegistry } from "../assistant/assistant-registry.js";

let sideEffects: Map<string, string> | undefined;

/** True for an assistant tool that changes the world (side-effect class other than `read`). */
export function changesWorld(name: string): boolean {
  if (sideEffects === undefined) {
    const registry = createAssistantRegistry();
    sideEffects = new Map(
      registry
        .definitions()
        .map((definition) => [definition.name, registry.get(definition.name)?.sideEffect ?? "read"]),
    );
  }
  return (sideEffects.get(name) ?? "read") !== "read";
}
