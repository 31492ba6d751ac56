/**
 * Transient tool faults (Claw-Eval's error injection): a tool fails on one of its calls the way
 * real services fail, and works again after. A `timeout` or `server-error` call does not run (the
 * world is unchanged: the agent should retry or work around it); a `truncated` call runs but its
 * result comes back cut short, as a string. Faults are part of a sample (`--augment tool-faults`),
 * chosen deterministically and recorded with the result; the model sees them as tool results.
 */

import type { Tool } from "./tool.js";
import { ToolError } from "./tool.js";
import { ToolRegistry } from "./tool-registry.js";

/** The kinds of fault. */
export const toolFaultKinds = ["timeout", "server-error", "truncated"] as const;
/** A kind of fault. */
export type ToolFaultKind = (typeof toolFaultKinds)[number];

/** One injected fault: the tool's (offered) name, the kind, and which of its calls fails (1 = the first). */
export interface ToolFault {
  tool: string;
  kind: ToolFaultKind;
  call: number;
}

/** What a truncated result keeps: the first 40% of its JSON text, at least 12 characters. */
export function truncatedOutput(output: unknown): string {
  const text = typeof output === "string" ? output : (JSON.stringify(output) ?? "");
  const kept = Math.max(12, Math.floor(text.length * 0.4));
  return `${text.slice(0, kept)}… [response truncated: connection closed after ${kept} of ${text.length} bytes]`;
}

function faulty(tool: Tool, faults: readonly ToolFault[]): Tool {
  let calls = 0;
  return {
    ...tool,
    async execute(input, context) {
      calls += 1;
      const fault = faults.find((candidate) => candidate.call === calls);
      if (fault?.kind === "timeout")
        throw new ToolError(
          "timeout",
          `${tool.definition.name}: the service did not answer within 10000 ms`,
          {
            madeOf: "fixed-text",
          },
        );
      if (fault?.kind === "server-error")
        throw new ToolError(
          "execution",
          `${tool.definition.name}: 503 Service Unavailable (the server is overloaded)`,
          { madeOf: "fixed-text" },
        );
      const output = await tool.execute(input, context);
      return fault?.kind === "truncated" ? truncatedOutput(output) : output;
    },
  };
}

/** `registry` with `faults` injected (a new registry; tools without a fault are the same objects). */
export function withToolFaults(registry: ToolRegistry, faults: readonly ToolFault[]): ToolRegistry {
  const injected = new ToolRegistry();
  for (const tool of registry.list()) {
    const own = faults.filter((fault) => fault.tool === tool.definition.name);
    injected.register(own.length === 0 ? tool : faulty(tool, own));
  }
  return injected;
}
