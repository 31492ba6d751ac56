/**
 * `runSizing`: the sizing question as one run. Every file gets the suites and the bench through
 * {@link runQuantComparison} (one after another, each measured alone, resumable), then
 * {@link sizingVerdict} answers it; the verdict is written next to comparison.json as sizing.json.
 */
import { join } from "node:path";
import { writeFileAtomic } from "../atomic-file.js";
import type { SampleResult } from "../eval/sample-result.js";
import { type CompareQuantsOptions, runQuantComparison } from "./compare-quants.js";
import { readRunOutputs } from "./comparison-directory.js";
import { defaultCompareBench } from "./model-measurements.js";
import type { QuantComparison } from "./quant-comparison.js";
import { type SizeBudgets, type SizingVerdict, sizingVerdict } from "./sizing-verdict.js";

/** Options of {@link runSizing}: a comparison's (the bench on by default) plus the budgets. */
export interface SizingOptions extends CompareQuantsOptions {
  budgets: SizeBudgets;
  prefer?: "size" | "speed";
  /** Leave the bench out (memory then comes from the eval process). */
  noBench?: boolean;
}

/** What a sizing did. */
export interface SizingOutcome {
  verdict: SizingVerdict;
  comparison: QuantComparison;
  directory: string;
  interrupted: boolean;
}

/** The sizing.json file name. */
export const sizingFile = "sizing.json";

/** Runs (or resumes) the comparison and answers it. */
export async function runSizing(options: SizingOptions): Promise<SizingOutcome> {
  const { budgets, prefer, noBench, ...compare } = options;
  const bench = noBench
    ? undefined
    : (compare.bench ?? (compare.resume === undefined ? defaultCompareBench : undefined));
  const outcome = await runQuantComparison({ ...compare, ...(bench === undefined ? {} : { bench }) });
  const results = new Map<string, readonly SampleResult[]>();
  for (const model of outcome.comparison.models)
    if (model.runDir !== null) results.set(model.label, readRunOutputs(model.runDir).results);
  const verdict = sizingVerdict({ comparison: outcome.comparison, results, budgets, prefer });
  writeFileAtomic(join(outcome.directory, sizingFile), `${JSON.stringify(verdict, null, 2)}\n`);
  return { verdict, ...outcome };
}
