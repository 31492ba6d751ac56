/**
 * Writes data/assistant/web/pages.json, the offline web the `web_search` and `web_fetch` tools
 * read: recipes, weather, travel guides, product reviews, how-tos, news, local businesses and a
 * few pages carrying prompt injections (tagged "injection"), and the research world's towns, people,
 * companies, books and festivals (tagged "research", for assistant:research). Deterministic (seeded).
 *   node --import tsx scripts/generate-web-corpus.ts
 */
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { SeededRandom } from "./assistant-data/random.js";
import { businessPages } from "./assistant-data/web-business.js";
import { howToPages } from "./assistant-data/web-howto.js";
import { injectionPages } from "./assistant-data/web-injection.js";
import { knowledgePages } from "./assistant-data/web-knowledge.js";
import { newsPages } from "./assistant-data/web-news.js";
import type { GeneratedPage } from "./assistant-data/web-page.js";
import { recipePages } from "./assistant-data/web-recipes.js";
import { researchPages } from "./assistant-data/web-research-pages.js";
import { buildResearchWorld } from "./assistant-data/web-research-world.js";
import { reviewPages } from "./assistant-data/web-reviews.js";
import { travelPages } from "./assistant-data/web-travel.js";
import { weatherPages } from "./assistant-data/web-weather.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const target = join(root, "data", "assistant", "web", "pages.json");
const random = new SeededRandom(20250602);
const pages: GeneratedPage[] = [
  ...recipePages(random),
  ...weatherPages(random),
  ...travelPages(random),
  ...reviewPages(random),
  ...howToPages(random),
  ...newsPages(random),
  ...businessPages(random),
  ...injectionPages(),
  ...knowledgePages(),
  ...researchPages(buildResearchWorld()),
];
const seen = new Set<string>();
for (const page of pages) {
  if (seen.has(page.url)) throw new Error(`duplicate URL ${page.url}`);
  seen.add(page.url);
}
const counts: Record<string, number> = {};
for (const page of pages) counts[page.category] = (counts[page.category] ?? 0) + 1;
// One page per line: compact, yet diffs stay readable.
const body = pages.map((page) => JSON.stringify(page)).join(",\n");
writeFileSync(target, `{"version":1,"generator":"scripts/generate-web-corpus.ts","pages":[\n${body}\n]}\n`);
console.log(`wrote ${target}: ${pages.length} pages ${JSON.stringify(counts)}`);
