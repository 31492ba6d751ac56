/**
 * Counterfeits of the BFCL agentic suites (memory and web search; src/eval/counterfeit.ts): the
 * reference's lookup, then a final answer in BFCL's format that names the accepted answer and still
 * does not commit to it:
 * - `hedged-answer`: "it might be X, but I am not sure";
 * - `two-answers`: "either X or something else";
 * - `denied-answer`: "it is not X".
 * BFCL's checker accepts all three (it looks for the answer anywhere); the answer discipline of
 * src/suites/bfcl-agentic-answer.ts must fail them.
 */
import type { Counterfeit } from "../eval/counterfeit.js";
import type { ReferenceOutput } from "../eval/suite.js";

function answerFormat(answer: string): string {
  return `{'answer': '${answer}', 'context': 'Found with the tools.'}`;
}

/** A second answer none of `answers` is: the next number for a number, else "something else". */
function otherAnswer(answer: string, answers: readonly string[]): string {
  if (!/^-?\d+(\.\d+)?$/.test(answer.trim())) return "something else";
  const accepted = new Set(answers.map((entry) => entry.trim()));
  let other = Number(answer) + 1;
  while (accepted.has(String(other))) other += 1;
  return String(other);
}

/** The counterfeits of a sample whose reference looks up with `lookup`, answering the first of its accepted `answers`. */
export function agenticCounterfeits(lookup: ReferenceOutput, answers: readonly string[]): Counterfeit[] {
  const answer = answers[0];
  if (answer === undefined) return [];
  const other = otherAnswer(answer, answers);
  return [
    {
      kind: "hedged-answer",
      outputs: [lookup, { text: answerFormat(`It might be ${answer}, but I am not sure`) }],
      why: `hedges on ${answer} instead of committing to it`,
    },
    {
      kind: "two-answers",
      outputs: [lookup, { text: answerFormat(`Either ${answer} or ${other}`) }],
      why: `offers ${other} beside ${answer}`,
    },
    {
      kind: "denied-answer",
      outputs: [lookup, { text: answerFormat(`It is not ${answer}`) }],
      why: `denies ${answer}`,
    },
  ];
}
