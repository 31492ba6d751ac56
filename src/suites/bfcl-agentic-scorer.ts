/**
 * The scorer of the `bfcl:memory_*` and `bfcl:web_search_*` suites: BFCL's agentic checker on the
 * question's last reply that is not a function call (an entry force-quit by the step limit has
 * none: `agentic:no_last_message`). The details give the answer looked at, the accepted answers,
 * what the memory phase left, and why a figure is not comparable with BFCL where it is not.
 * A reply BFCL's checker accepts still fails when its answer denies, hedges or offers a second
 * answer (src/suites/bfcl-agentic-answer.ts); `details.bfclValid` keeps BFCL's own verdict.
 */
import { notComparableReason } from "../bfcl/agentic/agentic-categories.js";
import { checkAgenticAnswer } from "../bfcl/agentic/agentic-checker.js";
import { type AgenticTarget, isAgenticTarget } from "../bfcl/agentic/agentic-target.js";
import { decodeStep } from "../bfcl/multi-turn/multi-turn-steps.js";
import type { Score, Scorer } from "../eval/suite.js";
import { answerProblem } from "./bfcl-agentic-answer.js";
import { stepReply } from "./bfcl-turn-steps.js";

function cut(text: string): string {
  return text.length > 500 ? `${text.slice(0, 500)}… (${text.length} characters)` : text;
}

/** The agentic scorer. */
export const bfclAgenticScorer: Scorer<AgenticTarget> = {
  score(sample, transcript): Score {
    const target = sample.target;
    if (!isAgenticTarget(target))
      return { passed: false, explanation: "not a BFCL agentic sample", errorType: "harness" };
    const base = {
      possibleAnswers: target.answers,
      ...(notComparableReason(target.category) === undefined
        ? {}
        : { notComparable: notComparableReason(target.category) }),
      ...(transcript.solverDetails ?? {}),
    };
    if (transcript.error)
      return {
        passed: false,
        explanation: transcript.error.message,
        errorType: "agentic:inference_error",
        details: base,
      };
    const last = transcript.turns.at(-1);
    const reply = last === undefined ? undefined : stepReply(last);
    const calls = reply === undefined ? [] : decodeStep(reply, target.mode);
    if (reply === undefined || (calls !== undefined && calls.length > 0))
      return {
        passed: false,
        explanation: "no reply without a function call: the model never answered",
        errorType: "agentic:no_last_message",
        details: base,
      };
    const answer = target.mode === "fc" ? reply.text : (reply.rawText ?? reply.text);
    const verdict = checkAgenticAnswer(answer, target.answers);
    const details = { ...base, answer: cut(answer), bfclValid: verdict.valid };
    const problem = verdict.valid ? answerProblem(answer, target.answers) : undefined;
    if (problem !== undefined)
      return {
        passed: false,
        explanation: `${problem.errorType}: BFCL's checker accepts "${cut(answer)}" (it contains an accepted answer), but ${problem.why}`,
        errorType: problem.errorType,
        details,
      };
    if (verdict.valid)
      return {
        passed: true,
        explanation: `the answer contains one of ${JSON.stringify(target.answers)}`,
        details,
      };
    return {
      passed: false,
      explanation: `${verdict.errorType}: none of ${JSON.stringify(target.answers.slice(0, 4))} in "${cut(answer)}"`,
      errorType: verdict.errorType ?? "agentic:answer_not_found",
      details,
    };
  },
};
