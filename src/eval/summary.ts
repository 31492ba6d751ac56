/**
 * The summary of a run (summary.json and `eval --json`), computed from its stored results:
 * accuracy per category with a Wilson 95% interval, overall accuracy (micro: all passes over all
 * scored attempts; `macroAccuracy` is the unweighted mean of the categories with a scored attempt),
 * harness errors beside accuracy (per category and overall; src/eval/scored-accuracy.ts: an
 * attempt without a model verdict is neither passed nor failed), and the health figures every
 * run reports: the rate of outputs cut off by the token limit, the rate of outputs stuck repeating,
 * time to first token and decode speed percentiles (p50/p90, model calls served by the backend
 * only, not from the cache), parse failures per call format, and harness errors.
 *
 * With `--repeats K` every attempt counts in `n` and `passed` (so `accuracy` is pass@1, and the
 * Wilson interval treats attempts as independent, which makes it too narrow); `passHatK` gives
 * pass^k for k = 1..K over the samples that have all K attempts.
 */
import type { BfclAggregate } from "../bfcl/aggregates.js";
import { type Percentiles, percentiles } from "../stats/quantile.js";
import { type AgentCategorySummary, agentSummary } from "./agent-summary.js";
import { bfclSummary } from "./bfcl-summary.js";
import { type HarmfulSummary, harmfulSummary } from "./harmful-summary.js";
import { type InstructionFollowingSummary, instructionFollowingSummary } from "./instruction-following.js";
import { type KnowledgeLookupSummary, knowledgeLookupSummary } from "./knowledge-lookup.js";
import { type LanguageSummary, languageSummary } from "./language-summary.js";
import { passHatKIntervals, passHatKTable } from "./pass-hat-k-tables.js";
import type { ModelProvenance } from "./provenance.js";
import { type ResearchSummary, researchSummary } from "./research-summary.js";
import type { SampleResult } from "./sample-result.js";
import { type ScoredAccuracy, scoredAccuracy, scoredResults } from "./scored-accuracy.js";
import { type ToolFaultSummary, toolFaultSummary } from "./tool-fault-figures.js";

export type { Percentiles } from "../stats/quantile.js";
export type { AgentCategorySummary } from "./agent-summary.js";
export { agentSummary } from "./agent-summary.js";

/** Accuracy of one category (the CLI contract's `eval --json` category shape plus extras). */
export interface CategorySummary extends ScoredAccuracy {
  suite: string;
  category: string;
  /** Distinct samples run. */
  samples: number;
  /** pass^k for k = 1..repeats, keyed by k (only with repeats > 1). */
  passHatK?: Record<string, number>;
  /** A bootstrap 95% interval (over samples) of each pass^k, keyed by k. */
  passHatKCi95?: Record<string, [number, number]>;
  /** For agent and conversation samples: how far they got and what it took (means over attempts). */
  agent?: AgentCategorySummary;
}

/** Parse failures of one call format. */
export interface ParseFailureSummary {
  format: string;
  n: number;
  failures: number;
  rate: number;
}

/** The whole summary. */
export interface EvalSummary {
  runDir: string;
  model: ModelProvenance;
  categories: CategorySummary[];
  overall: ScoredAccuracy & {
    macroAccuracy: number;
    samples: number;
    passHatK?: Record<string, number>;
    /** The agent figures over every agent sample of the run. */
    agent?: AgentCategorySummary;
  };
  /** True when every planned attempt has a result. */
  complete: boolean;
  planned: number;
  randomWeights: boolean;
  repeats: number;
  /** Share of outputs that stopped on the token limit (finish reason `length`). */
  lengthRate: number;
  /** Share of outputs whose tail is a degenerate repetition. */
  stuckRate: number;
  ttftMs: Percentiles | null;
  decodeTokensPerSecond: Percentiles | null;
  parseFailures: ParseFailureSummary[];
  /** Attempts that failed with a harness error (backend, scorer) instead of a model verdict. */
  harnessErrors: number;
  /** Attempts served from the response cache. */
  cached: number;
  /**
   * Who played the user in conversation samples: `scripted`, or the `--user-model` spec. A run has
   * one user, so figures from the two are never mixed. Absent when no sample was a conversation.
   */
  simulatedUser?: string;
  /**
   * Prompt tokens the backend held already and did not evaluate again (in-process prefix reuse),
   * over the model calls measured (not from the cache) of backends that report it; null otherwise.
   */
  promptReuse?: PromptReuse | null;
  /**
   * BFCL's summary scores (non-live, live, hallucination, multi-turn, web search, memory, agentic,
   * overall) over the BFCL categories of the run; absent when it ran none. Overall is given only
   * when every weighted part ran, and otherwise over the parts that did, named.
   */
  bfcl?: BfclAggregate[];
  /** Accuracy by language with paired differences against English; absent unless a non-English twin ran. */
  languages?: LanguageSummary;
  /** Instruction following and reasoning loops (`loops:instructions`); absent when the run has none. */
  instructionFollowing?: InstructionFollowingSummary;
  /** Faulted copies beside their own scenarios (`--augment tool-faults`); absent without them. */
  toolFaults?: ToolFaultSummary;
  /** Knowledge against tools (`assistant:knowledge`): accuracy with and without lookup; absent when the run has none. */
  knowledgeLookup?: KnowledgeLookupSummary;
  /** Multi-step research (`assistant:research`): accuracy, evidence recall, searches, steps by hop count; absent without it. */
  research?: ResearchSummary;
  /** Harmful requests (`security:harmful`): unsafe, over-refusal, and apart the undecided; absent without it. */
  harmful?: HarmfulSummary;
}

/** Prompt tokens reused, over the calls that report it. */
export interface PromptReuse {
  inputTokens: number;
  cachedInputTokens: number;
  /** cachedInputTokens / inputTokens (0 when no input tokens). */
  fraction: number;
}

/** The prompt reuse of measured results whose usage reports cached input tokens; null when none do. */
export function promptReuse(results: readonly SampleResult[]): PromptReuse | null {
  let inputTokens = 0;
  let cachedInputTokens = 0;
  let reported = false;
  for (const result of results) {
    const usage = result.usage;
    if (result.cached || usage === null || usage.cachedInputTokens === undefined) continue;
    reported = true;
    inputTokens += usage.inputTokens;
    cachedInputTokens += usage.cachedInputTokens;
  }
  if (!reported) return null;
  return { inputTokens, cachedInputTokens, fraction: rate(cachedInputTokens, inputTokens) };
}

/** Decode speed of one output: tokens after the first over the time after the first token. */
export function decodeSpeed(result: SampleResult): number | undefined {
  const { timing, usage } = result;
  if (timing === null || usage === null || usage.outputTokens < 2) return undefined;
  const decodeMs = timing.decodeMs ?? timing.totalMs - timing.firstTokenMs;
  return decodeMs > 0 ? (usage.outputTokens - 1) / (decodeMs / 1000) : undefined;
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

function rate(count: number, total: number): number {
  return total === 0 ? 0 : count / total;
}

/** Options of {@link summarise}. */
export interface SummaryInput {
  runDir: string;
  model: ModelProvenance;
  /** Every stored result, in plan order. */
  results: readonly SampleResult[];
  /** (suite, category) pairs in report order (from the plan), so categories come out in a fixed order. */
  order: readonly { suite: string; category: string }[];
  planned: number;
  repeats: number;
  /** The run's `--user-model` spec; undefined or null: the scripted user. */
  userModel?: string | null;
}

/** Computes the summary. */
export function summarise(input: SummaryInput): EvalSummary {
  const { results, repeats } = input;
  const groups = new Map<string, SampleResult[]>();
  const keyOf = (suite: string, category: string): string => `${suite}\u0000${category}`;
  for (const { suite, category } of input.order) groups.set(keyOf(suite, category), []);
  for (const result of results) {
    const key = keyOf(result.suite, result.category);
    const list = groups.get(key) ?? [];
    list.push(result);
    groups.set(key, list);
  }
  const categories: CategorySummary[] = [];
  for (const list of groups.values()) {
    const first = list[0];
    if (first === undefined) continue;
    const summary: CategorySummary = {
      suite: first.suite,
      category: first.category,
      ...scoredAccuracy(list),
      samples: new Set(list.map((result) => result.id)).size,
    };
    // pass^k over samples whose K attempts all have a model verdict.
    const table = passHatKTable(scoredResults(list), repeats);
    if (table !== undefined) summary.passHatK = table;
    const intervals = table === undefined ? undefined : passHatKIntervals(scoredResults(list), repeats);
    if (intervals !== undefined) summary.passHatKCi95 = intervals;
    const agent = agentSummary(list);
    if (agent !== undefined) summary.agent = agent;
    categories.push(summary);
  }
  const overall = scoredAccuracy(results);
  const overallTable = passHatKTable(scoredResults(results), repeats);
  const macro = categories.filter((category) => category.scored > 0);
  const overallAgent = agentSummary(results);
  const modelOutputs = scoredResults(results);
  const measured = modelOutputs.filter((result) => !result.cached && result.timing !== null);
  const formats = new Map<string, { n: number; failures: number }>();
  for (const result of modelOutputs) {
    const entry = formats.get(result.format) ?? { n: 0, failures: 0 };
    entry.n += 1;
    if (result.parseFailure) entry.failures += 1;
    formats.set(result.format, entry);
  }
  return {
    runDir: input.runDir,
    model: input.model,
    categories,
    overall: {
      ...overall,
      macroAccuracy: rate(
        macro.reduce((sum, category) => sum + category.accuracy, 0),
        macro.length,
      ),
      samples: new Set(results.map((result) => result.id)).size,
      ...(overallTable === undefined ? {} : { passHatK: overallTable }),
      ...(overallAgent === undefined ? {} : { agent: overallAgent }),
    },
    complete: results.length >= input.planned,
    planned: input.planned,
    randomWeights: input.model.randomWeights,
    repeats,
    lengthRate: rate(
      modelOutputs.filter((result) => result.finishReason === "length").length,
      modelOutputs.length,
    ),
    stuckRate: rate(modelOutputs.filter((result) => result.stuck).length, modelOutputs.length),
    ttftMs: percentiles(measured.map((result) => result.timing?.firstTokenMs ?? 0)),
    decodeTokensPerSecond: percentiles(measured.flatMap((result) => decodeSpeed(result) ?? [])),
    parseFailures: [...formats.entries()].map(([format, entry]) => ({
      format,
      n: entry.n,
      failures: entry.failures,
      rate: rate(entry.failures, entry.n),
    })),
    harnessErrors: results.length - modelOutputs.length,
    cached: results.filter((result) => result.cached).length,
    promptReuse: promptReuse(modelOutputs),
    ...bfclSummary(categories),
    ...optional("languages", languageSummary(results)),
    ...optional("instructionFollowing", instructionFollowingSummary(results)),
    ...optional("toolFaults", toolFaultSummary(results, repeats)),
    ...optional("knowledgeLookup", knowledgeLookupSummary(results)),
    ...optional("research", researchSummary(results)),
    ...optional("harmful", harmfulSummary(results)),
    ...(results.some((result) => result.solver === "conversation")
      ? { simulatedUser: input.userModel ?? "scripted" }
      : {}),
  };
}
