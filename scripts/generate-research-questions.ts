/**
 * Writes data/suites/research/questions.jsonl, the questions of `assistant:research`, from the
 * same seeded research world as the research pages of the web corpus (run
 * scripts/generate-web-corpus.ts too when the world changes). Deterministic.
 *   node --import tsx scripts/generate-research-questions.ts
 */
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildWebCorpus, normaliseUrl } from "../src/assistant/web-corpus.js";
import { researchPages } from "./assistant-data/web-research-pages.js";
import { researchQuestions } from "./assistant-data/web-research-questions.js";
import { buildResearchWorld } from "./assistant-data/web-research-world.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const target = join(root, "data", "suites", "research", "questions.jsonl");
const world = buildResearchWorld();
// Shortcuts are judged on the research pages alone, so the questions do not depend on the other
// generator modules' pages; the top ten, a margin for the whole corpus's statistics.
const web = buildWebCorpus(researchPages(world));
const shortcut = (question: string, lastPage: string) =>
  web.index
    .search(question, 10)
    .some((hit) => normaliseUrl(web.pages[hit.index]?.url ?? "") === normaliseUrl(lastPage));
const questions = researchQuestions(world, shortcut);
writeFileSync(target, `${questions.map((question) => JSON.stringify(question)).join("\n")}\n`);
const byHops: Record<string, number> = {};
for (const question of questions) byHops[question.hops] = (byHops[question.hops] ?? 0) + 1;
console.log(`wrote ${target}: ${questions.length} questions by hops ${JSON.stringify(byHops)}`);
