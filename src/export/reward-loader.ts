/**
 * Builds a reward function from suite names, as the module `edgecall export --as rewards` writes
 * loads it (and as a library user calls it): the shipped suite catalog (traces files included),
 * then {@link createRewardFunction}.
 */
import { createSuites, resolveSuiteNames } from "../eval/suite-catalog.js";
import { defaultSuiteCatalog } from "../suites/default-catalog.js";
import { createRewardFunction, type RewardFunction } from "./reward-function.js";

/** What a reward module names. */
export interface RewardModuleSettings {
  /** Suite names and groups (`assistant:single`, `traces:/abs/calls.jsonl`, ...). */
  suites: string | readonly string[];
  bfclDir?: string;
  bfclMode?: "prompt" | "fc";
  /** The tool-call format raw-text completions are parsed with (default `json`). */
  format?: string;
}

/** The reward function of the named suites. */
export async function loadRewardFunction(settings: RewardModuleSettings): Promise<RewardFunction> {
  const catalog = defaultSuiteCatalog();
  const names = resolveSuiteNames(catalog, settings.suites);
  const suites = await createSuites(catalog, names, {
    options: { "bfcl-dir": settings.bfclDir, "bfcl-mode": settings.bfclMode ?? "fc" },
  });
  return createRewardFunction(suites, { format: settings.format });
}
