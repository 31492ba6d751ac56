/**
 * The instruction-following and reasoning-loop figures of a run (`loops:instructions`), from its
 * results' score details: prompt-level and instruction-level accuracy, strict and loose (as IFEval
 * defines them), the share of answers and of thinking stuck repeating, the share that hit the
 * token limit, with Wilson intervals, and the token budgets and sampling the calls ran with (part
 * of the figure: a loop rate means nothing without them).
 */
import { rateFigure as figure, type RateFigure } from "../../eval/rate-figure.js";
import type { SampleResult } from "../../eval/sample-result.js";

export type { RateFigure } from "../../eval/rate-figure.js";

/** The figures. */
export interface InstructionFollowingSummary {
  attempts: number;
  promptStrict: RateFigure;
  promptLoose: RateFigure;
  instructionStrict: RateFigure;
  instructionLoose: RateFigure;
  stuckAnswer: RateFigure;
  /** Over the attempts whose reply had thinking. */
  stuckThinking: RateFigure;
  hitLimit: RateFigure;
  /** Distinct token budgets and sampling settings of the calls, as recorded. */
  maxTokens: number[];
  sampling: unknown[];
}

interface Details {
  instructionChecks: Array<{ strict: boolean; loose: boolean }>;
  promptStrict: boolean;
  promptLoose: boolean;
  hasThinking: boolean;
  stuckThinking: boolean;
  stuckAnswer: boolean;
  hitLimit: boolean;
  maxTokens?: number;
  sampling?: unknown;
}

function detailsOf(result: SampleResult): Details | undefined {
  const details = result.scoreDetails as Partial<Details> | undefined;
  return details !== null && typeof details === "object" && Array.isArray(details.instructionChecks)
    ? (details as Details)
    : undefined;
}

/** The figures of the results that carry instruction checks; undefined when none do. */
export function instructionFollowingSummary(
  results: readonly SampleResult[],
): InstructionFollowingSummary | undefined {
  const scored = results.flatMap((result) => {
    const details = detailsOf(result);
    return details === undefined ? [] : [{ result, details }];
  });
  if (scored.length === 0) return undefined;
  const checks = scored.flatMap(({ details }) => details.instructionChecks);
  const thinking = scored.filter(({ details }) => details.hasThinking);
  const count = (test: (details: Details) => boolean) => scored.filter(({ details }) => test(details)).length;
  const budgets = [
    ...new Set(scored.flatMap(({ details }) => (details.maxTokens === undefined ? [] : [details.maxTokens]))),
  ];
  const samplings = [
    ...new Map(
      scored.map(({ details }) => [JSON.stringify(details.sampling ?? {}), details.sampling ?? {}]),
    ).values(),
  ];
  return {
    attempts: scored.length,
    promptStrict: figure(
      count((details) => details.promptStrict),
      scored.length,
    ),
    promptLoose: figure(
      count((details) => details.promptLoose),
      scored.length,
    ),
    instructionStrict: figure(checks.filter((check) => check.strict).length, checks.length),
    instructionLoose: figure(checks.filter((check) => check.loose).length, checks.length),
    stuckAnswer: figure(
      count((details) => details.stuckAnswer),
      scored.length,
    ),
    stuckThinking: figure(thinking.filter(({ details }) => details.stuckThinking).length, thinking.length),
    hitLimit: figure(
      count((details) => details.hitLimit),
      scored.length,
    ),
    maxTokens: budgets,
    sampling: samplings,
  };
}
