/**
 * The scorer of `assistant:research` (BrowseComp-Plus is the anchor): a sample passes when the
 * final reply's answer (its last "Answer: ..." line, else its last line) is the gold answer or one
 * of its aliases after normalisation (src/text/answer-match.ts), given once and kept
 * (research-commitment.ts: no question mark, no earlier different answer left standing, no
 * retraction or doubt after it or just before it), and a search or fetch result showed it (the
 * world is invented: an answer no page showed is a guess). The findings, recorded with every
 * result, are the figures BrowseComp-Plus reports beside accuracy: evidence recall (the share of
 * the chain's evidence pages the agent fetched), the search calls made, the fetches, the model
 * steps, and how many hard-negative pages it fetched.
 */
import { normaliseUrl } from "../../assistant/web-corpus.js";
import type { Score, Scorer } from "../../eval/suite.js";
import { replyEvents, toolEvents } from "../../eval/trajectory.js";
import { answerMatches, extractAnswer } from "../../text/answer-match.js";
import { researchCommitment, shownAnswer } from "./research-commitment.js";

/** What a research sample is scored against. */
export interface ResearchTarget {
  answer: string;
  aliases: string[];
  /** The evidence pages, in chain order. */
  evidence: string[];
  /** Pages that look relevant and are not. */
  negatives: string[];
  hops: number;
}

/** The scorer's findings (score details under `research`). */
export interface ResearchFindings {
  hops: number;
  /** The answer read from the final reply ("" when there was none). */
  answer: string;
  /** The verdict: the right answer, committed to and shown by a tool result. */
  correct: boolean;
  /** The answer read is the gold one (or an alias), committed or not. */
  answerMatches: boolean;
  /** Why a matching answer was not accepted; absent otherwise. */
  flaw?: string;
  evidence: number;
  evidenceFetched: number;
  /** evidenceFetched / evidence. */
  evidenceRecall: number;
  searches: number;
  fetches: number;
  steps: number;
  negativesFetched: number;
}

/** The scorer. */
export const researchScorer: Scorer<ResearchTarget> = {
  score(sample, transcript): Score {
    const target = sample.target;
    if (transcript.error !== undefined || transcript.trajectory === undefined)
      return {
        passed: false,
        score: 0,
        explanation: transcript.error?.message ?? "no trajectory",
        errorType: "harness",
      };
    const tools = toolEvents(transcript.trajectory).map(({ event }) => event);
    const searches = tools.filter((event) => event.call.name === "web_search").length;
    const fetched = new Set(
      tools
        .filter((event) => event.call.name === "web_fetch" && event.outcome?.ok === true)
        .map((event) => normaliseUrl(String(event.call.arguments.url ?? ""))),
    );
    const evidence = target.evidence.map(normaliseUrl);
    const evidenceFetched = evidence.filter((url) => fetched.has(url)).length;
    const negativesFetched = target.negatives.filter((url) => fetched.has(normaliseUrl(url))).length;
    const reply = replyEvents(transcript.trajectory).at(-1)?.text ?? "";
    const answer = reply === "" ? "" : extractAnswer(reply);
    const matches = answer !== "" && answerMatches(answer, target.answer, target.aliases);
    const flaw = !matches
      ? undefined
      : (researchCommitment(reply, target.answer, target.aliases) ??
        (shownAnswer(tools, target.answer, target.aliases)
          ? undefined
          : "no search or fetch result showed it (an answer from memory or a guess)"));
    const correct = matches && flaw === undefined;
    const research: ResearchFindings = {
      hops: target.hops,
      answer,
      correct,
      answerMatches: matches,
      ...(flaw === undefined ? {} : { flaw }),
      evidence: evidence.length,
      evidenceFetched,
      evidenceRecall: evidence.length === 0 ? 0 : evidenceFetched / evidence.length,
      searches,
      fetches: tools.filter((event) => event.call.name === "web_fetch").length,
      steps: transcript.trajectory.steps,
      negativesFetched,
    };
    const read = `read ${evidenceFetched}/${evidence.length} evidence pages in ${searches} searches`;
    if (correct)
      return { passed: true, score: 1, explanation: `answered "${answer}" (${read})`, details: { research } };
    return {
      passed: false,
      score: 0,
      explanation:
        answer === ""
          ? `no answer (expected "${target.answer}"; ${read})`
          : flaw !== undefined
            ? `answered "${answer}" but ${flaw} (${read})`
            : `answered "${answer}", expected "${target.answer}" (${read})`,
      errorType: answer === "" ? "no-answer" : "wrong-answer",
      details: { research },
    };
  },
};
