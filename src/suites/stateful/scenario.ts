/**
 * The scenario format of `assistant:stateful` (data/suites/assistant/stateful.jsonl, one scenario a
 * line; docs/eval.md describes it). A scenario holds the world changes on top of the seeded world,
 * the user's turns and the scripted user's answer rules, the tool domains offered, milestones
 * (predicates in a partial order), minefields (predicates that must never hold) and a reference
 * solution; a twin in another language (docs/multilingual.md) also names its `language` and the
 * English scenario it translates (`twin`). Every line is checked with zod, and the predicates'
 * regular expressions are compiled (a twin's may not use ASCII letter ranges), so a bad scenario
 * fails naming the file, the line, the scenario id and the field.
 */
import { z } from "zod";
import { EdgecallError } from "../../errors.js";
import { parseJsonl } from "../../text/jsonl-lines.js";
import { asciiOnlyConstructs, unicodeRegex } from "../../text/unicode-regex.js";
import { scenarioLanguages } from "./languages.js";
import { type Matcher, type Predicate, predicate, predicateProblem } from "./predicate-schema.js";

export type { Matcher, Predicate };

/** The scenario categories, in report order. */
export const scenarioCategories = [
  "single-tool-call",
  "multiple-tool-calls",
  "multiple-user-turns",
  "state-dependency",
  "canonicalisation",
  "disambiguation",
  "coreference",
  "insufficient-information",
] as const;
/** A scenario category. */
export type ScenarioCategory = (typeof scenarioCategories)[number];

/** The tool domains (tool name prefixes) a scenario may offer. */
export const toolDomains = ["calendar", "email", "contacts", "files", "settings", "web", "shop"] as const;

const milestone = z.intersection(
  z.object({
    id: z.string().min(1),
    description: z.string().min(1),
    /** Milestones that must be reached first. */
    after: z.array(z.string()).default([]),
  }),
  predicate,
);

const minefield = z.intersection(
  z.object({ id: z.string().min(1), description: z.string().min(1) }),
  predicate,
);

const referenceCall = z.strictObject({
  name: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()),
  loose: z.array(z.string()).optional(),
});

const scenarioSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9_:-]+$/, "must be lower-case letters, digits, '_', ':' or '-'"),
  category: z.enum(scenarioCategories),
  /** The language of the user's turns and the world's text (default English). */
  language: z.enum(scenarioLanguages).default("en"),
  /** For a scenario in another language: the id of the English scenario it translates. */
  twin: z.string().min(1).optional(),
  /** Tool domains offered (every tool whose name starts with `<domain>_`). */
  domains: z.array(z.enum(toolDomains)).min(1),
  /** Changes on top of the seeded world: rows added to its lists, files added, settings set. */
  world: z.record(z.string(), z.unknown()).default({}),
  /** The user's turns, the first one first. */
  turns: z.array(z.string().min(1)).min(1),
  answers: z.array(z.strictObject({ pattern: z.string().min(1), reply: z.string().min(1) })).default([]),
  /** Who the user is and what they want (the LLM user's instructions); default: made from the turns. */
  instruction: z.string().optional(),
  milestones: z.array(milestone).min(1),
  minefields: z.array(minefield).default([]),
  reference: z
    .array(
      z.union([
        z.strictObject({ calls: z.array(referenceCall).min(1) }),
        z.strictObject({ text: z.string().min(1) }),
      ]),
    )
    .min(1),
});

/** A scenario as parsed. */
export type Scenario = z.output<typeof scenarioSchema>;
/** A milestone as parsed. */
export type Milestone = Scenario["milestones"][number];
/** A minefield as parsed. */
export type Minefield = Scenario["minefields"][number];

function regexesOf(value: unknown, path: string, found: { path: string; pattern: string }[]): void {
  if (Array.isArray(value))
    value.forEach((item, index) => {
      regexesOf(item, `${path}.${index}`, found);
    });
  else if (typeof value === "object" && value !== null)
    for (const [key, inner] of Object.entries(value)) {
      if (key === "regex" && typeof inner === "string") found.push({ path: `${path}.regex`, pattern: inner });
      else if (key !== "reference" && key !== "world")
        regexesOf(inner, path === "" ? key : `${path}.${key}`, found);
    }
}

function fail(where: string, id: string | undefined, field: string, why: string): EdgecallError {
  const scenario = id === undefined ? "" : ` scenario ${id}:`;
  return new EdgecallError("invalid-json", `${where}:${scenario} ${field === "" ? "" : `${field}: `}${why}`, {
    subject: where,
  });
}

/** Checks the references between milestones and the regular expressions; throws naming the field. */
function checkScenario(scenario: Scenario, where: string): void {
  const ids = new Set<string>();
  scenario.milestones.forEach((item, index) => {
    if (ids.has(item.id))
      throw fail(where, scenario.id, `milestones.${index}.id`, `"${item.id}" appears twice`);
    ids.add(item.id);
  });
  scenario.milestones.forEach((item, index) => {
    item.after.forEach((before, position) => {
      if (!ids.has(before) || before === item.id)
        throw fail(
          where,
          scenario.id,
          `milestones.${index}.after.${position}`,
          `no earlier milestone "${before}"`,
        );
    });
  });
  // The order must be acyclic: every milestone reachable by following `after` to the roots.
  const state = new Map<string, "visiting" | "done">();
  const visit = (id: string, index: number): void => {
    if (state.get(id) === "done") return;
    if (state.get(id) === "visiting")
      throw fail(where, scenario.id, `milestones.${index}.after`, `the order has a cycle through "${id}"`);
    state.set(id, "visiting");
    const item = scenario.milestones.find((candidate) => candidate.id === id);
    for (const before of item?.after ?? []) visit(before, index);
    state.set(id, "done");
  };
  scenario.milestones.forEach((item, index) => {
    visit(item.id, index);
  });
  const found: { path: string; pattern: string }[] = [];
  regexesOf(scenario, "", found);
  for (const answer of scenario.answers) found.push({ path: "answers.pattern", pattern: answer.pattern });
  if (scenario.language !== "en" && scenario.twin === undefined)
    throw fail(
      where,
      scenario.id,
      "twin",
      `a ${scenario.language} scenario names the English scenario it translates`,
    );
  if (scenario.language === "en" && scenario.twin !== undefined)
    throw fail(where, scenario.id, "twin", "an English scenario is no twin");
  for (const { path, pattern } of found) {
    const ascii = scenario.language === "en" ? [] : asciiOnlyConstructs(pattern);
    if (ascii.length > 0)
      throw fail(
        where,
        scenario.id,
        path,
        `${ascii[0]} matches ASCII letters only; a ${scenario.language} pattern needs Unicode (\\p{L}, or the words)`,
      );
    try {
      unicodeRegex(pattern);
    } catch (error) {
      throw fail(where, scenario.id, path, `bad regular expression: ${(error as Error).message}`);
    }
  }
}

/** Parses scenario JSONL text; `source` names the file in errors. */
export function parseScenarios(text: string, source: string): Scenario[] {
  const scenarios: Scenario[] = [];
  const seen = new Set<string>();
  const lines = parseJsonl(text, source, {
    problemError: ({ where, message }) => fail(where, undefined, "", `not JSON: ${message}`),
  });
  for (const { where, value: document } of lines) {
    const id =
      typeof document === "object" &&
      document !== null &&
      typeof (document as { id?: unknown }).id === "string"
        ? (document as { id: string }).id
        : undefined;
    const parsed = scenarioSchema.safeParse(document);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue?.path ?? [];
      if ((path[0] === "milestones" || path[0] === "minefields") && path.length === 2) {
        const item = (document as Record<string, unknown[]>)[path[0]]?.[path[1] as number];
        const problem = predicateProblem(item);
        throw fail(
          where,
          id,
          [path[0], path[1], problem.path].filter((part) => part !== "").join("."),
          problem.message,
        );
      }
      throw fail(where, id, path.join("."), issue?.message ?? "bad shape");
    }
    if (seen.has(parsed.data.id)) throw fail(where, parsed.data.id, "id", "appears twice");
    seen.add(parsed.data.id);
    checkScenario(parsed.data, where);
    scenarios.push(parsed.data);
  }
  return scenarios;
}
