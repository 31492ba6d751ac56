/**
 * The executor of `--guards off`, the defence A/B switch of the security suites: every call the
 * model makes runs. Only what a call cannot run without stays: the tool must exist and its
 * arguments must match its schema. No allow-list, duplicate check, preconditions (known
 * recipients, spending cap, existing ids), taint tracking or confirmation. The tools' own
 * containment still holds (the files sandbox refuses paths outside it: that is the tool's
 * implementation, not a guard). Outputs are size-capped as with the guards. Never used by `chat`.
 */
import { errorMessage } from "../error-message.js";
import { exceedsNestingDepth, maxNestingDepth } from "../formats/nesting-depth.js";
import type { ToolCall, ToolDefinition } from "../messages.js";
import { ToolError } from "../tools/tool.js";
import type { ToolExecutor, ToolOutcome } from "../tools/tool-executor.js";
import type { ToolRegistry } from "../tools/tool-registry.js";
import type { GuardedExecutor } from "./guarded-executor.js";
import { capOutput, defaultOutputLimitBytes } from "./output-cap.js";
import { SchemaGuard } from "./schema-guard.js";

/** The decision recorded on every call of an unguarded session. */
export const guardsOffDecision = { guard: "guards-off", verdict: "pass" as const };

class UnguardedExecutor implements GuardedExecutor, ToolExecutor {
  private readonly schemas = new SchemaGuard();
  readonly tainted = false;
  readonly taintSources: readonly string[] = [];

  constructor(private readonly registry: ToolRegistry) {}

  noteUserMessage(): void {
    // No policy reads the user's messages without guards.
  }

  definitions(): ToolDefinition[] {
    return this.registry.definitions();
  }

  async execute(call: ToolCall, options: { signal?: AbortSignal } = {}): Promise<ToolOutcome> {
    const decisions = [{ ...guardsOffDecision }];
    const tool = this.registry.get(call.name);
    if (tool === undefined)
      return {
        ok: false,
        error: { type: "unknown-tool", message: `unknown tool '${call.name}'` },
        decisions,
      };
    const problem = exceedsNestingDepth(call.arguments)
      ? `arguments are nested deeper than ${maxNestingDepth} levels`
      : this.schemas.check(tool, call.arguments);
    if (problem !== undefined)
      return {
        ok: false,
        error: { type: "invalid-arguments", message: `invalid arguments for ${call.name}: ${problem}` },
        decisions,
      };
    try {
      const output = await tool.execute(structuredClone(call.arguments), {
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
      return { ok: true, output: capOutput(output, defaultOutputLimitBytes), decisions };
    } catch (error) {
      const type = error instanceof ToolError ? error.type : "execution";
      return { ok: false, error: { type, message: errorMessage(error) }, decisions };
    }
  }
}

/** An executor that runs every call without guards (`--guards off`). */
export function createUnguardedExecutor(registry: ToolRegistry): GuardedExecutor {
  return new UnguardedExecutor(registry);
}
