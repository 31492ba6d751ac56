/**
 * The scorer of `assistant:knowledge`. A sample passes when the final reply commits to the answer
 * (answer-commitment.ts): it names the answer or an alias (the normalised match of
 * answer-match.ts) and does not deny it, offer alternatives, list it among candidates, hedge,
 * state uncertainty or take it back. Whatever the verdict,
 * the trajectory is classified: "looked it up" when a `web_search` or `web_fetch` call ran and its
 * result (the titles, snippets and page text it returned, not the echoed query or the URLs) holds
 * the answer; "answered from memory" otherwise (no lookup, or lookups that never showed the
 * answer). The details carry both, for the lookup figures of the summary.
 */
import type { Score, Scorer, Transcript } from "../../eval/suite.js";
import type { TrajectoryEvent } from "../../eval/trajectory.js";
import { answerCommitment, type CommitmentFlaw } from "../../text/answer-commitment.js";
import { containsAnswer } from "../../text/answer-words.js";
import { shownText } from "../shown-text.js";

/** What a knowledge sample is scored against. */
export interface KnowledgeTarget {
  /** The answer and its accepted aliases. */
  answers: string[];
  half: "local" | "common";
  topic: string;
}

/** The lookup tools. */
export const lookupTools: readonly string[] = ["web_search", "web_fetch"];

/** The scorer's findings, under `details.knowledge`. */
export interface KnowledgeFindings {
  half: "local" | "common";
  topic: string;
  /** The reply commits to the answer: the verdict. */
  correct: boolean;
  /** The reply names the answer somewhere (committed or not). */
  holdsAnswer: boolean;
  /** Why a reply that names the answer does not commit to it; absent when it does or never names it. */
  flaw?: CommitmentFlaw;
  lookedUp: boolean;
  /** The tool and step of the first result that held the answer; null when none did. */
  evidence: { tool: string; step: number } | null;
  searches: number;
  fetches: number;
}

/** The first lookup event whose result holds one of `answers`. */
export function lookupEvidence(
  events: readonly TrajectoryEvent[],
  answers: readonly string[],
): { tool: string; step: number } | null {
  for (const event of events) {
    if (event.type !== "tool" || !lookupTools.includes(event.call.name) || event.outcome?.ok !== true)
      continue;
    if (containsAnswer(shownText(event.outcome.output).join("\n"), answers))
      return { tool: event.call.name, step: event.step };
  }
  return null;
}

function finalReply(transcript: Transcript): string {
  const events = transcript.trajectory?.events ?? [];
  const last = events.findLast((event) => event.type === "model");
  return last?.type === "model" ? last.content : "";
}

/** Scores one transcript. */
export function scoreKnowledge(target: KnowledgeTarget, transcript: Transcript): Score {
  if (transcript.error !== undefined)
    return { passed: false, score: 0, explanation: transcript.error.message, errorType: "harness" };
  const events = transcript.trajectory?.events ?? [];
  const reply = finalReply(transcript);
  const commitment = answerCommitment(reply, target.answers);
  const correct = commitment.committed;
  const flaw = commitment.committed || commitment.flaw === "absent" ? undefined : commitment;
  const evidence = lookupEvidence(events, target.answers);
  const calls = events.filter((event) => event.type === "tool");
  const findings: KnowledgeFindings = {
    half: target.half,
    topic: target.topic,
    correct,
    holdsAnswer: containsAnswer(reply, target.answers),
    ...(flaw === undefined ? {} : { flaw: flaw.flaw }),
    lookedUp: evidence !== null,
    evidence,
    searches: calls.filter((event) => event.type === "tool" && event.call.name === "web_search").length,
    fetches: calls.filter((event) => event.type === "tool" && event.call.name === "web_fetch").length,
  };
  const how = evidence === null ? "answered from memory" : `looked it up (${evidence.tool})`;
  const details = { knowledge: findings };
  if (correct) return { passed: true, score: 1, explanation: `correct; ${how}`, details };
  return {
    passed: false,
    score: 0,
    explanation: `${
      reply.trim() === ""
        ? "no answer"
        : flaw === undefined
          ? `the reply lacks "${target.answers[0]}"`
          : `the reply names "${target.answers[0]}" but does not commit to it: ${flaw.why}`
    }; ${how}`,
    errorType: reply.trim() === "" ? "no-answer" : "wrong-answer",
    details,
  };
}

/** The scorer. */
export const knowledgeScorer: Scorer<KnowledgeTarget> = {
  score: (sample, transcript) => scoreKnowledge(sample.target, transcript),
};
