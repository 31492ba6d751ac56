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
import { type Percentiles, percentiles } from "../stats/quantile.js";
import { type AgentCategorySummary, agentSummary } from "./agent-summary.js";
import { passHatKIntervals, passHatKTable } from "./pass-hat-k-tables.js";
import type { ModelProvenance } from "./provenance.js";
import type { SampleResult } from "./sample-result.js";
import { type ScoredAccuracy, scoredAccuracy, scoredResults } from "./scored-accuracy.js";

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
   * The suites' own figures, each under its key (src/eval/suite-figures.ts): `bfcl` (BFCL's summary
   * scores), `languages`, `instructionFollowing`, `toolFaults`, `knowledgeLookup`, `research`,
   * `harmful`, `security` for the shipped suites; absent when the run has nothing for one.
   */
  [figureKey: string]: unknown;
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

function rate(count: number, total: number): number {
  return total === 0 ? 0 : count / total;
}

/** What a suite's figure (src/eval/suite-figures.ts) is computed from: the run's results and its per-category rows. */
export interface FigureInput {
  /** Every stored result of the run, in plan order. */
  results: readonly SampleResult[];
  /** The per-category accuracy rows (generic parts of the summary). */
  categories: readonly CategorySummary[];
  repeats: number;
  /** The run's settings as run.json records them (e.g. `guards`, `confirm`); absent: the defaults. */
  settings?: Readonly<Record<string, unknown>>;
}

/** What summarise needs of a figure: its key and how to compute its block (see src/eval/suite-figures.ts). */
export interface FigureSummariser {
  readonly key: string;
  summarise(input: FigureInput): unknown;
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
  /** The figures of the run's suites (deduplicated by key), each computed into the summary under its key. */
  figures?: readonly FigureSummariser[];
  /** The run's settings as run.json records them, for figures that depend on them (security: guards, confirm). */
  settings?: Readonly<Record<string, unknown>>;
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
  const figureBlocks: Record<string, unknown> = {};
  for (const figure of input.figures ?? []) {
    const block = figure.summarise({
      results,
      categories,
      repeats,
      ...(input.settings === undefined ? {} : { settings: input.settings }),
    });
    if (block !== undefined) figureBlocks[figure.key] = block;
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
    ...(results.some((result) => result.solver === "conversation")
      ? { simulatedUser: input.userModel ?? "scripted" }
      : {}),
    ...figureBlocks,
  };
}
