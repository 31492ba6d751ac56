/**
 * The first step of an eval session, before anything is opened: what it will run, from the
 * options and (on resume) the original run record, with the usage errors a user can fix.
 */
import { cacheDirectory } from "../backend/demo-model.js";
import { type ModelSpec, parseModelSpec } from "../backend/model-spec.js";
import { EdgecallError } from "../errors.js";
import { type RunRecord, readRunRecord } from "./run-directory.js";
import type { EvalSessionOptions } from "./session-options.js";
import { resolveSuiteNames, type SuiteCatalog } from "./suite-catalog.js";
import { resolveSuiteOptions, type SuiteOptions, withAbsolutePaths } from "./suite-inputs.js";

/** What a session runs, resolved. */
export interface SessionInputs {
  /** The original run's record on resume. */
  original: RunRecord | undefined;
  modelSpecText: string;
  spec: ModelSpec;
  suiteNames: string[];
  /** The suite options given now, those naming paths made absolute (the catalog's `pathOptions`). */
  suiteOptions: SuiteOptions;
  /** `--format`, or the original run's. */
  format: string | undefined;
  cacheRoot: string;
  /** `--user-model`, or the original run's. */
  userModelText: string | undefined;
}

/** Resolves and checks the inputs. Throws EdgecallError("usage") naming the missing flag. */
export function resolveSessionInputs(options: EvalSessionOptions): SessionInputs {
  const original = options.resume === undefined ? undefined : readRunRecord(options.resume);
  const modelSpecText = options.model ?? original?.modelSpec;
  if (modelSpecText === undefined)
    throw new EdgecallError("usage", "eval needs --model (or --resume RUN_DIR)", { subject: "--model" });
  const probeSuite = original?.settings.suites.find((name) => name.startsWith("probe:"));
  if (probeSuite !== undefined && options.suiteObjects === undefined && options.resume !== undefined) {
    throw new EdgecallError(
      "usage",
      `--resume ${options.resume}: it is a probe run (${probeSuite}), not an eval run; resume it with: ` +
        `edgecall probe ${probeSuite.slice("probe:".length)} --resume ${options.resume}`,
      { subject: "--resume" },
    );
  }
  const suiteList = options.suites ?? original?.settings.suites.join(",");
  if (suiteList === undefined && options.suiteObjects === undefined)
    throw new EdgecallError("usage", "eval needs --suite (or --resume RUN_DIR)", { subject: "--suite" });
  const catalog = options.catalog;
  if (catalog === undefined && options.suiteObjects === undefined)
    throw new EdgecallError("internal", "eval needs a suite catalog or suite objects");
  const suiteNames =
    options.suiteObjects?.map((suite) => suite.name) ??
    resolveSuiteNames(catalog as SuiteCatalog, suiteList ?? "");
  const suiteOptions = withAbsolutePaths(options.suiteOptions, catalog?.pathOptions);
  // The suites' options are checked before the model opens (it can take minutes to load).
  if (options.suiteObjects === undefined)
    catalog?.checkOptions?.(suiteNames, resolveSuiteOptions(suiteOptions, original?.settings.suiteOptions));
  return {
    original,
    modelSpecText,
    spec: parseModelSpec(modelSpecText),
    suiteNames,
    suiteOptions,
    format: options.format ?? original?.settings.format ?? undefined,
    cacheRoot: options.cacheDir ?? cacheDirectory(),
    userModelText:
      options.userModel ?? (original?.settings.userModel === null ? undefined : original?.settings.userModel),
  };
}
