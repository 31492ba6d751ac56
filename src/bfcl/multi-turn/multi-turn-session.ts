/**
 * The live instances of one multi-turn entry during inference: built from the entry's
 * `initial_config` on first use, kept across turns and steps, executing each step's call strings
 * as BFCL's executor does (results as BFCL records them).
 */
import { ApiContext, type MultiTurnApi } from "./api-class.js";
import { createInstance } from "./api-classes.js";
import { executeCalls, type InstanceSet, instanceName, instanceSet } from "./execute-calls.js";
import { usesLongContext } from "./multi-turn-categories.js";
import type { MultiTurnEntry } from "./multi-turn-dataset.js";

/** One entry's instances for the model under test. */
export class MultiTurnSession {
  private side: InstanceSet | undefined;

  constructor(
    private readonly entry: MultiTurnEntry,
    private readonly modelName = "edgecall",
  ) {}

  private instances(): InstanceSet {
    if (this.side === undefined) {
      const context = new ApiContext();
      const built: Array<[string, MultiTurnApi]> = [];
      for (const className of this.entry.involvedClasses) {
        const instance = createInstance(
          className,
          this.entry.initialConfig,
          usesLongContext(this.entry.category),
          context,
        );
        if (instance) built.push([instanceName(this.modelName, this.entry.id, className), instance]);
      }
      this.side = instanceSet(built);
    }
    return this.side;
  }

  /** Runs one step's calls in order; one result text per call. */
  execute(calls: readonly string[]): string[] {
    return executeCalls(calls, this.instances());
  }
}
