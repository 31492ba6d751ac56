/**
 * `--judge-model SPEC` for traces: does a model's text reply say what the recorded reply said?
 * The judge is shown the user's last message, the tool results since it, the recorded reply and
 * the model's reply, with the written rubric below, and asked for one word: SAME or DIFFERENT.
 * An answer without one of them falls back to the check without a judge (trace-text-turn.ts),
 * and the verdict says which decided.
 */
import type { ModelBackend } from "../../backend/model-backend.js";
import type { Score } from "../../eval/suite.js";
import type { ChatMessage } from "../../messages.js";
import { askJudge } from "../judge-verdict.js";
import { scoreTextTurn, type TextTurnSample } from "./trace-text-turn.js";

/** The judge's rubric (its system message). */
export const traceJudgeRubric = [
  "You compare an assistant's reply with the reply recorded for the same moment of a conversation.",
  "You are shown the user's last message, the tool results the assistant had, the recorded reply and the new reply.",
  "SAME: the new reply gives the same answer or information as the recorded one (wording, order and extra",
  "politeness may differ; a figure may be written another way if it is the same value), does not hedge or",
  "decline where the recorded reply answered, and claims no action (sent, booked, deleted...) that the tool",
  "results do not show.",
  "DIFFERENT: anything else: a wrong, missing or contradicting fact, a bare acknowledgement, a refusal or hedge,",
  "a question where the recorded reply answered, or an action claimed that did not happen.",
  "Answer with exactly one word: SAME or DIFFERENT.",
].join("\n");

const maxShown = 4000;

function clip(text: string): string {
  return text.length > maxShown ? `${text.slice(0, maxShown)}...` : text;
}

/** The judge's user message for `reply` to the text turn `sample`. */
export function traceJudgePrompt(sample: TextTurnSample, reply: string): string {
  const messages: readonly ChatMessage[] = sample.messages;
  const last = messages.map((message) => message.role).lastIndexOf("user");
  const request = last < 0 ? "(none)" : messages[last]?.content || "(empty)";
  const results = messages
    .slice(last + 1)
    .filter((message) => message.role === "tool")
    .map((message) => message.content);
  return [
    `User's last message:\n${clip(request)}`,
    `Tool results since then:\n${results.length === 0 ? "(none)" : clip(results.join("\n"))}`,
    `Recorded reply:\n${clip(sample.target.text ?? "") || "(nothing)"}`,
    `New reply:\n${clip(reply) || "(nothing)"}`,
    "Verdict (SAME or DIFFERENT):",
  ].join("\n\n");
}

/**
 * Judges `reply` (a reply with no call, not empty) to the text turn `sample`; falls back to the
 * check without a judge when the answer holds no verdict word.
 */
export async function judgeTextTurn(
  judge: ModelBackend,
  sampleId: string,
  sample: TextTurnSample,
  reply: string,
  signal?: AbortSignal,
): Promise<Score> {
  const { answer, word } = await askJudge(judge, {
    sampleId,
    rubric: traceJudgeRubric,
    prompt: traceJudgePrompt(sample, reply),
    words: ["SAME", "DIFFERENT"],
    ...(signal === undefined ? {} : { signal }),
  });
  if (word === undefined) {
    const fallback = scoreTextTurn(sample, reply);
    return {
      ...fallback,
      explanation: `${fallback.explanation} (the judge gave no verdict: "${answer.slice(0, 60)}")`,
      details: { method: "text-check", judgeAnswer: answer },
    };
  }
  return word === "SAME"
    ? {
        passed: true,
        explanation: "answered in text with no call; the judge found it says what the trace's reply said",
        details: { method: "judge", judgeAnswer: answer },
      }
    : {
        passed: false,
        explanation: "the judge found the reply differs from the trace's reply",
        errorType: "text:judged-different",
        details: { method: "judge", judgeAnswer: answer },
      };
}
