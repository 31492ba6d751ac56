/**
 * Counterfeits of `assistant:research` (see src/eval/counterfeit.ts): replies after the gold
 * lookups, formatted like the gold reply, that do not commit to the right answer, or commit to it
 * without having looked. Wrong answers come from other questions of the same template (another
 * river for a river, another year for a year), else the answer's first number moved by one.
 */
import type { Counterfeit } from "../../eval/counterfeit.js";
import type { ReferenceOutput } from "../../eval/suite.js";
import { answerMatches } from "../../text/answer-match.js";

/** What a research question's counterfeits are made from. */
export interface ResearchCounterfeitSource {
  id: string;
  template: string;
  answer: string;
  aliases: string[];
  chain: { query: string; url: string }[];
}

function shifted(answer: string): string | undefined {
  const match = /\d+/.exec(answer);
  if (match === null) return undefined;
  return (
    answer.slice(0, match.index) + String(Number(match[0]) + 1) + answer.slice(match.index + match[0].length)
  );
}

/** Two wrong answers for `line`, shaped like its own. */
export function researchWrongAnswers(
  line: ResearchCounterfeitSource,
  all: readonly ResearchCounterfeitSource[],
): string[] {
  const start = Math.max(0, all.indexOf(line));
  const rotated = [...all.slice(start + 1), ...all.slice(0, start)];
  const once = shifted(line.answer);
  const pool = [
    ...rotated.filter((other) => other.template === line.template).map((other) => other.answer),
    ...[once, once === undefined ? undefined : shifted(once)].filter((value) => value !== undefined),
    ...rotated.map((other) => other.answer),
  ];
  const wrong = pool.filter((answer) => !answerMatches(answer, line.answer, line.aliases));
  return [...new Set(wrong)].slice(0, 2);
}

/** The counterfeits of one question. */
export function researchCounterfeits(
  line: ResearchCounterfeitSource,
  all: readonly ResearchCounterfeitSource[],
): Counterfeit[] {
  const [wrong, other] = researchWrongAnswers(line, all);
  if (wrong === undefined || other === undefined) return [];
  const answer = line.answer;
  const lookups: ReferenceOutput[] = line.chain.flatMap((hop): ReferenceOutput[] => [
    { calls: [{ name: "web_search", arguments: { query: hop.query } }] },
    { calls: [{ name: "web_fetch", arguments: { url: hop.url } }] },
  ]);
  const path = `Following the pages: ${line.chain.map((hop) => hop.url).join(" -> ")}.`;
  const make = (kind: string, text: string, why: string, looked = true): Counterfeit => ({
    kind,
    outputs: looked ? [...lookups, { text }] : [{ text }],
    why,
  });
  return [
    make(
      "no-lookup",
      `${path}\nAnswer: ${answer}`,
      "the right answer without a single search or fetch",
      false,
    ),
    make("wrong-answer", `${path}\nAnswer: ${wrong}`, `a confident wrong answer, "${wrong}"`),
    make("hedge", `${path}\nAnswer: probably ${answer}`, "a hedged answer line"),
    make(
      "hedge",
      `${path} The last page seems to say ${answer}, but I could not verify it.\nAnswer: ${answer}`,
      "an answer it says it could not verify",
    ),
    make("two-answers", `${path}\nAnswer: ${answer} or ${wrong}`, "two answers on one line"),
    make(
      "two-answers",
      `${path}\nAnswer: ${wrong}\nAnswer: ${answer}`,
      "two answer lines, neither withdrawn",
    ),
    make("denial", `${path}\nAnswer: not ${answer}`, `denies "${answer}"`),
    make("denial", `It is not ${answer}.\nAnswer: ${wrong}`, `denies "${answer}" and answers "${wrong}"`),
    make(
      "candidate-list",
      `${path}\nAnswer: ${wrong}, ${answer}, ${other}`,
      "the answer among wrong candidates",
    ),
    make("candidate-list", `${path}\nCandidates: ${wrong}, ${answer}, ${other}`, "candidates, no answer"),
    make(
      "retraction",
      `${path}\nAnswer: ${answer}\nActually, that page is about someone else; it is ${wrong}.`,
      "gives the answer, then takes it back",
    ),
    make("question", `${path}\nAnswer: ${answer}?`, "asks instead of answering"),
  ];
}
