/**
 * Asking a judge model for a one-word verdict, the way every judged suite does it: its rubric as
 * the system message, the case as the user message, greedy, 16 tokens, under the sample's id with
 * `#judge` (so replay scripts and caches tell the judge's calls apart). The verdict is the first
 * of the allowed words the answer holds, upper-cased; none: the caller falls back to its own check.
 */
import type { ModelBackend } from "../backend/model-backend.js";
import { summariseParts } from "../messages.js";

/** What to ask the judge. */
export interface JudgeQuestion<Word extends string> {
  sampleId: string;
  rubric: string;
  prompt: string;
  /** The verdict words the rubric allows, upper case. */
  words: readonly Word[];
  signal?: AbortSignal;
}

/** The judge's answer as written, and the verdict word in it (undefined when it holds none). */
export interface JudgeAnswer<Word extends string> {
  answer: string;
  word: Word | undefined;
}

/** Asks `judge` the question; never throws for what the judge writes. */
export async function askJudge<Word extends string>(
  judge: ModelBackend,
  question: JudgeQuestion<Word>,
): Promise<JudgeAnswer<Word>> {
  const result = await judge.generate(
    {
      messages: [
        { role: "system", content: question.rubric },
        { role: "user", content: question.prompt },
      ],
      maxTokens: 16,
      sampling: { temperature: 0 },
      sampleId: `${question.sampleId}#judge`,
    },
    question.signal === undefined ? {} : { signal: question.signal },
  );
  const answer = summariseParts(result.parts).content.trim();
  const found = answer.match(new RegExp(`\\b(${question.words.join("|")})\\b`, "i"))?.[1]?.toUpperCase();
  return { answer, word: question.words.find((word) => word === found) };
}
