/**
 * `assistant:stateful`: multi-turn scenarios over the assistant world (ToolSandbox is the anchor).
 * Each scenario runs with the conversation solver in a fresh world made from the seeded world plus
 * its changes; the scripted user sends its turns and answers the assistant's questions; the
 * milestone scorer checks the world and the trajectory. Data: data/suites/assistant/stateful.jsonl
 * (made by scripts/generate-stateful-scenarios.ts) and its twins in seven other languages,
 * stateful-multilingual.jsonl (scripts/generate-multilingual-scenarios.ts, docs/multilingual.md),
 * each language's twins in category `multilingual:<code>`; `assistant:stateful@fr` (or `@en+fr`)
 * keeps only those languages. `--augment` adds copies with distractor tools or scrambled names and
 * descriptions, each in its own category.
 */
import { readFileSync } from "node:fs";
import { createAssistantRegistry } from "../../assistant/assistant-registry.js";
import type { WorldFixture } from "../../assistant/world-fixture.js";
import { canonicalJson } from "../../canonical-json.js";
import { EdgecallError } from "../../errors.js";
import { conversationSolver } from "../../eval/solvers/agent-solver.js";
import type { Sample, Suite } from "../../eval/suite.js";
import type { ToolDefinition } from "../../messages.js";
import { sha256Hex } from "../../sha256.js";
import { assistantDataDirectory } from "../assistant-suite.js";
import { languageFigures } from "../language-figures.js";
import { assistantEnvironment, worldWithChanges } from "./assistant-environment.js";
import { type AugmentationName, augmentationNames, augmentTools, faultedReference } from "./augment.js";
import {
  isScenarioLanguage,
  languageCategory,
  languageNames,
  type ScenarioLanguage,
  scenarioLanguages,
} from "./languages.js";
import { milestoneScorer, type StatefulTarget } from "./milestone-scorer.js";
import { parseScenarios, type Scenario, scenarioCategories } from "./scenario.js";
import { checkTwins, pairedOrder } from "./scenario-twins.js";
import { statefulCounterfeits } from "./stateful-counterfeits.js";
import { footprintMinefields } from "./task-footprint.js";
import { toolFaultFigures } from "./tool-fault-figures.js";

/** The suite's name. */
export const statefulSuiteName = "assistant:stateful";

/** The system message every scenario starts with. */
export const statefulSystemPrompt =
  "You are the personal assistant on Alex Morgan's phone (alex.morgan@example.com). It is Monday, June 2, 2025, " +
  "08:30 in America/New_York. Use the tools to do what the user asks; look things up with them rather than " +
  "guessing ids, addresses or dates. If a request is ambiguous, ask the user which one they mean before acting. " +
  "If no tool can do it, or you lack what you need, say so briefly and change nothing.";

/** The seeded world's user's time zone (the system prompt's). */
const userTimeZone = "America/New_York";

/** The data file's path (the English scenarios). */
export function statefulDataPath(): string {
  return `${assistantDataDirectory()}stateful.jsonl`;
}

/** The data files: the English scenarios, then their twins in the other languages. */
export function statefulDataPaths(): string[] {
  return [statefulDataPath(), `${assistantDataDirectory()}stateful-multilingual.jsonl`];
}

const languageSuffix = /^assistant:stateful@([a-z]{2}(?:\+[a-z]{2})*)$/;

/** True for `assistant:stateful@LANG[+LANG...]` with known languages (any order, no repeats). */
export function isStatefulLanguageSuiteName(name: string): boolean {
  const codes = languageSuffix.exec(name)?.[1]?.split("+") ?? [];
  return codes.length > 0 && codes.every(isScenarioLanguage) && new Set(codes).size === codes.length;
}

/** The languages a `assistant:stateful@...` name keeps; undefined for the plain name (all). */
export function languagesOfSuiteName(name: string): ScenarioLanguage[] | undefined {
  if (name === statefulSuiteName) return undefined;
  if (!isStatefulLanguageSuiteName(name))
    throw new EdgecallError(
      "usage",
      `--suite: "${name}": languages are ${scenarioLanguages.join(", ")}, joined with "+" (assistant:stateful@en+fr)`,
      { subject: "--suite" },
    );
  return (languageSuffix.exec(name)?.[1] ?? "").split("+") as ScenarioLanguage[];
}

/** Options of {@link createStatefulSuite}. */
export interface StatefulSuiteOptions {
  /** The suite's name (default `assistant:stateful`; `assistant:stateful@fr` keeps French only). */
  name?: string;
  /** `--augment`: each adds a copy of every sample in its own category (default none). */
  augment?: readonly AugmentationName[];
}

/** The tools of the given domains, in registry order. */
function domainTools(all: readonly ToolDefinition[], domains: readonly string[]): ToolDefinition[] {
  return all.filter((tool) => domains.some((domain) => tool.name.startsWith(`${domain}_`)));
}

/** Default instruction for an LLM user: the turns and the facts the scripted user would give. */
function instructionOf(scenario: Scenario): string {
  if (scenario.instruction !== undefined) return scenario.instruction;
  const asks = scenario.turns.map((turn, index) => `${index + 1}. "${turn}"`).join(" ");
  const facts = scenario.answers.map((answer) => `"${answer.reply}"`).join(" ");
  return (
    `You are Alex Morgan. Say these things, in order, one per message: ${asks}` +
    (facts === "" ? "" : ` If the assistant asks you something, answer from these: ${facts}`) +
    (scenario.language === "en" ? "" : ` Write every message in ${languageNames[scenario.language]}.`)
  );
}

function sampleOf(
  suiteName: string,
  scenario: Scenario,
  source: string,
  all: readonly ToolDefinition[],
  augmentation: AugmentationName | undefined,
): Sample<StatefulTarget> {
  const own = domainTools(all, scenario.domains);
  const offered =
    augmentation === undefined ? { tools: own } : augmentTools(augmentation, scenario.id, own, all);
  const faulted =
    augmentation === "tool-faults" ? faultedReference(scenario.id, scenario.reference) : undefined;
  return {
    id: augmentation === undefined ? scenario.id : `${scenario.id}@${augmentation}`,
    suite: suiteName,
    category:
      augmentation ?? (scenario.language === "en" ? scenario.category : languageCategory(scenario.language)),
    messages: [
      { role: "system", content: statefulSystemPrompt },
      { role: "user", content: scenario.turns[0] ?? "" },
    ],
    tools: offered.tools,
    ...(offered.toolNames === undefined ? {} : { toolNames: offered.toolNames }),
    target: {
      milestones: scenario.milestones,
      minefields: [...scenario.minefields, ...footprintMinefields(scenario.reference)],
    },
    metadata: {
      scenario: scenario.id,
      scenarioCategory: scenario.category,
      domains: scenario.domains,
      language: scenario.language,
      ...(scenario.twin === undefined ? {} : { twin: scenario.twin }),
      ...(augmentation === undefined ? {} : { augmentation }),
      ...(faulted === undefined ? {} : { toolFaults: faulted.faults }),
    },
    initialState: { changes: scenario.world, source: `${source} scenario ${scenario.id}` },
    user: {
      turns: scenario.turns.slice(1),
      answers: scenario.answers,
      instruction: instructionOf(scenario),
      timeZone: userTimeZone,
    },
    reference: faulted?.reference ?? scenario.reference,
    ...(faulted === undefined ? {} : { toolFaults: faulted.faults }),
    expected: {
      milestones: scenario.milestones,
      minefields: scenario.minefields,
      reference: scenario.reference,
    },
  };
}

/**
 * Builds the suite from `paths` (default: the shipped data, every language); the name
 * `assistant:stateful@LANG[+LANG]` keeps those languages' scenarios.
 */
export function createStatefulSuite(
  paths: string | readonly string[] = statefulDataPaths(),
  options: StatefulSuiteOptions = {},
): Suite<StatefulTarget> {
  const name = options.name ?? statefulSuiteName;
  const languages = languagesOfSuiteName(name);
  const files = (typeof paths === "string" ? [paths] : paths).map((path) => {
    try {
      return { path, text: readFileSync(path, "utf8") };
    } catch (error) {
      throw new EdgecallError("file-not-found", `assistant:stateful data not found: ${path}`, {
        subject: path,
        cause: error,
      });
    }
  });
  const loaded = files.flatMap(({ path, text }) =>
    parseScenarios(text, path).map((scenario) => ({ scenario, path })),
  );
  const ids = new Set<string>();
  for (const { scenario, path } of loaded) {
    if (ids.has(scenario.id))
      throw new EdgecallError("invalid-json", `${path}: scenario ${scenario.id}: id: appears twice`, {
        subject: path,
      });
    ids.add(scenario.id);
  }
  checkTwins(
    loaded.map((item) => item.scenario),
    files.map((file) => file.path).join(", "),
  );
  const kept = pairedOrder(
    loaded.filter(({ scenario }) => languages === undefined || languages.includes(scenario.language)),
  );
  const all = createAssistantRegistry().definitions();
  const worlds = new Map<string, WorldFixture>();
  const text = files.map((file) => file.text).join("\n");
  const version = `stateful-v1+sha256:${sha256Hex(text + canonicalJson(all)).slice(0, 16)}${languages === undefined ? "" : `@${languages.join("+")}`}`;
  const present = scenarioLanguages.filter((language) =>
    kept.some(({ scenario }) => scenario.language === language),
  );
  return {
    name,
    version,
    categories: [
      ...scenarioCategories,
      ...present.flatMap((language) => (language === "en" ? [] : [languageCategory(language)])),
      ...augmentationNames,
    ],
    solver: conversationSolver,
    figures: [languageFigures, toolFaultFigures],
    scorer: milestoneScorer,
    environment(sample) {
      const { changes, source } = sample.initialState as { changes: Record<string, unknown>; source: string };
      // One parsed world per scenario (its augmented copies and repeats share it); a world that
      // cannot be made is not kept, so each of its samples fails on its own.
      let fixture = worlds.get(source);
      if (fixture === undefined) {
        fixture = worldWithChanges(changes, source);
        worlds.set(source, fixture);
      }
      return assistantEnvironment({ ...sample, initialState: fixture });
    },
    samples() {
      const augments = options.augment ?? [];
      // Each scenario then its augmented copies (and each English scenario then its twins), so
      // `--limit N` keeps whole groups to compare. A
      // scenario whose reference calls no tool exactly once has no tool-faults copy.
      return kept.flatMap(({ scenario, path }) => [
        sampleOf(name, scenario, path, all, undefined),
        ...augments
          .filter(
            (augmentation) =>
              augmentation !== "tool-faults" ||
              faultedReference(scenario.id, scenario.reference) !== undefined,
          )
          .map((augmentation) => sampleOf(name, scenario, path, all, augmentation)),
      ]);
    },
    counterfeitsOf: statefulCounterfeits,
    // `suite check` reports the scenarios per language (every sample passed in counts once).
    check: async (chosen) => ({ report: { languages: languageCounts(chosen) }, failures: [] }),
  };
}

/** Scenarios per language among `samples` (augmented copies not counted), in language order. */
export function languageCounts(samples: readonly Sample[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const language of scenarioLanguages) {
    const n = samples.filter(
      (sample) =>
        sample.metadata?.augmentation === undefined && (sample.metadata?.language ?? "en") === language,
    ).length;
    if (n > 0) counts[language] = n;
  }
  return counts;
}
