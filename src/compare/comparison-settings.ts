/**
 * The eval settings a comparison (compare-quants, size) runs every model with: those given, as
 * comparison.json's `settings` keeps them and a resume reuses them. Suite options are kept as one
 * generic bag (`suiteOptions`, by flag name) like run.json's; comparisons written before that kept
 * `bfclDir` and `bfclMode`, read into the bag. A resume refuses a setting (or suite option) given
 * with another value than the original's.
 */
import { EdgecallError } from "../errors.js";
import type { EvalSessionOptions } from "../eval/eval-session.js";
import { type RecordedSuiteOptions, recordedSuiteOptions } from "../eval/suite-inputs.js";

/** Eval settings shared by every model (stored in comparison.json and reused on resume). */
const settingKeys = [
  "limit",
  "repeats",
  "seed",
  "temperature",
  "topP",
  "topK",
  "maxTokens",
  "constrained",
  "toolChoice",
  "format",
  "gpu",
  "threads",
  "contextSize",
  "cache",
  "cacheDir",
] as const;

/** The settings given, as comparison.json records them (suite options: those given, under `suiteOptions`). */
export function givenComparisonSettings(options: Partial<EvalSessionOptions>): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const key of settingKeys) if (options[key] !== undefined) settings[key] = options[key];
  const suiteOptions = recordedSuiteOptions(options.suiteOptions);
  if (Object.keys(suiteOptions).length > 0) settings.suiteOptions = suiteOptions;
  return settings;
}

/**
 * Legacy comparisons: before suite options were generic, comparison.json's settings held
 * `bfclDir` and `bfclMode`; they are read as the suite options `bfcl-dir` and `bfcl-mode`.
 */
export function upgradeLegacySettings(settings: Record<string, unknown>): Record<string, unknown> {
  const { bfclDir, bfclMode, ...rest } = settings;
  if (bfclDir === undefined && bfclMode === undefined) return settings;
  const suiteOptions: RecordedSuiteOptions = {
    ...(typeof bfclDir === "string" ? { "bfcl-dir": bfclDir } : {}),
    ...(typeof bfclMode === "string" ? { "bfcl-mode": bfclMode } : {}),
    ...(rest.suiteOptions as RecordedSuiteOptions | undefined),
  };
  return { ...rest, suiteOptions };
}

/** `name: was X, now Y` for each setting given now with another value (suite options by flag). */
function differences(original: Record<string, unknown>, now: Record<string, unknown>): string[] {
  const found: string[] = [];
  const differ = (name: string, before: unknown, after: unknown): void => {
    const was = JSON.stringify(before ?? null);
    if (was !== JSON.stringify(after)) found.push(`${name}: was ${was}, now ${JSON.stringify(after)}`);
  };
  for (const [key, value] of Object.entries(now)) {
    if (key !== "suiteOptions") differ(key, original[key], value);
    else {
      const before = (original.suiteOptions ?? {}) as RecordedSuiteOptions;
      for (const [name, option] of Object.entries(value as RecordedSuiteOptions))
        differ(`--${name}`, Object.hasOwn(before, name) ? before[name] : undefined, option);
    }
  }
  return found;
}

/** Refuses settings given now that differ from the original comparison's. */
export function assertSameComparisonSettings(
  directory: string,
  original: Record<string, unknown>,
  now: Record<string, unknown>,
): void {
  const found = differences(original, now);
  if (found.length > 0)
    throw new EdgecallError(
      "usage",
      `--resume ${directory}: the settings differ from the original comparison (${found.join("; ")}); resume without them or start a new comparison`,
      { subject: "--resume" },
    );
}
