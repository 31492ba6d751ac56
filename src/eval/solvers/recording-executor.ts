/**
 * The executor agent solvers run calls through: the guarded (or unguarded) executor, with the
 * world snapshotted after each call that may have changed it (trajectories refer to those states).
 */
import type { ToolExecutor, ToolOutcome } from "../../tools/tool-executor.js";
import type { Environment } from "../environment.js";

/** Executes through the guards and snapshots the world after each call that may have changed it. */
export class RecordingExecutor implements ToolExecutor {
  /** World states by executed-call ordinal (0-based, in order of execution). */
  readonly statesAfterCall = new Map<number, unknown>();
  private executed = 0;

  constructor(
    private readonly inner: ToolExecutor,
    private readonly environment: Environment,
    private readonly readOnly: (name: string) => boolean,
  ) {}

  definitions() {
    return this.inner.definitions();
  }

  async execute(call: Parameters<ToolExecutor["execute"]>[0], options?: { signal?: AbortSignal }) {
    const outcome: ToolOutcome = await this.inner.execute(call, options);
    const ordinal = this.executed;
    this.executed += 1;
    if (outcome.ok && !this.readOnly(call.name))
      this.statesAfterCall.set(ordinal, this.environment.snapshot());
    return outcome;
  }
}
