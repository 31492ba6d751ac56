/**
 * The SuiteCatalog seam: the suites `eval --suite LIST` can name. The harness knows no suite
 * itself; the CLI builds the catalog (src/suites/default-catalog.ts) and hands it down, so eval
 * never imports suites. Names resolve without loading any data; suites are built on demand.
 */
import { EdgecallError } from "../errors.js";
import { closeNames } from "../guards/close-names.js";
import type { Suite } from "./suite.js";
import type { SuiteFigures } from "./suite-figures.js";
import type { SuiteInputs, SuiteOptions } from "./suite-inputs.js";

/** Every single suite name, every group with its members, and how to build a suite. */
export interface SuiteCatalog {
  suites: readonly string[];
  groups: Readonly<Record<string, readonly string[]>>;
  /**
   * Builds the named suite (a name from `suites`); its family reads the options it needs from
   * `inputs` and throws a usage error naming the flag for a missing or bad one (e.g. --bfcl-dir).
   */
  create(name: string, inputs: SuiteInputs): Suite | Promise<Suite>;
  /** Every kind of figure the catalog's suites add (so `report` and `merge` can render a stored summary). */
  figures?: readonly SuiteFigures[];
  /**
   * Checks the options the named suites need before anything is opened (a model can take minutes
   * to load): throws the usage error {@link create} would. Options that need an opened model
   * (the judge) are not checked here.
   */
  checkOptions?(names: readonly string[], options: SuiteOptions): void;
  /**
   * The options whose values name files or folders (e.g. `bfcl-dir`): a session makes them
   * absolute before recording them, so a run resumed from another working directory finds them.
   */
  pathOptions?: readonly string[];
  /**
   * Names outside `suites` the catalog also builds, such as `traces:FILE.jsonl` (a user's own
   * file): true when `name` is one. Such names resolve as given and go to {@link create}.
   */
  accepts?(name: string): boolean;
}

/**
 * Resolves a comma-separated `--suite` list (suite names and groups) to suite names, in the order
 * given with groups expanded and duplicates dropped. Throws a usage error with close names.
 */
export function resolveSuiteNames(catalog: SuiteCatalog, list: string | readonly string[]): string[] {
  const items = (typeof list === "string" ? list.split(",") : list)
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0) throw new EdgecallError("usage", "--suite: no suite named", { subject: "--suite" });
  const resolved: string[] = [];
  const add = (name: string): void => {
    if (!resolved.includes(name)) resolved.push(name);
  };
  for (const item of items) {
    const group = Object.hasOwn(catalog.groups, item) ? catalog.groups[item] : undefined;
    if (group) group.forEach(add);
    else if (catalog.suites.includes(item) || catalog.accepts?.(item) === true) add(item);
    else {
      const known = [...catalog.suites, ...Object.keys(catalog.groups)];
      const close = closeNames(item, known);
      const hint = close.length > 0 ? `; did you mean ${close.map((name) => `"${name}"`).join(", ")}?` : "";
      throw new EdgecallError(
        "usage",
        `--suite: unknown suite "${item}"${hint} valid suites: ${catalog.suites.join(", ")}; groups: ${Object.keys(catalog.groups).join(", ")}`,
        { subject: "--suite" },
      );
    }
  }
  return resolved;
}

/** Builds the named suites (names from {@link resolveSuiteNames}), in order. */
export async function createSuites(
  catalog: SuiteCatalog,
  names: readonly string[],
  inputs: SuiteInputs,
): Promise<Suite[]> {
  const suites: Suite[] = [];
  for (const name of names) {
    if (!catalog.suites.includes(name) && catalog.accepts?.(name) !== true)
      throw new EdgecallError("usage", `--suite: unknown suite "${name}"`, { subject: "--suite" });
    suites.push(await catalog.create(name, inputs));
  }
  return suites;
}
