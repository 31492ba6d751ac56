/**
 * Reads data/suites/assistant/knowledge.jsonl (scripts/generate-knowledge-questions.ts writes it
 * from the same articles as the corpus's knowledge pages) and checks it against the corpus it
 * will run over: every question's page must be there and state the answer, so questions and pages
 * cannot drift apart unnoticed. Errors name the file and line.
 */
import { z } from "zod";
import { normaliseUrl, type WebCorpus } from "../../assistant/web-corpus.js";
import { EdgecallError } from "../../errors.js";
import { containsAnswer } from "../../text/answer-words.js";
import { readBoundedText } from "../../text/jsonl-file.js";
import { parseJsonl } from "../../text/jsonl-lines.js";

const lineSchema = z.object({
  id: z.string().min(1),
  category: z.enum(["local", "common"]),
  topic: z.string().min(1),
  question: z.string().min(1),
  answer: z.string().min(1),
  aliases: z.array(z.string().min(1)),
  url: z.string().min(1),
  query: z.string().min(1),
  fetch: z.boolean(),
});

/** One question. */
export type KnowledgeQuestion = z.infer<typeof lineSchema>;

/** The questions of `text` (read from `path`), checked against `corpus`. */
export function parseKnowledgeQuestions(text: string, path: string, corpus: WebCorpus): KnowledgeQuestion[] {
  const questions: KnowledgeQuestion[] = [];
  const ids = new Set<string>();
  for (const { where, value } of parseJsonl(text, path)) {
    let question: KnowledgeQuestion;
    try {
      question = lineSchema.parse(value);
    } catch (error) {
      throw new EdgecallError("invalid-json", `${where}: ${(error as Error).message}`, {
        subject: where,
        cause: error,
      });
    }
    if (ids.has(question.id))
      throw new EdgecallError("invalid-json", `${where}: duplicate id ${question.id}`, { subject: where });
    ids.add(question.id);
    const page = corpus.byUrl.get(normaliseUrl(question.url));
    if (page === undefined || !containsAnswer(page.text, [question.answer, ...question.aliases]))
      throw new EdgecallError(
        "invalid-json",
        `${where}: ${page === undefined ? `no page ${question.url} in the web corpus` : `the page ${question.url} does not state "${question.answer}"`} (regenerate the corpus and the questions)`,
        { subject: where },
      );
    questions.push(question);
  }
  return questions;
}

/** Reads and checks the questions file. */
export function readKnowledgeQuestions(
  path: string,
  corpus: WebCorpus,
): { text: string; questions: KnowledgeQuestion[] } {
  const text = readBoundedText(path, undefined, `assistant:knowledge data not found: ${path}`);
  return { text, questions: parseKnowledgeQuestions(text, path, corpus) };
}
