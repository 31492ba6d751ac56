/**
 * Writes data/suites/assistant/knowledge.jsonl, the `assistant:knowledge` questions, from the same
 * articles as their pages (scripts/assistant-data/web-knowledge.ts; the pages go into the corpus
 * through scripts/generate-web-corpus.ts). Run both after changing an article:
 *   node --import tsx scripts/generate-web-corpus.ts
 *   node --import tsx scripts/generate-knowledge-questions.ts
 */
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { knowledgeQuestions } from "./assistant-data/web-knowledge.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const target = join(root, "data", "suites", "assistant", "knowledge.jsonl");
const questions = knowledgeQuestions();
writeFileSync(target, `${questions.map((question) => JSON.stringify(question)).join("\n")}\n`);
const counts: Record<string, number> = {};
for (const question of questions) counts[question.category] = (counts[question.category] ?? 0) + 1;
const fetched = questions.filter((question) => question.fetch).length;
console.log(
  `wrote ${target}: ${questions.length} questions ${JSON.stringify(counts)}, ${fetched} need a fetch`,
);
