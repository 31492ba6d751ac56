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

/** The counterfeits of a sample whose reference looks up with `lookup` and whose first accepted answer is `answer`. */
export function agenticCounterfeits(lookup: ReferenceOutput, answer: string): Counterfeit[] {
  const numeric = /^-?\d+(\.\d+)?$/.test(answer.trim());
  const other = numeric ? String(Number(answer) + 1) : "something else";
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
