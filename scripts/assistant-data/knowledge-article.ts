/**
 * The shape of the `assistant:knowledge` source of truth: articles (each one page of the offline
 * web) and the facts each states, with the question that asks for the fact, its accepted answers
 * and the search query a careful assistant would type. Pages and questions are both made from
 * these, so they cannot drift apart.
 */

/** One fact an article states, and the question about it. */
export interface KnowledgeFact {
  /** Unique within its half; the question's id is `knowledge_<half>_<key>`. */
  key: string;
  question: string;
  /** The answer as the page states it. */
  answer: string;
  /** Other accepted forms ("8 pm" for "20:00", "six" for "6"). */
  aliases?: string[];
  /** The gold trajectory's search query. */
  query: string;
}

/** One page of the corpus and the facts it states. */
export interface KnowledgeArticle {
  /** `local`: made-up facts no model can know; `common`: common knowledge. */
  half: "local" | "common";
  /** What kind of fact (business, colleague, community, corpus; capitals, chemistry, ...). */
  topic: string;
  url: string;
  title: string;
  /** The page's corpus category. */
  category: string;
  text: string;
  facts: KnowledgeFact[];
}
