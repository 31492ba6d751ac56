/**
 * The suites `edgecall eval --suite LIST` knows: every BFCL v4 single-turn category as
 * `bfcl:<category>` plus BFCL's groups (`bfcl:non_live`, `bfcl:live`, `bfcl:hallucination`,
 * `bfcl:single_turn`), and the assistant suites `assistant:single` and `assistant:irrelevance`
 * (group `assistant`). Names resolve without loading any data; suites are built on demand.
 */
import { bfclCategories, bfclGroups, bfclSuiteName, isBfclCategory } from "../bfcl/categories.js";
import { EdgecallError } from "../errors.js";
import type { SampleOptions, Suite } from "./suite.js";

/** Assistant suite names, in report order. */
export const assistantSuiteNames = ["assistant:single", "assistant:irrelevance"] as const;

/** Every single suite name and every group with its members. */
export interface SuiteCatalog {
  suites: readonly string[];
  groups: Readonly<Record<string, readonly string[]>>;
}

/** The catalog of known suites and groups. */
export function suiteCatalog(): SuiteCatalog {
  const groups: Record<string, readonly string[]> = {};
  for (const [name, categories] of Object.entries(bfclGroups)) groups[name] = categories.map(bfclSuiteName);
  groups.assistant = assistantSuiteNames;
  return { suites: [...bfclCategories.map(bfclSuiteName), ...assistantSuiteNames], groups };
}

/**
 * Resolves a comma-separated `--suite` list (suite names and groups) to suite names, in the order
 * given with groups expanded and duplicates dropped. Throws a usage error listing valid names.
 */
export function resolveSuiteNames(list: string | readonly string[]): string[] {
  const catalog = suiteCatalog();
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
    else if (catalog.suites.includes(item)) add(item);
    else {
      throw new EdgecallError(
        "usage",
        `--suite: unknown suite "${item}"; valid suites: ${catalog.suites.join(", ")}; groups: ${Object.keys(catalog.groups).join(", ")}`,
        { subject: "--suite" },
      );
    }
  }
  return resolved;
}

/** Builds the named suites (names from {@link resolveSuiteNames}). BFCL suites need `bfclDir`. */
export async function createSuites(names: readonly string[], options: SampleOptions): Promise<Suite[]> {
  const suites: Suite[] = [];
  for (const name of names) {
    if (name.startsWith("bfcl:")) {
      const category = name.slice("bfcl:".length);
      if (!isBfclCategory(category))
        throw new EdgecallError("usage", `--suite: unknown BFCL suite "${name}"`);
      if (options.bfclDir === undefined) {
        throw new EdgecallError(
          "usage",
          `--suite ${name}: BFCL suites need --bfcl-dir (the BFCL v4 data folder)`,
          {
            subject: "--bfcl-dir",
          },
        );
      }
      const { createBfclSuite } = await import("../suites/bfcl-suite.js");
      suites.push(createBfclSuite(category, options.bfclDir));
    } else if ((assistantSuiteNames as readonly string[]).includes(name)) {
      const { createAssistantSuite } = await import("../suites/assistant-suite.js");
      suites.push(createAssistantSuite(name as (typeof assistantSuiteNames)[number]));
    } else {
      throw new EdgecallError("usage", `--suite: unknown suite "${name}"`, { subject: "--suite" });
    }
  }
  return suites;
}
