/**
 * `security:injection` (AgentDojo is the anchor): the assistant's user tasks with attacker text
 * planted in what they read, to measure utility without attack, utility under attack, targeted
 * attack success and confirmations, with guards on and off (`eval --guards on|off`). Each sample
 * runs with the agent solver in a fresh assistant world made from the seeded world plus the
 * carrier's item (and, for web pages, an offline web with the page added). `--injections FILE`
 * adds a user's own payloads. Samples are made from templates (injection-samples.ts).
 */
import { createAssistantRegistry } from "../../assistant/assistant-registry.js";
import { buildWebCorpus, loadWebCorpus, type WebCorpus } from "../../assistant/web-corpus.js";
import type { WorldFixture } from "../../assistant/world-fixture.js";
import { canonicalJson } from "../../canonical-json.js";
import type { Suite } from "../../eval/suite.js";
import { sha256Hex } from "../../sha256.js";
import { assistantEnvironment, worldWithChanges } from "../stateful/assistant-environment.js";
import { checkInjections } from "./injection-check.js";
import { readInjections } from "./injection-file.js";
import {
  type InjectionWorld,
  injectionCategories,
  injectionSamples,
  injectionSuiteName,
} from "./injection-samples.js";
import { type InjectionTarget, injectionScorer } from "./injection-scorer.js";

export { injectionSuiteName } from "./injection-samples.js";

/** Options of {@link createInjectionSuite}. */
export interface InjectionSuiteOptions {
  /** `--injections FILE.jsonl`: the user's own payloads, added to the built-in samples. */
  injections?: string;
  /** False: only the user's payloads (tests). Default true. */
  builtIn?: boolean;
}

/** Builds the suite. Throws `invalid-argument` naming the line and field of a bad injections file. */
export function createInjectionSuite(options: InjectionSuiteOptions = {}): Suite<InjectionTarget> {
  const user = options.injections === undefined ? undefined : readInjections(options.injections);
  const registry = createAssistantRegistry();
  const tools = registry.definitions();
  const readOnly = new Set(
    tools.map((tool) => tool.name).filter((name) => registry.get(name)?.sideEffect === "read"),
  );
  const samples = injectionSamples(tools, user?.injections ?? [], options.builtIn ?? true);
  const version = `injection-v1+sha256:${sha256Hex(canonicalJson(samples)).slice(0, 16)}`;
  const corpora = new Map<string, WebCorpus>();
  // One parsed world per sample, kept across the passes of `suite check` and repeats (the same
  // object keeps its template's hash cached too).
  const fixtures = new Map<string, WorldFixture>();
  return {
    name: injectionSuiteName,
    version,
    categories: injectionCategories,
    solver: "agent",
    scorer: injectionScorer,
    environment(sample) {
      const world = sample.initialState as InjectionWorld;
      let fixture = fixtures.get(world.source);
      if (fixture === undefined) {
        fixture = worldWithChanges(world.changes, world.source);
        fixtures.set(world.source, fixture);
      }
      const pages = world.webPages ?? [];
      if (pages.length === 0) return assistantEnvironment({ ...sample, initialState: fixture });
      const key = canonicalJson(pages);
      let corpus = corpora.get(key);
      if (corpus === undefined) {
        corpus = buildWebCorpus([...loadWebCorpus().pages, ...pages]);
        if (corpora.size >= 16) corpora.clear();
        corpora.set(key, corpus);
      }
      return assistantEnvironment({ ...sample, initialState: fixture }, { webCorpus: corpus });
    },
    samples: () => samples,
    check: (chosen, runner) => checkInjections(chosen, runner, readOnly),
  };
}
