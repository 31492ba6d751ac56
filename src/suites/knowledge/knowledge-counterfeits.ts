/**
 * Counterfeits of `assistant:knowledge` (see src/eval/counterfeit.ts): replies that look like the
 * gold one (the same lookups, an answer in one short sentence with its source) but do not commit
 * to the right answer. Derived from each question: its answer, its source page, and wrong answers
 * shaped like it (other questions' answers of the same form, "7:30" for "9:15", a name for a name;
 * else the answer's first number moved by one).
 */
import type { Counterfeit } from "../../eval/counterfeit.js";
import type { ReferenceOutput } from "../../eval/suite.js";
import { containsAnswer } from "../../text/answer-words.js";
import type { KnowledgeQuestion } from "./knowledge-questions.js";

/** The form of an answer: digits as 9, words as Aa or a, punctuation kept ("$45" → "$9"). */
function shapeOf(answer: string): string {
  return answer
    .replace(/\d+/g, "9")
    .replace(/\p{Lu}\p{L}*/gu, "Aa")
    .replace(/\p{Ll}+/gu, "a");
}

/** The answer with its first number moved by one, keeping its width ("0142" → "0143"). */
export function shiftedNumber(answer: string): string | undefined {
  const match = /\d+/.exec(answer);
  if (match === null) return undefined;
  const moved = String(Number(match[0]) + 1).padStart(match[0].length, "0");
  return answer.slice(0, match.index) + moved + answer.slice(match.index + match[0].length);
}

function forms(question: KnowledgeQuestion): string[] {
  return [question.answer, ...question.aliases];
}

/** Two wrong answers shaped like `question`'s, from `all` (or by moving its number). */
export function wrongAnswers(question: KnowledgeQuestion, all: readonly KnowledgeQuestion[]): string[] {
  const gold = forms(question);
  const distinct = (candidate: string) =>
    !containsAnswer(candidate, gold) && !gold.some((form) => containsAnswer(form, [candidate]));
  const start = Math.max(0, all.indexOf(question));
  const rotated = [...all.slice(start + 1), ...all.slice(0, start)];
  const sameShape = rotated.filter((other) => shapeOf(other.answer) === shapeOf(question.answer));
  const sameTopic = rotated.filter((other) => other.topic === question.topic);
  const shifted = shiftedNumber(question.answer);
  const twiceShifted = shifted === undefined ? undefined : shiftedNumber(shifted);
  const pool = [
    ...sameTopic.filter((other) => sameShape.includes(other)).map((other) => other.answer),
    ...[shifted, twiceShifted].filter((value) => value !== undefined),
    ...sameShape.map((other) => other.answer),
    ...sameTopic.map((other) => other.answer),
    ...rotated.map((other) => other.answer),
  ];
  return [...new Set(pool.filter(distinct))].slice(0, 2);
}

/** The counterfeits of one question, whose gold trajectory is `reference` (its lookups are kept). */
export function knowledgeCounterfeits(
  question: KnowledgeQuestion,
  all: readonly KnowledgeQuestion[],
  reference: readonly ReferenceOutput[],
): Counterfeit[] {
  const [wrong, other] = wrongAnswers(question, all);
  if (wrong === undefined || other === undefined) return [];
  const answer = question.answer;
  const source = `(source: ${question.url})`;
  const lookups = reference.filter((output) => "calls" in output);
  const reply = (text: string): ReferenceOutput[] => [...lookups, { text }];
  const make = (kind: string, text: string, why: string, looked = true): Counterfeit => ({
    kind,
    outputs: looked ? reply(text) : [{ text }],
    why,
  });
  const list: Counterfeit[] = [
    make(
      "denial",
      `It is not ${answer}; the answer is ${wrong} ${source}.`,
      `denies "${answer}" and answers "${wrong}"`,
    ),
    make("denial", `${answer} is wrong: it is ${wrong}.`, `calls "${answer}" wrong`),
    make("hedge", `It might be ${answer} ${source}.`, `only says it might be "${answer}"`),
    make("hedge", `Probably ${answer}, but I am not sure.`, "a guess, said to be one", false),
    make("two-answers", `${answer} or ${wrong} ${source}.`, `offers "${answer}" or "${wrong}"`),
    make("two-answers", `Either ${wrong} or ${answer}.`, "two answers, neither chosen"),
    make("candidate-list", `${wrong}, ${answer}, ${other}.`, "the answer among wrong candidates"),
    make("candidate-list", `Candidates:\n- ${wrong}\n- ${answer}\n- ${other}`, "a bullet list of candidates"),
    make(
      "retraction",
      `${answer}. Actually, no: it is ${wrong} ${source}.`,
      `gives "${answer}", then takes it back`,
    ),
    make("question", `Is it ${answer}?`, "asks instead of answering"),
    make("wrong-answer", `${wrong} ${source}.`, `a confident wrong answer, "${wrong}"`),
  ];
  if (/^\$?\d+$/.test(answer))
    list.push(
      make("near-number", `${answer}.5 ${source}.`, `"${answer}.5" is another number than "${answer}"`),
    );
  return list;
}
