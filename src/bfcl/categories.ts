/**
 * The BFCL v4 single-turn categories edgecall scores, their suite names (`bfcl:<category>`),
 * groups (`bfcl:non_live`, `bfcl:live`, `bfcl:hallucination`, `bfcl:single_turn`) and how each
 * is checked (AST against possible answers, or relevance / irrelevance).
 */
import { EdgecallError } from "../errors.js";
import type { BfclLanguage } from "./function-checker.js";

/** The single-turn categories, in BFCL's order. */
export const bfclCategories = [
  "simple_python",
  "simple_java",
  "simple_javascript",
  "multiple",
  "parallel",
  "parallel_multiple",
  "irrelevance",
  "live_simple",
  "live_multiple",
  "live_parallel",
  "live_parallel_multiple",
  "live_irrelevance",
  "live_relevance",
] as const;

/** One single-turn category. */
export type BfclCategory = (typeof bfclCategories)[number];

/** How a category is scored. */
export type BfclScoring = "ast" | "irrelevance" | "relevance";

const categorySet: ReadonlySet<string> = new Set(bfclCategories);

/** True when `name` is one of the single-turn categories. */
export function isBfclCategory(name: string): name is BfclCategory {
  return categorySet.has(name);
}

/** AST, irrelevance (no call expected) or relevance (some call expected), as BFCL decides. */
export function bfclScoring(category: BfclCategory): BfclScoring {
  if (category.includes("irrelevance")) return "irrelevance";
  if (category.includes("relevance")) return "relevance";
  return "ast";
}

/** The language whose type rules apply to a category. */
export function bfclLanguage(category: BfclCategory): BfclLanguage {
  if (category.includes("javascript")) return "javascript";
  if (category.includes("java")) return "java";
  return "python";
}

/** `bfcl:<category>`. */
export function bfclSuiteName(category: BfclCategory): string {
  return `bfcl:${category}`;
}

/** Group suites and their categories (BFCL's `non_live` and `live` collections). */
export const bfclGroups: Readonly<Record<string, readonly BfclCategory[]>> = {
  "bfcl:non_live": [
    "simple_python",
    "simple_java",
    "simple_javascript",
    "multiple",
    "parallel",
    "parallel_multiple",
    "irrelevance",
  ],
  "bfcl:live": [
    "live_simple",
    "live_multiple",
    "live_parallel",
    "live_parallel_multiple",
    "live_irrelevance",
    "live_relevance",
  ],
  "bfcl:hallucination": ["irrelevance", "live_irrelevance", "live_relevance"],
  "bfcl:single_turn": bfclCategories,
};

/**
 * Resolves suite names (`bfcl:<category>` or a group) to categories, in BFCL's order without
 * duplicates. Throws a usage error naming an unknown suite.
 */
export function resolveBfclSuites(names: readonly string[]): BfclCategory[] {
  const wanted = new Set<BfclCategory>();
  for (const name of names) {
    const group = Object.hasOwn(bfclGroups, name) ? bfclGroups[name] : undefined;
    if (group) {
      for (const category of group) wanted.add(category);
      continue;
    }
    const category = name.startsWith("bfcl:") ? name.slice(5) : undefined;
    if (category === undefined || !isBfclCategory(category)) {
      const known = [...Object.keys(bfclGroups), ...bfclCategories.map(bfclSuiteName)].join(", ");
      throw new EdgecallError("usage", `unknown BFCL suite "${name}"; known suites: ${known}`, {
        subject: name,
      });
    }
    wanted.add(category);
  }
  return bfclCategories.filter((category) => wanted.has(category));
}

const idPattern = /^(.*)_\d+(?:-\d+)*$/;

/** The category of a BFCL entry id (`live_multiple_12-4-3` → `live_multiple`), if single-turn. */
export function bfclCategoryOfId(id: string): BfclCategory | undefined {
  const match = idPattern.exec(id);
  const category = match?.[1];
  return category !== undefined && isBfclCategory(category) ? category : undefined;
}

/** File names of a category's questions and possible answers inside the BFCL data folder. */
export function bfclDataFiles(category: BfclCategory): { questions: string; answers: string | undefined } {
  const file = `BFCL_v4_${category}.json`;
  return {
    questions: file,
    answers: bfclScoring(category) === "ast" ? `possible_answer/${file}` : undefined,
  };
}
