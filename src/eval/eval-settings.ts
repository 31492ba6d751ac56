/**
 * Resolving an eval's settings: values given now, else (on `--resume`) the original run's, else
 * the defaults. A resumed run must end up with exactly the original settings; any difference is
 * refused with a message naming each setting, its original value and the new one.
 */
import { EdgecallError } from "../errors.js";
import type { TemplateVariables } from "../formats/chat-template.js";
import { type EvalSettings, type RunShard, settingsDifferences } from "./run-directory.js";
import type { ConfirmMode, GuardsMode } from "./solver.js";
import { resolveSuiteOptions, type SuiteOptions } from "./suite-inputs.js";

/** Settings as given on the command line (undefined: not given). */
export interface GivenSettings {
  suites?: string[];
  /**
   * The suites' own options, by flag name without dashes (src/eval/suite-inputs.ts): paths absolute
   * (the session makes those the catalog declares so); on resume, each one not given is the original's.
   */
  suiteOptions?: SuiteOptions;
  limit?: number;
  repeats?: number;
  seed?: number;
  temperature?: number;
  topP?: number;
  topK?: number;
  maxTokens?: number;
  constrained?: boolean;
  toolChoice?: "auto" | "required" | "none";
  format?: string;
  shard?: RunShard;
  confirm?: ConfirmMode;
  guards?: GuardsMode;
  /** The judge model's spec as recorded (absolute paths). */
  judgeModel?: string;
  /** The user model's spec as recorded (absolute paths). */
  userModel?: string;
  maxSteps?: number;
  tokenBudget?: number;
  /** The chat template's `enable_thinking` (unset: not passed). */
  enableThinking?: boolean;
  /** The chat template's `date_string` (unset: not passed). */
  dateString?: string;
}

/** Defaults of settings not given. */
export const defaultSettings = {
  repeats: 1,
  seed: 0,
  maxTokens: 1024,
  toolChoice: "auto",
  decoding: "free",
  maxSteps: 10,
} as const;

/**
 * The settings of this session. `original` is the resumed run's. Suite options are recorded as
 * given: a default a suite decides itself (BFCL's mode, from the model's format) is in its record.
 */
export function resolveSettings(given: GivenSettings, original: EvalSettings | undefined): EvalSettings {
  const pick = <K extends keyof EvalSettings>(
    key: K,
    value: EvalSettings[K] | undefined,
    fallback: EvalSettings[K],
  ): EvalSettings[K] => (value !== undefined ? value : original !== undefined ? original[key] : fallback);
  const decoding = given.constrained === undefined ? undefined : given.constrained ? "constrained" : "free";
  return {
    suites: pick("suites", given.suites, []),
    suiteOptions: resolveSuiteOptions(given.suiteOptions, original?.suiteOptions),
    limit: pick("limit", given.limit, null),
    repeats: pick("repeats", given.repeats, defaultSettings.repeats),
    seed: pick("seed", given.seed, defaultSettings.seed),
    temperature: pick("temperature", given.temperature, null),
    topP: pick("topP", given.topP, null),
    topK: pick("topK", given.topK, null),
    maxTokens: pick("maxTokens", given.maxTokens, defaultSettings.maxTokens),
    decoding: pick("decoding", decoding, defaultSettings.decoding),
    toolChoice: pick("toolChoice", given.toolChoice, defaultSettings.toolChoice),
    format: pick("format", given.format, null),
    shard: pick("shard", given.shard, null) ?? null,
    confirm: pick("confirm", given.confirm, "user"),
    guards: pick("guards", given.guards, "on"),
    judgeModel: pick("judgeModel", given.judgeModel, null),
    userModel: pick("userModel", given.userModel, null),
    maxSteps: pick("maxSteps", given.maxSteps, defaultSettings.maxSteps),
    tokenBudget: pick("tokenBudget", given.tokenBudget, null),
    enableThinking: pick("enableThinking", given.enableThinking, null),
    dateString: pick("dateString", given.dateString, null),
  };
}

/**
 * The template variables a session opens its model with: those given now, else the resumed run's
 * (so a resume renders the same prompts).
 */
export function templateVariablesOf(
  given: Pick<GivenSettings, "enableThinking" | "dateString">,
  original: EvalSettings | undefined,
): TemplateVariables | undefined {
  const enableThinking = given.enableThinking ?? original?.enableThinking ?? undefined;
  const dateString = given.dateString ?? original?.dateString ?? undefined;
  const variables: TemplateVariables = {
    ...(enableThinking === undefined ? {} : { enableThinking }),
    ...(dateString === undefined ? {} : { dateString }),
  };
  return Object.keys(variables).length === 0 ? undefined : variables;
}

/** Throws `usage` listing every difference between the original run's settings and these. */
export function assertSameSettings(runDirectory: string, original: EvalSettings, now: EvalSettings): void {
  const differences = settingsDifferences(original, now);
  if (differences.length === 0) return;
  throw new EdgecallError(
    "usage",
    `--resume ${runDirectory}: the settings differ from the original run (${differences.join("; ")}); ` +
      "resume with the original settings (or omit them), or start a new run",
    { subject: "--resume" },
  );
}
