/**
 * The BFCL v4 agentic suites: `bfcl:web_search_base`, `bfcl:web_search_no_snippet` (group
 * `bfcl:web_search`), `bfcl:memory_kv`, `bfcl:memory_vector`, `bfcl:memory_rec_sum` (group
 * `bfcl:memory`); all five are `bfcl:agentic`. Run by the `bfcl-agentic` solver and judged by
 * BFCL's agentic checker. Web search (offline corpus) and the vector memory (BM25+) are marked
 * not comparable with BFCL in every result. `suite check`'s reference solution reads the memory
 * (or searches) once and answers with the first accepted answer in BFCL's answer format; the
 * prerequisite conversations are not part of it (their replies are empty), so the check proves the
 * scorer and the loop, not that a perfect memory would hold every answer. Its counterfeits
 * (src/suites/bfcl-agentic-counterfeits.ts) answer with hedges, two answers and denials.
 */
import {
  type AgenticCategory,
  agenticCategories,
  memoryBackendOf,
  notComparableReason,
} from "../bfcl/agentic/agentic-categories.js";
import { agenticDatasetFor } from "../bfcl/agentic/agentic-dataset.js";
import { memoryScenarios } from "../bfcl/agentic/agentic-prompts.js";
import type { AgenticTarget } from "../bfcl/agentic/agentic-target.js";
import { memoryClassName } from "../bfcl/agentic/memory-backend.js";
import { classFunctionDocs } from "../bfcl/multi-turn/multi-turn-functions.js";
import { bfclToolDefinitions } from "../bfcl/tool-schema.js";
import type { ReferenceOutput, Sample, Suite } from "../eval/suite.js";
import { agenticCounterfeits } from "./bfcl-agentic-counterfeits.js";
import { bfclAgenticScorer } from "./bfcl-agentic-scorer.js";
import { bfclAgenticSolver } from "./bfcl-agentic-solver.js";
import { bfclFigures } from "./bfcl-figures.js";
import type { BfclSuiteOptions } from "./bfcl-options.js";
import { bfclDataVersion } from "./bfcl-questions.js";

/** The agentic suite names. */
export const agenticSuiteNames: readonly string[] = agenticCategories.map((category) => `bfcl:${category}`);

/** The agentic groups. */
export const agenticGroups: Readonly<Record<string, readonly string[]>> = {
  "bfcl:web_search": ["bfcl:web_search_base", "bfcl:web_search_no_snippet"],
  "bfcl:memory": ["bfcl:memory_kv", "bfcl:memory_vector", "bfcl:memory_rec_sum"],
  "bfcl:agentic": agenticSuiteNames,
};

function dataFiles(category: AgenticCategory): string[] {
  const backend = memoryBackendOf(category);
  if (backend === undefined)
    return [
      "BFCL_v4_web_search.json",
      "possible_answer/BFCL_v4_web_search.json",
      "multi_turn_func_doc/web_search.json",
    ];
  return [
    "BFCL_v4_memory.json",
    "possible_answer/BFCL_v4_memory.json",
    `multi_turn_func_doc/memory_${backend}.json`,
    ...memoryScenarios.map((scenario) => `memory_prereq_conversation/memory_${scenario}.json`),
  ];
}

function suiteVersion(directory: string, category: AgenticCategory): string {
  return bfclDataVersion(directory, dataFiles(category));
}

/** The call the reference solution reads memory (or searches) with. */
function lookupCall(category: AgenticCategory, question: string): ReferenceOutput {
  const backend = memoryBackendOf(category);
  if (backend === "rec_sum") return { calls: [{ name: "memory_retrieve", arguments: {} }] };
  if (backend !== undefined)
    return { calls: [{ name: "archival_memory_key_search", arguments: { query: question } }] };
  return { calls: [{ name: "search_engine_query", arguments: { keywords: question } }] };
}

/** The suite of one agentic category over the data folder `bfclDir`, in `mode` (default `fc`). */
export function createBfclAgenticSuite(
  category: AgenticCategory,
  options: BfclSuiteOptions,
): Suite<AgenticTarget> {
  const { bfclDir: directory, mode = "fc" } = options;
  const name = `bfcl:${category}`;
  const backend = memoryBackendOf(category);
  const docs = classFunctionDocs(
    directory,
    backend === undefined ? "WebSearchAPI" : memoryClassName(backend),
  );
  const notComparable = notComparableReason(category);
  const lookupOf = (sample: Sample<AgenticTarget>): ReferenceOutput => {
    const question = sample.messages.find((message) => message.role === "user")?.content ?? "";
    return lookupCall(category, question.slice(0, 200));
  };
  return {
    name,
    version: suiteVersion(directory, category),
    categories: [category],
    solver: bfclAgenticSolver,
    figures: [bfclFigures],
    settings: { mode },
    scorer: bfclAgenticScorer,
    referenceOf(sample) {
      const answer = sample.target.answers[0];
      if (answer === undefined) return undefined;
      return [lookupOf(sample), { text: `{'answer': '${answer}', 'context': 'Found with the tools.'}` }];
    },
    counterfeitsOf(sample) {
      return agenticCounterfeits(lookupOf(sample), sample.target.answers);
    },
    samples(): Sample<AgenticTarget>[] {
      const tools = mode === "fc" ? bfclToolDefinitions(docs, { category: "multiple" }) : [];
      return agenticDatasetFor(directory)
        .entries(category)
        .map((entry) => ({
          id: entry.id,
          suite: name,
          category,
          messages: entry.messages.map((message) => ({ ...message })),
          tools,
          target: {
            kind: "bfcl-agentic",
            bfclDir: directory,
            id: entry.id,
            category,
            mode,
            ...(entry.scenario === undefined ? {} : { scenario: entry.scenario }),
            answers: entry.answers,
          },
          metadata: {
            ...(entry.scenario === undefined ? {} : { scenario: entry.scenario }),
            ...(notComparable === undefined ? {} : { notComparable }),
          },
          expected: entry.answers,
          ...(mode === "prompt" ? { outputFormat: "bfcl-prompt" } : {}),
        }));
    },
  };
}
