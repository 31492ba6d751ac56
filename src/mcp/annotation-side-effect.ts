/**
 * An MCP tool's side-effect class from all its annotations (MCP 2025-06-18 `ToolAnnotations`;
 * each is a hint, and an absent one takes the spec's cautious default: not read-only, destructive,
 * open world):
 *
 * - `readOnlyHint: true` → `read` (changes nothing);
 * - `openWorldHint: false` → `write`: the tool changes something on this device (files, a local
 *   database) and reaches no one outside it, which is what the guards' `write` class means; its
 *   calls need no confirmation unless the session is tainted (src/guards);
 * - otherwise → `external`: it may reach someone outside this device, so its calls need a
 *   confirmation bound to their arguments.
 *
 * `destructiveHint` does not change the class: a local delete is still local (the guards' `write`,
 * confirmed in a tainted session), and a non-destructive call that reaches the outside world
 * (posting a message) still reaches someone, so it stays `external`. `idempotentHint` says nothing
 * about who is reached.
 */
import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import type { SideEffect } from "../tools/tool.js";

/** The side-effect class an MCP tool's annotations imply. */
export function sideEffectFromAnnotations(annotations: McpTool["annotations"]): SideEffect {
  if (annotations?.readOnlyHint === true) return "read";
  if (annotations?.openWorldHint === false) return "write";
  return "external";
}
