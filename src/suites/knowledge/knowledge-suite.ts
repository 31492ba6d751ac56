/**
 * `assistant:knowledge`: factual questions whose answers are on pages of the offline web, half of
 * them made-up local facts no model can know (`local`: a Wrenfield bakery's hours, a colleague's
 * project, the corpus's own "about" pages), half common knowledge (`common`: capitals, chemistry,
 * history, geography, science), each stated on a page too. The agent solver runs each question
 * with `web_search` and `web_fetch` only; the knowledge scorer checks the answer and classifies the
 * trajectory as looked up or answered from memory, so "call tools for facts, not memory" becomes
 * a measured figure (the summary's `knowledgeLookup`). Data: data/suites/assistant/knowledge.jsonl
 * and the corpus's pages tagged `knowledge`, both from scripts/assistant-data/web-knowledge.ts.
 */
import { loadWebCorpus, normaliseUrl, type WebCorpus } from "../../assistant/web-corpus.js";
import { webTools } from "../../assistant/web-tools.js";
import { canonicalJson } from "../../canonical-json.js";
import type { Environment } from "../../eval/environment.js";
import { referenceBackend } from "../../eval/reference-backend.js";
import { defaultAgentSettings } from "../../eval/runner.js";
import { agentSolver } from "../../eval/solvers/agent-solver.js";
import type { ReferenceOutput, Sample, Suite } from "../../eval/suite.js";
import { sha256Hex } from "../../sha256.js";
import { ToolRegistry } from "../../tools/tool-registry.js";
import { assistantDataDirectory } from "../assistant-suite.js";
import { knowledgeCounterfeits } from "./knowledge-counterfeits.js";
import { knowledgeFigures } from "./knowledge-figures.js";
import { type KnowledgeQuestion, readKnowledgeQuestions } from "./knowledge-questions.js";
import { type KnowledgeFindings, type KnowledgeTarget, knowledgeScorer } from "./knowledge-scorer.js";

/** The suite's name. */
export const knowledgeSuiteName = "assistant:knowledge";

/** The system message: tools are offered, not demanded, so the lookup rate is the model's own. */
export const knowledgeSystemPrompt =
  "You are a helpful assistant. It is Monday, June 2, 2025. You can search the web with web_search and read a page " +
  "with web_fetch. Answer the user's question in one short sentence.";

/** The data file's path. */
export function knowledgeDataPath(): string {
  return `${assistantDataDirectory()}knowledge.jsonl`;
}

/** The gold trajectory: search, fetch the page when the snippet lacks the answer, answer. */
export function knowledgeReference(question: KnowledgeQuestion): ReferenceOutput[] {
  return [
    { calls: [{ name: "web_search", arguments: { query: question.query } }] },
    ...(question.fetch ? [{ calls: [{ name: "web_fetch", arguments: { url: question.url } }] }] : []),
    { text: `${question.answer} (source: ${question.url}).` },
  ];
}

/** A world of two read-only tools over the corpus: nothing changes, so its snapshot is empty. */
function webEnvironment(corpus: WebCorpus): () => Environment {
  const registry = new ToolRegistry();
  for (const tool of webTools(() => corpus)) registry.register(tool);
  return () => ({ registry, snapshot: () => ({}), hash: () => "static-web", close() {} });
}

function sampleOf(question: KnowledgeQuestion, corpus: WebCorpus): Sample<KnowledgeTarget> {
  const tools = webTools(() => corpus).map((tool) => tool.definition);
  return {
    id: question.id,
    suite: knowledgeSuiteName,
    category: question.category,
    messages: [
      { role: "system", content: knowledgeSystemPrompt },
      { role: "user", content: question.question },
    ],
    tools,
    target: {
      answers: [question.answer, ...question.aliases],
      half: question.category,
      topic: question.topic,
    },
    metadata: { topic: question.topic, url: question.url },
    reference: knowledgeReference(question),
    expected: { answer: question.answer, aliases: question.aliases, source: question.url },
  };
}

/** The local questions and the common ones taken in turn (the rest of the longer list at the end). */
function interleaved(questions: readonly KnowledgeQuestion[]): KnowledgeQuestion[] {
  const local = questions.filter((question) => question.category === "local");
  const common = questions.filter((question) => question.category === "common");
  return Array.from({ length: Math.max(local.length, common.length) }, (_, index) =>
    [local[index], common[index]].filter((question) => question !== undefined),
  ).flat();
}

function findingsOf(details: unknown): KnowledgeFindings | undefined {
  const found = (details as { knowledge?: KnowledgeFindings } | undefined)?.knowledge;
  return found !== undefined && typeof found === "object" ? found : undefined;
}

/** Builds the suite from `path` (default: the shipped data) over `corpus` (default: the shipped web). */
export function createKnowledgeSuite(
  path: string = knowledgeDataPath(),
  corpus: WebCorpus = loadWebCorpus(),
): Suite<KnowledgeTarget> {
  const { text, questions } = readKnowledgeQuestions(path, corpus);
  const pages = questions.map((question) => corpus.byUrl.get(normaliseUrl(question.url)));
  const version = `knowledge-v1+sha256:${sha256Hex(text + canonicalJson(pages)).slice(0, 16)}`;
  const byId = new Map(questions.map((question) => [question.id, question]));
  return {
    name: knowledgeSuiteName,
    version,
    categories: ["local", "common"],
    solver: agentSolver,
    figures: [knowledgeFigures],
    scorer: knowledgeScorer,
    environment: webEnvironment(corpus),
    // Local and common questions alternate, so `--limit N` keeps the halves even.
    samples: () => interleaved(questions).map((question) => sampleOf(question, corpus)),
    counterfeitsOf(sample) {
      const question = byId.get(sample.id);
      return question === undefined
        ? []
        : knowledgeCounterfeits(question, questions, knowledgeReference(question));
    },
    checkReference(result) {
      return findingsOf(result.scoreDetails)?.lookedUp === true
        ? undefined
        : "the gold trajectory did not look the answer up (no search or fetch result held it)";
    },
    async check(samples, runner) {
      const failures: { id: string; why: string }[] = [];
      // The gold query finds the answer page: first, or at least among the five results.
      let first = 0;
      for (const sample of samples) {
        const question = byId.get(sample.id);
        if (question === undefined) continue;
        const hits = corpus.index.search(question.query, 5).map((hit) => corpus.pages[hit.index]?.url ?? "");
        const rank = hits.map(normaliseUrl).indexOf(normaliseUrl(question.url));
        if (rank === 0) first += 1;
        else if (rank < 0)
          failures.push({
            id: sample.id,
            why: `the gold query "${question.query}" does not find ${question.url}`,
          });
      }
      // A model that knows every answer and never looks anything up: correct, and from memory.
      const oracle = referenceBackend(samples, (sample) => {
        const question = byId.get(sample.id);
        return question === undefined ? undefined : [{ text: `${question.answer}.` }];
      });
      const results = await runner.run(oracle, samples, defaultAgentSettings);
      let correct = 0;
      let lookedUp = 0;
      for (const result of results) {
        const findings = findingsOf(result.scoreDetails);
        if (findings?.correct === true) correct += 1;
        else
          failures.push({
            id: result.id,
            why: `the memory oracle's answer was not accepted: ${result.explanation}`,
          });
        if (findings?.lookedUp === true) {
          lookedUp += 1;
          failures.push({ id: result.id, why: "a reply without tool calls was classified as looked up" });
        }
      }
      return {
        report: {
          lookup: {
            goldQueryRanksFirst: first,
            memoryOracle: { samples: results.length, correct, lookedUp },
          },
        },
        failures,
      };
    },
  };
}
