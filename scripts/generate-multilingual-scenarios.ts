/**
 * Writes data/suites/assistant/stateful-multilingual.jsonl: twins of English `assistant:stateful`
 * scenarios in Chinese, French, Spanish, Italian, Portuguese, Russian and Hindi (docs/multilingual.md).
 * Each twin is an English scenario with the user's turns, the world's relevant text and the
 * reference replies translated (scripts/stateful-scenarios/multilingual/<code>.ts, written by us)
 * and everything else the same (twin.ts checks it). Deterministic: no clock, no randomness.
 *   npx tsx scripts/generate-multilingual-scenarios.ts
 * Before writing, the set is checked: every language translates the same English scenarios, at
 * least 40, none needing the web corpus (its pages are English); each twin passes the checks of the
 * English scenarios (the null model meets no milestone, the scripted user replays the reference);
 * seeded rows are translated only in their text fields; the loader accepts every line.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Scenario } from "./stateful-scenarios/builders.js";
import { englishScenarios } from "./stateful-scenarios/english-scenarios.js";
import { es } from "./stateful-scenarios/multilingual/es.js";
import { fr } from "./stateful-scenarios/multilingual/fr.js";
import { hi } from "./stateful-scenarios/multilingual/hi.js";
import { it } from "./stateful-scenarios/multilingual/it.js";
import { pt } from "./stateful-scenarios/multilingual/pt.js";
import { ru } from "./stateful-scenarios/multilingual/ru.js";
import { type Translation, twinOf } from "./stateful-scenarios/multilingual/twin.js";
import { zh } from "./stateful-scenarios/multilingual/zh.js";
import { scenarioProblems, writeScenarioFile } from "./stateful-scenarios/scenario-checks.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const target = join(root, "data", "suites", "assistant", "stateful-multilingual.jsonl");
const world = JSON.parse(
  readFileSync(join(root, "data", "assistant", "fixtures", "default-world.json"), "utf8"),
);

/** The translations, in the languages' report order (src/suites/stateful/languages.ts). */
const translations: Record<string, Record<string, Translation>> = { zh, fr, es, it, pt, ru, hi };

const problems: string[] = [];
const english = new Map(englishScenarios.map((scenario) => [scenario.id, scenario]));
const firstIds = Object.keys(Object.values(translations)[0] ?? {}).sort();

/** Seeded rows may only be given text in text fields that exist. */
function checkSeeded(twin: Scenario, seeded: Translation["seeded"]): void {
  for (const [list, rows] of Object.entries(seeded ?? {}))
    for (const row of rows) {
      const id = row.id ?? row.itemId;
      const original = (world[list] as Record<string, unknown>[] | undefined)?.find(
        (candidate) => (candidate.id ?? candidate.itemId) === id,
      );
      if (original === undefined) problems.push(`${twin.id}: seeded ${list} has no row ${String(id)}`);
      else
        for (const [field, value] of Object.entries(row))
          if (
            field !== "id" &&
            field !== "itemId" &&
            (typeof value !== "string" || typeof original[field] !== "string")
          )
            problems.push(`${twin.id}: seeded ${list}.${String(id)}.${field} is not a text field`);
    }
}

const twins: Scenario[] = [];
for (const [language, table] of Object.entries(translations)) {
  const ids = Object.keys(table);
  if (ids.length < 40) problems.push(`${language}: only ${ids.length} scenarios`);
  if (ids.slice().sort().join() !== firstIds.join())
    problems.push(`${language}: translates other scenarios than ${Object.keys(translations)[0]}`);
  for (const original of englishScenarios) {
    const translation = table[original.id];
    if (translation === undefined) continue;
    if (original.domains.includes("web"))
      problems.push(`${language}:${original.id}: needs the English web corpus`);
    try {
      const twin = twinOf(original, language, translation);
      checkSeeded(twin, translation.seeded);
      problems.push(...scenarioProblems(twin));
      twins.push(twin);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  for (const id of ids) if (!english.has(id)) problems.push(`${language}: no English scenario ${id}`);
}

writeScenarioFile(twins, target, problems);
console.log(`wrote ${twins.length} twins to ${target}`);
for (const language of Object.keys(translations))
  console.log(`  ${language}: ${twins.filter((twin) => twin.language === language).length}`);
