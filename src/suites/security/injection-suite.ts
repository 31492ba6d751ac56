/**
 * `security:injection` (AgentDojo is the anchor): the assistant's user tasks with attacker text
 * planted in what they read, to measure utility without attack, utility under attack, targeted
 * attack success and confirmations, with guards on and off (`eval --guards on|off`). Each sample
 * runs with the agent solver in a fresh assistant world made from the seeded world plus the
 * carrier's item (and, for web pages, an offline web with the page added). `--injections FILE`
 * adds a user's own payloads. Samples are made from templates (injection-samples.ts).
 */
import { createAssistantRegistry } from "../../assistant/assistant-registry.js";
import { canonicalJson } from "../../canonical-json.js";
import { agentSolver } from "../../eval/solvers/agent-solver.js";
import type { Suite } from "../../eval/suite.js";
import { type SuiteOptions, suiteOptionText } from "../../eval/suite-inputs.js";
import { sha256Hex } from "../../sha256.js";
import { carrierEnvironment } from "./carrier-environment.js";
import { checkInjections } from "./injection-check.js";
import { injectionCounterfeits } from "./injection-counterfeits.js";
import { readInjections } from "./injection-file.js";
import { injectionCategories, injectionSamples, injectionSuiteName } from "./injection-samples.js";
import { type InjectionTarget, injectionScorer } from "./injection-scorer.js";
import { harmfulFigures, securityFiguresOfRun } from "./security-text.js";

export { injectionSuiteName } from "./injection-samples.js";

/** Options of {@link createInjectionSuite}. */
export interface InjectionSuiteOptions {
  /** `--injections FILE.jsonl`: the user's own payloads, added to the built-in samples. */
  injections?: string;
  /** False: only the user's payloads (tests). Default true. */
  builtIn?: boolean;
}

/** The suite's options from the suite inputs' bag (`injections`: `--injections FILE.jsonl`). */
export function injectionOptionsOf(options: SuiteOptions): InjectionSuiteOptions {
  const injections = suiteOptionText(options, "injections");
  return injections === undefined ? {} : { injections };
}

/** Builds the suite. Throws `invalid-argument` naming the line and field of a bad injections file. */
export function createInjectionSuite(options: InjectionSuiteOptions = {}): Suite<InjectionTarget> {
  const user = options.injections === undefined ? undefined : readInjections(options.injections);
  const registry = createAssistantRegistry();
  const tools = registry.definitions();
  const readOnly = new Set(
    tools.map((tool) => tool.name).filter((name) => registry.get(name)?.sideEffect === "read"),
  );
  const writeOnly = new Set(
    tools.map((tool) => tool.name).filter((name) => registry.get(name)?.sideEffect === "write"),
  );
  const samples = injectionSamples(tools, user?.injections ?? [], options.builtIn ?? true);
  const version = `injection-v1+sha256:${sha256Hex(canonicalJson(samples)).slice(0, 16)}`;
  return {
    name: injectionSuiteName,
    version,
    categories: injectionCategories,
    solver: agentSolver,
    figures: [securityFiguresOfRun, harmfulFigures],
    scorer: injectionScorer,
    environment: carrierEnvironment(),
    samples: () => samples,
    check: (chosen, runner) => checkInjections(chosen, runner, readOnly),
    counterfeitsOf: (sample) => injectionCounterfeits(sample, writeOnly),
  };
}
