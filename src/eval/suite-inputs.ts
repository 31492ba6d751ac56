/**
 * The SuiteInputs seam: what a suite is made from beyond its name. eval names no suite option: the
 * caller (the CLI, the eval session from the run's settings) passes every suite option through as
 * one bag keyed by the option's flag name without dashes (`bfcl-dir`, `bfcl-mode`, `augment`,
 * `injections`), and each suite family reads what it needs from the bag, with its own usage errors
 * naming the flag (src/suites/...). Models the session opens for suites (`--judge-model`) travel
 * beside the bag.
 */
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
}

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
