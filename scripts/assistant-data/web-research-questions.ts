/**
 * The questions of `assistant:research`: twelve templates of two to four hops over the research
 * world (web-research-world.ts), six questions each. A question names one start page's subject
 * (a company, a book, a festival edition) and asks for a fact that is only on the last page of a
 * chain of pages; each hop's page is found by searching for a name the page before it gives. The
 * chain is recorded as the gold trajectory (the search query and the page it should find, hop by
 * hop), with the hard negatives: namesakes of the chain's towns and people, the other editions of
 * its festival, companies sharing its company's first word. Among the candidate start pages of a
 * template, those a search for the question's own words cannot shortcut (their last page is not
 * among its top five results, through a back-link such as a founder's page naming the company)
 * come first, then those whose chain has the most hard negatives.
 */
import { SeededRandom } from "./random.js";
import type { ResearchHop } from "./web-research-hops.js";
import { templates } from "./web-research-templates.js";
import { type ResearchWorld, researchSeed } from "./web-research-world.js";

/** One question of the suite (a line of data/suites/research/questions.jsonl). */
export interface ResearchQuestion {
  id: string;
  hops: number;
  template: string;
  question: string;
  answer: string;
  aliases: string[];
  /** The evidence pages, in chain order (the URLs of `chain`). */
  evidence: string[];
  chain: ResearchHop[];
  /** Pages that look relevant and are not (namesakes, other editions, similar companies). */
  negatives: string[];
}

/** Questions per template. */
const perTemplate = 6;

/**
 * The questions, deterministic: per template, candidates in a seeded order, those `shortcut`
 * does not flag first, then those with the most hard negatives, skipping start pages another question already uses and chains that visit a
 * page twice (a town twinned back, say).
 */
export function researchQuestions(
  world: ResearchWorld,
  shortcut: (question: string, lastPage: string) => boolean = () => false,
): ResearchQuestion[] {
  const random = new SeededRandom(researchSeed + 1);
  const usedStarts = new Set<string>();
  const questions: ResearchQuestion[] = [];
  const counters = new Map<number, number>();
  for (const template of templates(world)) {
    const candidates = random
      .sample(template.drafts(world), Number.MAX_SAFE_INTEGER)
      .map((item, order) => ({ item, order }))
      .map(({ item, order }) => ({
        item,
        order,
        shortcut: shortcut(item.question, item.chain.at(-1)?.url ?? "") ? 1 : 0,
      }))
      .sort(
        (a, b) =>
          a.shortcut - b.shortcut || b.item.negatives.length - a.item.negatives.length || a.order - b.order,
      )
      .map(({ item }) => item)
      .filter((item) => new Set(item.chain.map((hop) => hop.url)).size === item.chain.length);
    let taken = 0;
    for (const candidate of candidates) {
      if (taken === perTemplate) break;
      if (usedStarts.has(candidate.start)) continue;
      usedStarts.add(candidate.start);
      taken += 1;
      const number = (counters.get(template.hops) ?? 0) + 1;
      counters.set(template.hops, number);
      questions.push({
        id: `research-${template.hops}hop-${String(number).padStart(2, "0")}`,
        hops: template.hops,
        template: template.name,
        question: candidate.question,
        answer: candidate.answer,
        aliases: candidate.aliases,
        evidence: candidate.chain.map((hop) => hop.url),
        chain: candidate.chain,
        negatives: candidate.negatives,
      });
    }
    if (taken < perTemplate) throw new Error(`template ${template.name}: only ${taken} questions`);
  }
  // Hop counts interleaved, so that the first few questions (`--limit 3`) hold each of them.
  const byHops = [2, 3, 4].map((hops) => questions.filter((question) => question.hops === hops));
  return Array.from({ length: Math.max(...byHops.map((list) => list.length)) }, (_, index) =>
    byHops.flatMap((list) => (list[index] === undefined ? [] : [list[index] as ResearchQuestion])),
  ).flat();
}
