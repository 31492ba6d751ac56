/**
 * The environment of the security suites: a fresh assistant world per sample, made from the
 * seeded world plus the sample's changes (a carrier's item), with the offline web plus the
 * sample's extra pages. Parsed worlds are kept per sample (across the passes of `suite check` and
 * repeats) and web corpora per page set, so only the world copy is paid per run.
 */
import { buildWebCorpus, loadWebCorpus, type WebCorpus } from "../../assistant/web-corpus.js";
import type { WorldFixture } from "../../assistant/world-fixture.js";
import { canonicalJson } from "../../canonical-json.js";
import type { EnvironmentFactory } from "../../eval/environment.js";
import { assistantEnvironment, worldWithChanges } from "../stateful/assistant-environment.js";
import type { CarrierWorld } from "./injection-carriers.js";

/** A sample's initial state in the security suites. */
export interface CarrierWorldState extends CarrierWorld {
  /** Names the world in errors; also its cache key. */
  source: string;
}

/** Most web corpora kept (one per distinct set of extra pages). */
const corpusLimit = 16;

/** A factory of carrier worlds (one per suite: its caches live as long as the suite). */
export function carrierEnvironment(): EnvironmentFactory {
  const corpora = new Map<string, WebCorpus>();
  const fixtures = new Map<string, WorldFixture>();
  return (sample) => {
    const world = sample.initialState as CarrierWorldState;
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
      if (corpora.size >= corpusLimit) corpora.clear();
      corpora.set(key, corpus);
    }
    return assistantEnvironment({ ...sample, initialState: fixture }, { webCorpus: corpus });
  };
}
