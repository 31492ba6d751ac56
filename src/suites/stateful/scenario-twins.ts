/**
 * The multilingual twins of `assistant:stateful` scenarios: each twin must match its English
 * scenario (category, domains), and samples are ordered so that each English scenario is followed
 * by its twins (`--limit N` and shards keep pairs together for the paired figures).
 */
import { EdgecallError } from "../../errors.js";
import { scenarioLanguages } from "./languages.js";
import type { Scenario } from "./scenario.js";

/** Each twin's English scenario must be in the set, in the same category and domains. */
export function checkTwins(scenarios: readonly Scenario[], source: string): void {
  const english = new Map(
    scenarios.filter((scenario) => scenario.language === "en").map((scenario) => [scenario.id, scenario]),
  );
  for (const scenario of scenarios) {
    if (scenario.twin === undefined) continue;
    const original = english.get(scenario.twin);
    const why =
      original === undefined
        ? `no English scenario "${scenario.twin}"`
        : original.category !== scenario.category
          ? `category ${scenario.category} differs from its twin's (${original.category})`
          : original.domains.join() !== scenario.domains.join()
            ? "its domains differ from its twin's"
            : undefined;
    if (why !== undefined)
      throw new EdgecallError("invalid-json", `${source}: scenario ${scenario.id}: twin: ${why}`, {
        subject: source,
      });
  }
}

/**
 * Each English scenario followed by its twins in language order (then scenarios whose English
 * scenario is not kept), so `--limit N` and shards keep pairs together for the paired figures.
 */
export function pairedOrder<T extends { scenario: Scenario }>(items: readonly T[]): T[] {
  const twins = new Map<string, T[]>();
  for (const item of items)
    if (item.scenario.twin !== undefined)
      twins.set(item.scenario.twin, [...(twins.get(item.scenario.twin) ?? []), item]);
  const rank = (item: T): number => scenarioLanguages.indexOf(item.scenario.language);
  const ordered: T[] = [];
  const placed = new Set<T>();
  for (const item of items) {
    if (item.scenario.twin !== undefined) continue;
    ordered.push(item);
    placed.add(item);
    for (const twin of [...(twins.get(item.scenario.id) ?? [])].sort((a, b) => rank(a) - rank(b))) {
      ordered.push(twin);
      placed.add(twin);
    }
  }
  return [...ordered, ...items.filter((item) => !placed.has(item))];
}
