/**
 * The SuiteInputs seam: what a suite is made from beyond its name. eval names no suite option: the
 * caller (the CLI, the eval session from the run's settings) passes every suite option through as
 * one bag keyed by the option's flag name without dashes (`bfcl-dir`, `bfcl-mode`, `augment`,
 * `injections`), and each suite family reads what it needs from the bag, with its own usage errors
 * naming the flag (src/suites/...). Models the session opens for suites (`--judge-model`) travel
 * beside the bag, with the one fact about the model under test a family may default on (its
 * tool-call format). A run records the options as given ({@link RecordedSuiteOptions}, run.json's
 * `settings.suiteOptions`), so a resumed run builds its suites alike.
 */
import { resolve } from "node:path";
import type { ModelBackend } from "../backend/model-backend.js";
import { EdgecallError } from "../errors.js";

/** A suite option as passed: its text, its values (a repeatable or comma-separated flag), or not given. */
export type SuiteOptionValue = string | readonly string[] | undefined;

/** Suite options by flag name without dashes (`bfcl-dir`). */
export type SuiteOptions = Readonly<Record<string, SuiteOptionValue>>;

/** What {@link SuiteCatalog.create} builds a suite from. */
export interface SuiteInputs {
  options: SuiteOptions;
  /** The model judging replies (`--judge-model`), opened by the session; undefined: none. */
  judge?: ModelBackend;
  /**
   * The tool-call format name the session opened the model under test with (e.g. `pythonic`), for
   * defaults that depend on it (BFCL's mode); undefined outside a session (`suite check`, export).
   */
  modelFormat?: string;
}

/** Suite options as a run records them: only those given, by flag name without dashes. */
export type RecordedSuiteOptions = Record<string, string | string[]>;

/** Inputs with no option given. */
export const noSuiteInputs: SuiteInputs = { options: {} };

/** The text of option `name` (undefined when not given); a usage error naming `--name` when it holds several values. */
export function suiteOptionText(options: SuiteOptions, name: string): string | undefined {
  const value = Object.hasOwn(options, name) ? options[name] : undefined;
  if (value === undefined || typeof value === "string") return value;
  if (value.length <= 1) return value[0];
  throw new EdgecallError("usage", `--${name}: give one value, not ${value.length}`, {
    subject: `--${name}`,
  });
}

/** The values of option `name` (empty when not given; a text is one value). */
export function suiteOptionList(options: SuiteOptions, name: string): readonly string[] {
  const value = Object.hasOwn(options, name) ? options[name] : undefined;
  if (value === undefined) return [];
  return typeof value === "string" ? [value] : value;
}

/** The given options (those not undefined) as a run records them, values copied. */
export function recordedSuiteOptions(options: SuiteOptions | undefined): RecordedSuiteOptions {
  const recorded: RecordedSuiteOptions = {};
  for (const [name, value] of Object.entries(options ?? {}))
    if (value !== undefined) recorded[name] = typeof value === "string" ? value : [...value];
  return recorded;
}

/**
 * The options of a session: each option given now, else the original run's (on `--resume`). Keys
 * are sorted, so the record does not depend on the order the options were given in.
 */
export function resolveSuiteOptions(
  given: SuiteOptions | undefined,
  original: RecordedSuiteOptions | undefined,
): RecordedSuiteOptions {
  const merged = { ...recordedSuiteOptions(original), ...recordedSuiteOptions(given) };
  return Object.fromEntries(
    Object.keys(merged)
      .sort()
      .map((name) => [name, merged[name]!]),
  );
}

/**
 * `options` with the values of `pathOptions` (options naming files or folders, declared by the
 * catalog) made absolute against the working directory, so a run resumed from elsewhere finds them.
 */
export function withAbsolutePaths(
  options: SuiteOptions | undefined,
  pathOptions: readonly string[] | undefined,
): SuiteOptions {
  const absolute: Record<string, SuiteOptionValue> = { ...options };
  for (const name of pathOptions ?? []) {
    const value = Object.hasOwn(absolute, name) ? absolute[name] : undefined;
    if (value !== undefined)
      absolute[name] = typeof value === "string" ? resolve(value) : value.map((path) => resolve(path));
  }
  return absolute;
}
