/**
 * The answer discipline of `assistant:research` beyond exactness: a reply whose answer line names
 * the gold answer still fails when it does not stand by it or did not find it.
 *
 * - **questioned**: the answer line ends with "?";
 * - **two answers**: an earlier "Answer:" line names a different answer and nothing between the
 *   two takes it back ("Answer: 1972 / On second thought: / Final answer: 1973" is a correction,
 *   "Answer: 1972 / Answer: 1973" is two answers);
 * - **retracted**: a line after the last answer line retracts, hedges or doubts it ("Actually,
 *   ...", "Or ...", "but I'm not sure"), or the line just before it states doubt ("I could not
 *   verify this"); the rest of the explanation may describe the search freely;
 * - **ungrounded** ({@link shownAnswer}): no search or fetch result showed the answer (titles,
 *   snippets and page text; not the echoed query, not URLs).
 */
import type { TrajectoryEvent } from "../../eval/trajectory.js";
import {
  answerWords,
  findPhrase,
  hedgePhrases,
  retractionPhrases,
  uncertaintyPhrases,
} from "../../text/answer-hedges.js";
import { answerLines, normaliseAnswer } from "../../text/answer-match.js";
import { shownText } from "../shown-text.js";

/** Why `reply`, whose last answer is the gold one, does not commit to it; undefined when it does. */
export function researchCommitment(
  reply: string,
  gold: string,
  aliases: readonly string[],
): string | undefined {
  const { answers, after } = answerLines(reply);
  const last = answers.at(-1);
  if (last === undefined) {
    const line = reply.trim().split("\n").at(-1) ?? "";
    return /[?？]\s*$/u.test(line) ? "it only asks whether that is the answer" : undefined;
  }
  if (/[?？][\s*_]*$/u.test(last.answer)) return "it only asks whether that is the answer";
  const right = new Set([gold, ...aliases].map(normaliseAnswer));
  let retractedSince = false;
  for (let index = answers.length - 1; index >= 1; index--) {
    const between = answers[index]?.before ?? [];
    if (between.some((line) => findPhrase(answerWords(line), retractionPhrases) !== undefined))
      retractedSince = true;
    const earlier = answers[index - 1]?.answer ?? "";
    if (!retractedSince && !right.has(normaliseAnswer(earlier)))
      return `it also answers "${earlier}" and does not take that back`;
  }
  for (const line of after) {
    const words = answerWords(line);
    const found =
      findPhrase(words, retractionPhrases) ??
      findPhrase(words, hedgePhrases) ??
      findPhrase(words, uncertaintyPhrases);
    if (found !== undefined || ["or", "alternatively"].includes(words[0] ?? ""))
      return `it takes the answer back after giving it ("${line}")`;
  }
  const lead = last.before.at(-1);
  const doubt = lead === undefined ? undefined : findPhrase(answerWords(lead), uncertaintyPhrases);
  if (doubt !== undefined) return `it says it is unsure ("${doubt}")`;
  return undefined;
}

/** True when a successful tool result among `events` shows the gold answer or an alias, as whole words. */
export function shownAnswer(
  events: readonly Extract<TrajectoryEvent, { type: "tool" }>[],
  gold: string,
  aliases: readonly string[],
): boolean {
  const forms = [gold, ...aliases].map(normaliseAnswer).filter((form) => form !== "");
  return events.some((event) => {
    if (event.outcome?.ok !== true) return false;
    const shown = ` ${shownText(event.outcome.output).map(normaliseAnswer).join(" ")} `;
    return forms.some((form) => shown.includes(` ${form} `));
  });
}
