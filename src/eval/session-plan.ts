/**
 * How an eval session shapes its plan and its solvers: the `--mcp` tools added to every sample,
 * the `--shard i/n` slice of the plan, and the agent solvers' settings from the run's settings.
 */
import type { ModelBackend } from "../backend/model-backend.js";
import type { ToolDefinition } from "../messages.js";
import type { EvalSettings, RunShard } from "./run-directory.js";
import type { WorkItem } from "./run-plan.js";
import type { AgentRunSettings } from "./solver.js";
import type { Sample } from "./suite.js";

/** Adds `extra` to each planned sample's tools (a copy per sample), leaving out names it already offers. */
export function offerExtraTools(
  plan: WorkItem[],
  extra: readonly ToolDefinition[],
  onClash: ((name: string, samples: number) => void) | undefined,
): void {
  const copies = new Map<Sample, Sample>();
  const clashes = new Map<string, number>();
  for (const item of plan) {
    let copy = copies.get(item.sample);
    if (copy === undefined) {
      const taken = new Set(item.sample.tools.map((tool) => tool.name));
      for (const tool of extra)
        if (taken.has(tool.name)) clashes.set(tool.name, (clashes.get(tool.name) ?? 0) + 1);
      copy = {
        ...item.sample,
        tools: [...item.sample.tools, ...extra.filter((tool) => !taken.has(tool.name))],
      };
      copies.set(item.sample, copy);
    }
    item.sample = copy;
  }
  for (const [name, samples] of clashes) onClash?.(name, samples);
}

/**
 * The items of one shard: samples whose plan position is `index - 1` modulo `count`, with all their
 * repeats (pass^k needs them together). Positions are those of the whole plan, so the shards'
 * results merge back into the whole run's order.
 */
export function shardOf(plan: WorkItem[], shard: RunShard | null): WorkItem[] {
  if (shard === null) return plan;
  return plan.filter((item) => item.ordinal % shard.count === shard.index - 1);
}

/** The agent solvers' settings of a run. */
export function agentSettings(
  settings: EvalSettings,
  userBackend: ModelBackend | undefined,
): AgentRunSettings {
  return {
    confirm: settings.confirm ?? "user",
    maxSteps: settings.maxSteps ?? 10,
    maxUserTurns: 8,
    ...(settings.tokenBudget === null || settings.tokenBudget === undefined
      ? {}
      : { tokenBudget: settings.tokenBudget }),
    ...(userBackend === undefined
      ? {}
      : {
          userModel: userBackend,
          userSampling: {
            ...(settings.temperature === null ? {} : { temperature: settings.temperature }),
          },
        }),
  };
}
