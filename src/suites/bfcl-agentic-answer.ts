/**
 * Answer discipline for the BFCL agentic suites, on top of BFCL's checker: BFCL accepts a reply
 * that contains an accepted answer anywhere, so "It is not Michael", "Michael or someone else" and
 * "maybe Michael, I'm not sure" pass its checker. edgecall asks for one committed answer: among
 * replies BFCL's checker accepts, one whose answer (the `answer` field of BFCL's answer format,
 * else the whole reply) denies the accepted answer, hedges, or offers another answer beside it
 * fails, named. The checker itself (src/bfcl/agentic/agentic-checker.ts) stays BFCL's, and its
 * own verdict is kept in the result's details.
 */
import { standardizeAnswer } from "../bfcl/agentic/agentic-checker.js";

/** Why a reply BFCL's checker accepts is not one committed answer. */
export interface AnswerProblem {
  errorType: "edgecall:denied-answer" | "edgecall:two-answers" | "edgecall:hedged-answer";
  why: string;
}

/** The `answer` field of BFCL's answer format (`{'answer': ..., 'context': ...}`), else the whole reply. */
export function answerField(reply: string): string {
  const match = /["']answer["']\s*:\s*(["'])([\s\S]*?)\1\s*[,}]/.exec(reply);
  return match?.[2] ?? reply;
}

const placeholder = "\u0000";
const negation =
  /\b(not|no|never|neither|nor|isnt|wasnt|arent|werent|dont|doesnt|didnt|cannot|cant)\s+(\S+\s+)?$/;
const hedge =
  /\b(maybe|perhaps|possibly|probably|likely|might|may be|could be|not sure|unsure|uncertain|i think|i believe|i guess|i suppose|or so)\b/;
const disjunction = /\b(or|either|alternatively)\b/g;
const filler = /\b(it|is|its|the|a|an|was|answer)\b/g;

/** Why `reply`, which contains one of `answers`, is not one committed answer; undefined when it is. */
export function answerProblem(reply: string, answers: readonly string[]): AnswerProblem | undefined {
  let text = ` ${standardizeAnswer(answerField(reply))} `;
  // Accepted answers stand as one token, so words inside them are not read as hedges or "or".
  const accepted = answers
    .map((answer) => standardizeAnswer(answer).trim())
    .filter((answer) => answer !== "")
    .sort((a, b) => b.length - a.length);
  for (const answer of accepted) text = text.split(answer).join(placeholder);
  if (!text.includes(placeholder)) return undefined;
  const before = text.slice(0, text.indexOf(placeholder)).replace(/["']/g, "");
  if (negation.test(before))
    return { errorType: "edgecall:denied-answer", why: "the answer denies the accepted answer it names" };
  const outside = text.split(placeholder).join(" ");
  if (hedge.test(outside))
    return { errorType: "edgecall:hedged-answer", why: "the answer hedges instead of committing to one" };
  const others = outside.replace(disjunction, "").replace(filler, "");
  if (outside.match(disjunction) !== null && /[\p{L}\p{N}]/u.test(others))
    return {
      errorType: "edgecall:two-answers",
      why: "the answer offers another answer beside the accepted one",
    };
  return undefined;
}
