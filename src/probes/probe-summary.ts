/**
 * The `probe` section a probe adds to its run's summary.json: one entry per step, in ascending
 * order, skipped steps included (with the reason), each with accuracy and its Wilson interval,
 * the prompt tokens the backend reported (usage.inputTokens; an estimate for replay models), and
 * time to first token (p50/p90 over calls not served from the cache). `largestWithinTolerance` is
 * the largest step up to which every step that ran stays within `tolerance` of the smallest step's
 * accuracy (the first that drops further ends the walk).
 */
import type { SampleResult } from "../eval/sample-result.js";
import { type Percentiles, percentiles, sortedQuantile } from "../stats/quantile.js";
import { wilsonInterval } from "../stats/wilson.js";
import type { ProbeContext } from "./probe-context.js";
import type { ProbeStep } from "./probe-suite.js";

/** One step of the summary. */
export interface ProbeStepSummary {
  category: string;
  /** The step's size: tools offered, or tokens of prior conversation. */
  value: number;
  /** `run`: every sample has a result; `partial`: some do (interrupted); `skipped`: see `reason`. */
  status: "run" | "partial" | "skipped";
  reason: string | null;
  /** Planned attempts, and those with a result. */
  planned: number;
  n: number;
  passed: number;
  accuracy: number | null;
  ci95: [number, number] | null;
  harnessErrors: number;
  /** Prompt tokens as the backend reported them. */
  promptTokens: { mean: number; p50: number; min: number; max: number; n: number } | null;
  ttftMs: Percentiles | null;
  /** Step facts: measured prior-conversation tokens, the prompt estimate used for sizing, ... */
  facts: Record<string, unknown>;
}

/** The `probe` section. */
export interface ProbeSummary {
  kind: "tools" | "context";
  suite: string;
  baseSuite: string;
  baseRequests: number;
  steps: ProbeStepSummary[];
  tolerance: number;
  /** The smallest step that ran: its category and accuracy. */
  reference: { category: string; value: number; accuracy: number } | null;
  largestWithinTolerance: { category: string; value: number; accuracy: number } | null;
  context: ProbeContext;
  /** How prompt sizes were counted before the run. */
  tokenCounter: string;
  /** True when `promptTokens` are estimates (replay models), not a tokenizer's counts. */
  promptTokensEstimated: boolean;
  notes: string[];
}

function stepSummary(step: ProbeStep, results: readonly SampleResult[], repeats: number): ProbeStepSummary {
  const own = results.filter((result) => result.category === step.category);
  const passed = own.filter((result) => result.passed).length;
  const planned = step.skipped === null ? step.samples.length * repeats : 0;
  const tokens = own.flatMap((result) => (result.usage === null ? [] : [result.usage.inputTokens]));
  const sortedTokens = [...tokens].sort((a, b) => a - b);
  const measured = own.filter((result) => !result.cached && result.timing !== null && result.error === null);
  return {
    category: step.category,
    value: step.value,
    status: step.skipped !== null ? "skipped" : own.length >= planned ? "run" : "partial",
    reason: step.skipped,
    planned,
    n: own.length,
    passed,
    accuracy: own.length === 0 ? null : passed / own.length,
    ci95: own.length === 0 ? null : wilsonInterval(passed, own.length),
    harnessErrors: own.filter((result) => result.error !== null).length,
    promptTokens:
      tokens.length === 0
        ? null
        : {
            mean: tokens.reduce((sum, value) => sum + value, 0) / tokens.length,
            p50: sortedQuantile(sortedTokens, 0.5),
            min: sortedTokens[0]!,
            max: sortedTokens.at(-1)!,
            n: tokens.length,
          },
    ttftMs: percentiles(measured.map((result) => result.timing!.firstTokenMs)),
    facts: step.facts,
  };
}

/** The largest step within `tolerance` of the smallest that ran, walking up from it. */
export function largestWithinTolerance(
  steps: readonly ProbeStepSummary[],
  tolerance: number,
): { reference: ProbeSummary["reference"]; largest: ProbeSummary["largestWithinTolerance"] } {
  const ran = steps.filter((step) => step.accuracy !== null).sort((a, b) => a.value - b.value);
  const first = ran[0];
  if (first === undefined || first.accuracy === null) return { reference: null, largest: null };
  const reference = { category: first.category, value: first.value, accuracy: first.accuracy };
  let largest = reference;
  for (const step of ran.slice(1)) {
    if (step.accuracy === null || step.accuracy < reference.accuracy - tolerance - 1e-12) break;
    largest = { category: step.category, value: step.value, accuracy: step.accuracy };
  }
  return { reference, largest };
}

/** Builds the section from the steps and the run's results. */
export function summariseProbe(input: {
  kind: "tools" | "context";
  suite: string;
  baseSuite: string;
  baseRequests: number;
  steps: readonly ProbeStep[];
  results: readonly SampleResult[];
  repeats: number;
  tolerance: number;
  context: ProbeContext;
  tokenCounter: string;
  promptTokensEstimated: boolean;
}): ProbeSummary {
  const steps = input.steps.map((step) => stepSummary(step, input.results, input.repeats));
  const { reference, largest } = largestWithinTolerance(steps, input.tolerance);
  const notes = [
    input.kind === "tools"
      ? "each step offers the right tool plus distractors (other assistant tools first, then BFCL function docs), shuffled per request"
      : "each step puts that many tokens of earlier web-browsing turns (offline web pages fetched with web_fetch) between the system message and the request",
    "steps beyond the context are skipped, not failed; promptTokens are the backend's counts (estimates for replay models)",
    "ttftMs counts calls not served from the response cache (use --no-cache to time every call)",
  ];
  return {
    kind: input.kind,
    suite: input.suite,
    baseSuite: input.baseSuite,
    baseRequests: input.baseRequests,
    steps,
    tolerance: input.tolerance,
    reference,
    largestWithinTolerance: largest,
    context: input.context,
    tokenCounter: input.tokenCounter,
    promptTokensEstimated: input.promptTokensEstimated,
    notes,
  };
}
