/**
 * Running one tool call behind the guards: its preconditions (a thrown `ToolError` becomes the
 * failure it describes, anything else a `precondition` failure), then the tool itself under a
 * time cap, with an already-aborted signal refused before it runs. A failure the guards produced
 * (aborted, timeout) is marked `guard`: it quotes only fixed text and never taints the session.
 */

import { errorMessage } from "../error-message.js";
import { type OutputMadeOf, type Tool, type ToolContext, ToolError } from "../tools/tool.js";
import type { ToolErrorType } from "../tools/tool-executor.js";

/** A failed call as the guarded executor reports it (`madeOf`: what its message quotes). */
export type GuardedFailure = { type: ToolErrorType; message: string; madeOf?: OutputMadeOf };

/** The default cap on one tool's running time. */
export const defaultToolTimeoutMs = 30_000;

/** The tool's preconditions on `input`: `null` when they hold (or it has none), else the failure. */
export function checkPreconditions(
  tool: Tool,
  input: Record<string, unknown>,
  context: ToolContext,
): GuardedFailure | null {
  if (!tool.preconditions) return null;
  try {
    return tool.preconditions(input, context);
  } catch (error) {
    if (error instanceof ToolError) return toolFailure(error);
    return { type: "precondition", message: errorMessage(error) };
  }
}

/** Runs the tool, capped at `timeoutMs`; `guard: true` marks a failure the guards produced. */
export async function runGuardedTool(
  tool: Tool,
  input: Record<string, unknown>,
  context: ToolContext,
  timeoutMs: number = defaultToolTimeoutMs,
): Promise<{ output: unknown } | { error: GuardedFailure; guard?: true }> {
  if (context.signal?.aborted)
    return { error: { type: "execution", message: "aborted before it ran" }, guard: true };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ error: GuardedFailure; guard: true }>((resolve) => {
    timer = setTimeout(
      () =>
        resolve({
          error: { type: "timeout", message: `${tool.definition.name} took longer than ${timeoutMs} ms` },
          guard: true,
        }),
      timeoutMs,
    );
  });
  const running = (async () => {
    try {
      return { output: await tool.execute(input, context) };
    } catch (error) {
      if (error instanceof ToolError) return { error: toolFailure(error) };
      return {
        error: {
          type: "execution" as const,
          message: errorMessage(error),
        },
      };
    }
  })();
  try {
    return await Promise.race([running, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function toolFailure(error: ToolError): GuardedFailure {
  return error.madeOf === undefined
    ? { type: error.type, message: error.message }
    : { type: error.type, message: error.message, madeOf: error.madeOf };
}
