/**
 * The options of the BFCL suites, read from the suite inputs' bag (src/eval/suite-inputs.ts):
 * `bfcl-dir` (the BFCL v4 data folder, needed by every BFCL suite) and `bfcl-mode` (`fc`: the
 * entry's functions offered as tools; `prompt`: documented in BFCL's system prompt; when not given,
 * prompt for a model opened with the pythonic format, `fc` otherwise), with the usage errors naming
 * the flag.
 */
import { EdgecallError } from "../errors.js";
import { type SuiteOptions, suiteOptionText } from "../eval/suite-inputs.js";

/** Every `--bfcl-mode` value. */
export const bfclModes = ["prompt", "fc"] as const;
/** BFCL: tools offered natively (`fc`) or documented in a system prompt (`prompt`). */
export type BfclMode = (typeof bfclModes)[number];

/** What a BFCL suite is made with. */
export interface BfclSuiteOptions {
  /** The BFCL v4 data folder. */
  bfclDir: string;
  /** Default `fc`. */
  mode?: BfclMode;
}

/** True for names of the BFCL family (`bfcl:...`). */
export function isBfclSuiteName(name: string): boolean {
  return name.startsWith("bfcl:");
}

/**
 * The mode when `--bfcl-mode` is not given: prompt mode for a model whose tool-call format is
 * pythonic (it writes BFCL's call syntax natively), function calling otherwise (and when the
 * format is unknown, outside a session).
 */
export function defaultBfclMode(modelFormat: string | undefined): BfclMode {
  return modelFormat === "pythonic" ? "prompt" : "fc";
}

/** `--bfcl-mode` from the bag; when not given, {@link defaultBfclMode} of the model's format. */
export function bfclModeOf(options: SuiteOptions, modelFormat?: string): BfclMode {
  const mode = suiteOptionText(options, "bfcl-mode") ?? defaultBfclMode(modelFormat);
  if ((bfclModes as readonly string[]).includes(mode)) return mode as BfclMode;
  throw new EdgecallError("usage", `--bfcl-mode: unknown mode "${mode}"; valid: ${bfclModes.join(", ")}`, {
    subject: "--bfcl-mode",
  });
}

/**
 * The options of the BFCL suite `name` (`bfcl:<category>`), the mode defaulting on `modelFormat`
 * (the format the session opened the model with); a usage error when `--bfcl-dir` is missing.
 */
export function bfclSuiteOptionsOf(
  name: string,
  options: SuiteOptions,
  modelFormat?: string,
): Required<BfclSuiteOptions> {
  const bfclDir = suiteOptionText(options, "bfcl-dir");
  if (bfclDir === undefined)
    throw new EdgecallError(
      "usage",
      `--suite ${name}: BFCL suites need --bfcl-dir (the BFCL v4 data folder)`,
      {
        subject: "--bfcl-dir",
      },
    );
  return { bfclDir, mode: bfclModeOf(options, modelFormat) };
}

/**
 * Checks, before anything is opened, that BFCL suites among `names` have what they need: a usage
 * error when one is named without `--bfcl-dir`, or with an unknown `--bfcl-mode`.
 */
export function checkBfclOptions(names: readonly string[], options: SuiteOptions): void {
  if (!names.some(isBfclSuiteName)) return;
  if (suiteOptionText(options, "bfcl-dir") === undefined)
    throw new EdgecallError("usage", "BFCL suites need --bfcl-dir (the BFCL v4 data folder)", {
      subject: "--bfcl-dir",
    });
  bfclModeOf(options);
}
