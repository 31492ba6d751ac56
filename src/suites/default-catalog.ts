/**
 * The catalog of the suites edgecall ships: every BFCL v4 single-turn category as
 * `bfcl:<category>` plus BFCL's groups (`bfcl:non_live`, `bfcl:live`, `bfcl:hallucination`,
 * `bfcl:single_turn`), the multi-turn categories (group `bfcl:multi_turn`), the agentic ones (groups
 * `bfcl:web_search`, `bfcl:memory`, `bfcl:agentic`), the assistant suites `assistant:single`,
 * `assistant:irrelevance` and `assistant:stateful` (group `assistant`: all three; every language,
 * or `assistant:stateful@fr`, `@en+fr`: those languages only), `assistant:knowledge` (facts: looked
 * up or from memory), `assistant:research` (multi-hop research over the offline web),
 * `loops:instructions`, the security suites, the policy suites (group `policy`), and
 * `traces:FILE.jsonl` (a team's own conversations, src/suites/traces).
 * Built at the CLI edge and handed to eval.
 */
import { isAgenticCategory } from "../bfcl/agentic/agentic-categories.js";
import { bfclCategories, bfclGroups, bfclSuiteName, isBfclCategory } from "../bfcl/categories.js";
import { isMultiTurnCategory } from "../bfcl/multi-turn/multi-turn-categories.js";
import { EdgecallError } from "../errors.js";
import type { SuiteCatalog } from "../eval/suite-catalog.js";
import { type AssistantSuiteName, createAssistantSuite } from "./assistant-suite.js";
import { agenticGroups, agenticSuiteNames, createBfclAgenticSuite } from "./bfcl-agentic-suite.js";
import { createBfclMultiTurnSuite, multiTurnSuiteNames } from "./bfcl-multi-turn-suite.js";
import { bfclSuiteOptionsOf, checkBfclOptions, isBfclSuiteName } from "./bfcl-options.js";
import { createBfclSuite } from "./bfcl-suite.js";
import { createKnowledgeSuite, knowledgeSuiteName } from "./knowledge/knowledge-suite.js";
import { createInstructionsSuite, loopsInstructionsSuiteName } from "./loops/instructions-suite.js";
import {
  createShippedPolicySuite,
  isPolicySuiteName,
  policySuiteNames,
} from "./policy/shipped-policy-suites.js";
import { createResearchSuite, researchSuiteName } from "./research/research-suite.js";
import { createHarmfulSuite, harmfulSuiteName } from "./security/harmful-suite.js";
import { createInjectionSuite, injectionOptionsOf, injectionSuiteName } from "./security/injection-suite.js";
import { shippedFigures } from "./shipped-figures.js";
import { augmentationsOf } from "./stateful/augment.js";
import { createStatefulSuite, statefulSuiteName } from "./stateful/stateful-suite.js";
import { createTracesSuite, isTracesSuiteName } from "./traces/traces-suite.js";

/** Assistant suite names, in report order. */
export const assistantSuiteNames = ["assistant:single", "assistant:irrelevance", statefulSuiteName] as const;

/** Security suite names, in report order (group `security`). */
export const securitySuiteNames = [injectionSuiteName, harmfulSuiteName] as const;

/** True for `assistant:stateful` and its language subsets (`assistant:stateful@fr`). */
function isStatefulSuiteName(name: string): boolean {
  return name === statefulSuiteName || name.startsWith(`${statefulSuiteName}@`);
}

/** The catalog of shipped suites. Each family reads its own options from the inputs' bag. */
export function defaultSuiteCatalog(): SuiteCatalog {
  const groups: Record<string, readonly string[]> = {};
  for (const [name, categories] of Object.entries(bfclGroups)) groups[name] = categories.map(bfclSuiteName);
  groups.assistant = assistantSuiteNames;
  groups["bfcl:multi_turn"] = multiTurnSuiteNames;
  Object.assign(groups, agenticGroups);
  groups.policy = policySuiteNames;
  groups.security = securitySuiteNames;
  return {
    suites: [
      ...bfclCategories.map(bfclSuiteName),
      ...multiTurnSuiteNames,
      ...agenticSuiteNames,
      ...assistantSuiteNames,
      knowledgeSuiteName,
      loopsInstructionsSuiteName,
      researchSuiteName,
      ...policySuiteNames,
      ...securitySuiteNames,
    ],
    groups,
    figures: shippedFigures,
    // Any `assistant:stateful@...` resolves, so a bad language list gets the suite's own message.
    accepts: (name) => isTracesSuiteName(name) || name.startsWith(`${statefulSuiteName}@`),
    checkOptions(names, options) {
      checkBfclOptions(names, options);
      if (names.some(isStatefulSuiteName)) augmentationsOf(options);
    },
    pathOptions: ["bfcl-dir", "injections"],
    create(name, { options, judge, modelFormat }) {
      if (isTracesSuiteName(name)) return createTracesSuite(name, judge === undefined ? {} : { judge });
      if (isBfclSuiteName(name)) {
        const category = name.slice("bfcl:".length);
        if (isMultiTurnCategory(category))
          return createBfclMultiTurnSuite(category, bfclSuiteOptionsOf(name, options, modelFormat));
        if (isAgenticCategory(category))
          return createBfclAgenticSuite(category, bfclSuiteOptionsOf(name, options, modelFormat));
        if (!isBfclCategory(category))
          throw new EdgecallError("usage", `--suite: unknown BFCL suite "${name}"`, { subject: "--suite" });
        return createBfclSuite(category, bfclSuiteOptionsOf(name, options, modelFormat));
      }
      if (isStatefulSuiteName(name))
        return createStatefulSuite(undefined, { name, augment: augmentationsOf(options) });
      if (name === knowledgeSuiteName) return createKnowledgeSuite();
      if (name === loopsInstructionsSuiteName) return createInstructionsSuite();
      if (name === researchSuiteName) return createResearchSuite();
      if (isPolicySuiteName(name)) return createShippedPolicySuite(name);
      if (name === injectionSuiteName) return createInjectionSuite(injectionOptionsOf(options));
      if (name === harmfulSuiteName) return createHarmfulSuite(judge === undefined ? {} : { judge });
      if (name === "assistant:single" || name === "assistant:irrelevance")
        return createAssistantSuite(name as AssistantSuiteName);
      throw new EdgecallError("usage", `--suite: unknown suite "${name}"`, { subject: "--suite" });
    },
  };
}
