/**
 * The registry of the tools one sample offers, built from its environment's tools and the run's
 * extra (`--mcp`) tools: exactly the sample's offered definitions, in its order, each running the
 * tool it stands for. A definition may rename a tool (the scrambled-names augmentation): the copy
 * keeps the original's guards (side effect, preconditions, taint, target arguments and intent words),
 * so the guards judge it as they judge the original.
 */
import { EdgecallError } from "../../errors.js";
import { intentWordsOf } from "../../guards/confirmation-policy.js";
import type { Tool } from "../../tools/tool.js";
import { ToolRegistry } from "../../tools/tool-registry.js";
import type { Sample } from "../suite.js";

/** The offered registry and the offered-name → real-name map. */
export interface OfferedTools {
  registry: ToolRegistry;
  realName(offered: string): string;
}

/** Builds the offered tools; throws `invalid-tools` naming the sample when one has no implementation. */
export function offeredTools(
  sample: Sample,
  environment: ToolRegistry,
  extra: ToolRegistry | undefined,
): OfferedTools {
  const registry = new ToolRegistry();
  const names = sample.toolNames ?? {};
  for (const definition of sample.tools) {
    const real = names[definition.name] ?? definition.name;
    const tool: Tool | undefined = environment.get(real) ?? extra?.get(real);
    if (tool === undefined)
      throw new EdgecallError(
        "invalid-tools",
        `sample ${sample.id} offers tool '${definition.name}' but its world has no tool '${real}'`,
        { subject: sample.id },
      );
    registry.register(
      real === definition.name && tool.definition === definition
        ? tool
        : { ...tool, definition, intentWords: intentWordsOf(tool) },
    );
  }
  return { registry, realName: (offered) => names[offered] ?? offered };
}
