/**
 * `assistant:research`: multi-step research over the offline web (BrowseComp-Plus is the anchor:
 * a fixed corpus, verified evidence pages, search and fetch tools). Each question needs two to
 * four hops across pages (a company's page names its founder, the founder's page their
 * birthplace, the birthplace's page its river); the agent runs with `web_search` and `web_fetch`
 * only and must end with an "Answer: ..." line. Categories are the hop counts. Data:
 * data/suites/research/questions.jsonl and the research pages of data/assistant/web/pages.json,
 * both from one seeded world (scripts/generate-research-questions.ts,
 * scripts/generate-web-corpus.ts). The reference solution is the chain itself: each hop's search,
 * the fetch of the page it finds, then the answer.
 */
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { EdgecallError } from "../../errors.js";
import { agentSolver } from "../../eval/solvers/agent-solver.js";
import type { ReferenceOutput, Sample, Suite } from "../../eval/suite.js";
import { sha256Hex } from "../../sha256.js";
import { readBoundedText } from "../../text/jsonl-file.js";
import { parseJsonl } from "../../text/jsonl-lines.js";
import { checkResearch } from "./research-check.js";
import { researchCounterfeits } from "./research-counterfeits.js";
import { researchEnvironment, researchRegistry } from "./research-environment.js";
import { researchFigures } from "./research-lines.js";
import { type ResearchTarget, researchScorer } from "./research-scorer.js";

/** The suite's name. */
export const researchSuiteName = "assistant:research";
/** The least model calls per question: twice the longest gold trajectory and more, room for searches that miss. */
export const researchMaxSteps = 24;
/** Categories: the hop counts. */
export const researchCategories = ["2-hop", "3-hop", "4-hop"] as const;

/** The system message of every question. */
export const researchSystemPrompt =
  "You are a research assistant with a search engine over a fixed offline web. Answer the user's question " +
  "from the pages, not from memory: search with web_search, read pages with web_fetch, and follow what one " +
  "page says to the next. Several pages may look relevant; check that a page is about the right person, " +
  "place or year. When you know the answer, reply with a short explanation and a last line " +
  '"Answer: <the answer>".';

const hopSchema = z.object({ query: z.string().min(1), url: z.string().min(1) });
const lineSchema = z.object({
  id: z.string().min(1),
  hops: z.number().int().min(2).max(4),
  template: z.string().min(1),
  question: z.string().min(1),
  answer: z.string().min(1),
  aliases: z.array(z.string()),
  evidence: z.array(z.string().min(1)).min(2),
  chain: z.array(hopSchema).min(2),
  negatives: z.array(z.string()),
});

/** One question as stored. */
export type ResearchQuestionLine = z.infer<typeof lineSchema>;

function dataPath(): string {
  return fileURLToPath(new URL("../../../data/suites/research/questions.jsonl", import.meta.url));
}

/** The gold trajectory: search, fetch the page found, hop by hop, then the answer. */
export function researchReference(line: ResearchQuestionLine): ReferenceOutput[] {
  return [
    ...line.chain.flatMap((hop): ReferenceOutput[] => [
      { calls: [{ name: "web_search", arguments: { query: hop.query } }] },
      { calls: [{ name: "web_fetch", arguments: { url: hop.url } }] },
    ]),
    {
      text: `Following the pages: ${line.chain.map((hop) => hop.url).join(" -> ")}.\nAnswer: ${line.answer}`,
    },
  ];
}

function parseLine(value: unknown, where: string): ResearchQuestionLine {
  let parsed: ResearchQuestionLine;
  try {
    parsed = lineSchema.parse(value);
  } catch (error) {
    throw new EdgecallError("invalid-json", `${where}: ${(error as Error).message}`, {
      subject: where,
      cause: error,
    });
  }
  const chainUrls = parsed.chain.map((hop) => hop.url);
  if (parsed.hops !== parsed.chain.length || chainUrls.join("\n") !== parsed.evidence.join("\n"))
    throw new EdgecallError("invalid-json", `${where}: hops, chain and evidence disagree`, {
      subject: where,
    });
  return parsed;
}

/** The `assistant:research` suite over `path` (default: the shipped questions). */
export function createResearchSuite(path = dataPath()): Suite<ResearchTarget> {
  const text = readBoundedText(path);
  const tools = researchRegistry().definitions();
  const lines = parseJsonl(text, path).map(({ value, where }) => parseLine(value, where));
  const byId = new Map(lines.map((line) => [line.id, line]));
  const samples: Sample<ResearchTarget>[] = lines.map((question) => {
    return {
      id: question.id,
      suite: researchSuiteName,
      category: `${question.hops}-hop`,
      messages: [
        { role: "system", content: researchSystemPrompt },
        { role: "user", content: question.question },
      ],
      tools,
      target: {
        answer: question.answer,
        aliases: question.aliases,
        evidence: question.evidence,
        negatives: question.negatives,
        hops: question.hops,
      },
      metadata: { hops: question.hops, template: question.template },
      expected: { answer: question.answer, evidence: question.evidence },
      reference: researchReference(question),
      maxSteps: researchMaxSteps,
    };
  });
  return {
    name: researchSuiteName,
    version: `research-v1+sha256:${sha256Hex(text).slice(0, 16)}`,
    categories: researchCategories,
    solver: agentSolver,
    figures: [researchFigures],
    environment: researchEnvironment(),
    scorer: researchScorer,
    samples: () => samples,
    nullMayPass: () => false,
    counterfeitsOf(sample) {
      const line = byId.get(sample.id);
      return line === undefined ? [] : researchCounterfeits(line, lines);
    },
    check: (chosen, runner) => checkResearch(chosen, runner),
  };
}
