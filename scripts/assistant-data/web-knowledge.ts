/**
 * The pages and questions of `assistant:knowledge`, made from one source of truth (the articles
 * of knowledge-local.ts and knowledge-common.ts): each article is one page of the offline web,
 * and each fact it states is one question whose gold trajectory searches the corpus with the
 * fact's query, fetches the page when the search snippet does not already hold the answer, and
 * answers. The module has its own seeded random source (for the pages' dates), so its pages do not
 * depend on, or change, the pages of the other modules.
 */
import { snippetFor } from "../../src/assistant/web-corpus.js";
import { containsAnswer } from "../../src/text/answer-words.js";
import type { KnowledgeArticle } from "./knowledge-article.js";
import { commonArticles } from "./knowledge-common.js";
import { localArticles } from "./knowledge-local.js";
import { SeededRandom } from "./random.js";
import { dateBetween, type GeneratedPage } from "./web-page.js";

/** Every article, local first. */
export const knowledgeArticles: readonly KnowledgeArticle[] = [...localArticles, ...commonArticles];

/** One line of data/suites/assistant/knowledge.jsonl. */
export interface KnowledgeQuestionLine {
  id: string;
  category: "local" | "common";
  topic: string;
  question: string;
  answer: string;
  aliases: string[];
  /** The page stating the answer. */
  url: string;
  /** The gold search query. */
  query: string;
  /** Whether the gold trajectory fetches the page (the snippet of its search result lacks the answer). */
  fetch: boolean;
}

/** The pages (72), tagged `knowledge` and their half; local pages carry a 2025 date. */
export function knowledgePages(): GeneratedPage[] {
  const random = new SeededRandom(2202);
  return knowledgeArticles.map((article) => ({
    url: article.url,
    title: article.title,
    category: article.category,
    ...(article.half === "local" ? { published: dateBetween(random.next(), [1, 6], [5, 30]) } : {}),
    text: article.text,
    tags: ["knowledge", article.half, article.topic],
  }));
}

/** The questions (100), with their gold trajectories; throws when a page does not state its answer. */
export function knowledgeQuestions(): KnowledgeQuestionLine[] {
  const seen = new Set<string>();
  return knowledgeArticles.flatMap((article) =>
    article.facts.map((fact) => {
      const id = `knowledge_${article.half}_${fact.key}`;
      if (seen.has(id)) throw new Error(`duplicate question id ${id}`);
      seen.add(id);
      const answers = [fact.answer, ...(fact.aliases ?? [])];
      if (!containsAnswer(article.text, answers))
        throw new Error(`${id}: the page ${article.url} does not state "${fact.answer}"`);
      if (containsAnswer(fact.question, answers))
        throw new Error(`${id}: the question gives the answer away`);
      return {
        id,
        category: article.half,
        topic: article.topic,
        question: fact.question,
        answer: fact.answer,
        aliases: fact.aliases ?? [],
        url: article.url,
        query: fact.query,
        fetch: !containsAnswer(snippetFor(article.text, fact.query), answers),
      };
    }),
  );
}
