/**
 * The pure halves of `edgecall tools list` and `edgecall tools call` (commander wiring lives in
 * the CLI). A call goes through the same guards as in an agent session: schema, preconditions,
 * sandbox, and confirmation for `external`/`payment` calls, asked on a terminal through `prompt`,
 * given by `yes`, and otherwise refused with a `needs-confirmation` error.
 */
import { createAssistantRegistry } from "../assistant/assistant-registry.js";
import { openWorld } from "../assistant/world.js";
import type { ConfirmationRequest } from "../guards/confirmation-ledger.js";
import { createGuardedExecutor } from "../guards/guarded-executor.js";
import type { JsonSchema } from "../messages.js";
import { outputMayTaint, type SideEffect } from "../tools/tool.js";
import type { ToolErrorType } from "../tools/tool-executor.js";
import type { ToolRegistry } from "../tools/tool-registry.js";

/** One row of `tools list`. */
export interface ToolListing {
  name: string;
  description: string;
  sideEffect: SideEffect;
  /** True when the tool's results or errors may carry data from the world, so reading them taints the session. */
  untrustedOutput: boolean;
  parameters: JsonSchema;
}

/** The tools of a registry (default: the assistant suite, listed without opening any world). */
export function listTools(registry: ToolRegistry = createAssistantRegistry()): ToolListing[] {
  return registry.list().map((tool) => ({
    name: tool.definition.name,
    description: tool.definition.description ?? "",
    sideEffect: tool.sideEffect,
    untrustedOutput: outputMayTaint(tool),
    parameters: tool.definition.parameters,
  }));
}

/** The JSON document `tools call --json` prints. */
export type CallToolResult =
  | { ok: true; output: unknown }
  | { ok: false; error: { type: ToolErrorType; message: string } };

/** Options of {@link callTool}. */
export interface CallToolOptions {
  name: string;
  /** The `--args` text (a JSON object); default `{}`. */
  argsJson?: string;
  /** State folder (default: the per-user one, see defaultStateDir). */
  stateDir?: string;
  /** `--yes`: confirm any confirmation without asking. */
  yes?: boolean;
  /** Whether stdin/stdout are a terminal, so a person can be asked. */
  isTTY?: boolean;
  /** Asks the person; resolves true to go ahead. `message` is ready to print. */
  prompt?: (message: string, request: ConfirmationRequest) => Promise<boolean>;
  /** Use this registry instead of the assistant suite over `stateDir` (tests, MCP tools). */
  registry?: ToolRegistry;
}

/**
 * Runs one tool call through the guards and returns the `{ok, output}` / `{ok, error}` document.
 * Problems with the call itself come back as errors in the document; a state folder that cannot
 * be opened throws an EdgecallError.
 */
export async function callTool(options: CallToolOptions): Promise<CallToolResult> {
  let input: unknown;
  try {
    input = JSON.parse(options.argsJson ?? "{}");
  } catch (error) {
    return {
      ok: false,
      error: { type: "invalid-arguments", message: `--args is not valid JSON: ${(error as Error).message}` },
    };
  }
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    return {
      ok: false,
      error: {
        type: "invalid-arguments",
        message: '--args must be a JSON object, e.g. \'{"path": "notes/todo.md"}\'',
      },
    };
  }
  const world = options.registry ? undefined : openWorld(options.stateDir);
  try {
    const registry = options.registry ?? createAssistantRegistry(world);
    const prompt = options.prompt;
    const confirm = options.yes
      ? async () => true
      : options.isTTY && prompt
        ? (request: ConfirmationRequest) => prompt(`${request.summary}\nGo ahead?`, request)
        : undefined;
    const executor = createGuardedExecutor({ registry, ...(confirm ? { confirm } : {}) });
    const outcome = await executor.execute({
      name: options.name,
      arguments: input as Record<string, unknown>,
    });
    if (outcome.ok) return { ok: true, output: outcome.output };
    const error = { ...outcome.error };
    if (error.type === "needs-confirmation") {
      error.message = `${options.name} needs confirmation (${registry.get(options.name)?.sideEffect ?? "side"} effect); run it on a terminal or pass --yes`;
    }
    return { ok: false, error };
  } finally {
    world?.close();
  }
}
