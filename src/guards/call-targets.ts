/**
 * The targets of a call (where its side effect lands) for confirmation requests: the tool's own
 * `targets` when it has them; otherwise every string under its `targetArguments`, each named only
 * by itself; otherwise none. A tool whose `targets` fails gives one target nobody can name, so
 * a policy that checks targets refuses the call rather than approving it blind.
 */

import { errorMessage } from "../error-message.js";
import type { CallTarget, Tool, ToolContext } from "../tools/tool.js";

function stringsWithPaths(value: unknown, path: string, into: { path: string; value: string }[]): void {
  if (typeof value === "string") into.push({ path, value });
  else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) stringsWithPaths(item, `${path}[${index}]`, into);
  } else if (value !== null && typeof value === "object") {
    for (const [key, member] of Object.entries(value)) stringsWithPaths(member, `${path}.${key}`, into);
  }
}

/** The targets of `tool` called with `input` (already validated, preconditions passed). */
export function targetsOf(tool: Tool, input: Record<string, unknown>, context: ToolContext): CallTarget[] {
  if (tool.targets) {
    try {
      return tool.targets(input, context);
    } catch (error) {
      const reason = errorMessage(error);
      return [{ kind: "target", argument: "", value: `unknown (${reason})`, names: [] }];
    }
  }
  const found: { path: string; value: string }[] = [];
  for (const name of tool.targetArguments ?? []) stringsWithPaths(input[name], name, found);
  return found.map(({ path, value }) => ({ kind: "argument", argument: path, value, names: [value] }));
}
