/**
 * How an eval session shapes its plan and its solvers: the suites it builds, the plan (its
 * `--shard i/n` slice, with the `--mcp` tools added to every sample), and the agent solvers'
 * settings from the run's settings.
 */
import type { ModelBackend } from "../backend/model-backend.js";
import type { ToolDefinition } from "../messages.js";
import type { EvalSettings, RunShard, SuiteRecord } from "./run-directory.js";
import type { WorkItem } from "./run-plan.js";
import { planRun } from "./run-plan.js";
import type { SessionInputs } from "./session-inputs.js";
import type { EvalSessionOptions } from "./session-options.js";
import type { AgentRunSettings } from "./solver.js";
import type { Sample, Suite } from "./suite.js";
import { createSuites, type SuiteCatalog } from "./suite-catalog.js";

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
    guards: settings.guards ?? "on",
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

/**
 * The suites to run, with the records run.json keeps of them; `modelFormat` is the format the
 * model under test was opened with (suites may default on it).
 */
export async function buildSuites(
  options: EvalSessionOptions,
  inputs: SessionInputs,
  settings: EvalSettings,
  opened: { judge?: ModelBackend; modelFormat: string },
): Promise<{ suites: Suite[]; records: SuiteRecord[] }> {
  const { judge, modelFormat } = opened;
  const suites =
    options.suiteObjects ??
    (await createSuites(options.catalog as SuiteCatalog, inputs.suiteNames, {
      options: settings.suiteOptions,
      ...(judge === undefined ? {} : { judge }),
      modelFormat,
    }));
  for (const suite of suites) for (const note of suite.notes ?? []) options.onSuiteNote?.(suite.name, note);
  const records = suites.map((suite) => ({
    name: suite.name,
    version: suite.version,
    categories: suite.categories,
    ...(suite.notes === undefined || suite.notes.length === 0 ? {} : { notes: suite.notes }),
    ...(suite.settings === undefined ? {} : { settings: suite.settings }),
  }));
  return { suites, records };
}

/** The work of this session: the plan (or its shard), with the `--mcp` tools offered. */
export async function sessionPlan(
  options: EvalSessionOptions,
  settings: EvalSettings,
  suites: Suite[],
): Promise<WorkItem[]> {
  const plan = shardOf(
    await planRun(suites, {
      limit: settings.limit ?? undefined,
      repeats: settings.repeats,
    }),
    settings.shard ?? null,
  );
  if (options.extraTools !== undefined && options.extraTools.length > 0)
    offerExtraTools(plan, options.extraTools, options.onToolClash);
  return plan;
}
