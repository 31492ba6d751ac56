/**
 * The agentic entries of the BFCL v4 data folder, named as BFCL's harness names them:
 * `BFCL_v4_memory.json` questions become `memory_kv_0-customer-0` (and `_vector_`, `_rec_sum_`),
 * each scenario's prerequisite conversations (`memory_prereq_conversation/memory_<scenario>.json`,
 * run in file order before the questions, each starting from the memory the previous one left),
 * and `BFCL_v4_web_search.json` questions become `web_search_base_N` and `web_search_no_snippet_N`.
 * Ground truths are the answers in `possible_answer/`.
 */
import { join } from "node:path";
import { EdgecallError } from "../../errors.js";
import { readJsonlFile } from "../../text/jsonl-file.js";
import { type AgenticCategory, memoryBackendOf } from "./agentic-categories.js";
import { type MemoryScenario, memoryScenarios } from "./agentic-prompts.js";

/** A message of a BFCL question. */
export interface AgenticMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** One question (a single turn the model may answer in several steps). */
export interface AgenticEntry {
  id: string;
  category: AgenticCategory;
  /** The turn's messages (BFCL questions have one turn). */
  messages: AgenticMessage[];
  /** Memory categories only. */
  scenario?: MemoryScenario;
  /** Accepted answers (any one, as a word sequence of the final reply). */
  answers: string[];
}

/** One prerequisite conversation of a memory scenario. */
export interface PrerequisiteConversation {
  id: string;
  scenario: MemoryScenario;
  /** Turns of user messages. */
  turns: AgenticMessage[][];
}

function readJsonLines(path: string): Array<Record<string, unknown>> {
  return readJsonlFile(path).map(({ where, value }) => {
    if (typeof value !== "object" || value === null || Array.isArray(value))
      throw new EdgecallError("invalid-json", `${where}: not an object`, { subject: where });
    return value as Record<string, unknown>;
  });
}

function messagesOf(value: unknown, where: string): AgenticMessage[][] {
  if (!Array.isArray(value))
    throw new EdgecallError("invalid-argument", `${where}: "question" is not a list of turns`, {
      subject: where,
    });
  return value.map((turn, index) => {
    if (!Array.isArray(turn))
      throw new EdgecallError("invalid-argument", `${where}: turn ${index} is not a list of messages`, {
        subject: where,
      });
    return turn.map((message) => {
      const { role, content } = (message ?? {}) as { role?: unknown; content?: unknown };
      if ((role !== "user" && role !== "system" && role !== "assistant") || typeof content !== "string")
        throw new EdgecallError(
          "invalid-argument",
          `${where}: turn ${index} has a message without role and content`,
          {
            subject: where,
          },
        );
      return { role, content };
    });
  });
}

function isScenario(value: unknown): value is MemoryScenario {
  return typeof value === "string" && (memoryScenarios as readonly string[]).includes(value);
}

/** The agentic entries of one data folder, read on first use. */
export class AgenticDataset {
  private answers: Map<string, string[]> | undefined;
  private memoryQuestions: Array<Record<string, unknown>> | undefined;
  private webQuestions: Array<Record<string, unknown>> | undefined;
  private readonly prerequisites = new Map<MemoryScenario, PrerequisiteConversation[]>();

  constructor(readonly directory: string) {}

  private answersById(): Map<string, string[]> {
    if (this.answers === undefined) {
      this.answers = new Map();
      for (const file of ["BFCL_v4_memory.json", "BFCL_v4_web_search.json"]) {
        for (const line of readJsonLines(join(this.directory, "possible_answer", file))) {
          const answers = Array.isArray(line.ground_truth) ? line.ground_truth.map(String) : [];
          this.answers.set(String(line.id), answers);
        }
      }
    }
    return this.answers;
  }

  /** The questions of `category`, in BFCL's order. */
  entries(category: AgenticCategory): AgenticEntry[] {
    const answers = this.answersById();
    const backend = memoryBackendOf(category);
    if (backend !== undefined) {
      this.memoryQuestions ??= readJsonLines(join(this.directory, "BFCL_v4_memory.json"));
      return this.memoryQuestions.map((line) => {
        const original = String(line.id);
        const where = `BFCL_v4_memory.json ${original}`;
        if (!isScenario(line.scenario))
          throw new EdgecallError("invalid-argument", `${where}: unknown scenario ${String(line.scenario)}`, {
            subject: where,
          });
        return {
          id: original.replace("memory", category),
          category,
          messages: messagesOf(line.question, where)[0] ?? [],
          scenario: line.scenario,
          answers: answers.get(original) ?? [],
        };
      });
    }
    this.webQuestions ??= readJsonLines(join(this.directory, "BFCL_v4_web_search.json"));
    return this.webQuestions.map((line) => {
      const original = String(line.id);
      return {
        id: original.replace("web_search", category),
        category,
        messages: messagesOf(line.question, `BFCL_v4_web_search.json ${original}`)[0] ?? [],
        answers: answers.get(original) ?? [],
      };
    });
  }

  /** The prerequisite conversations of a scenario, in the order BFCL runs them. */
  prerequisitesOf(scenario: MemoryScenario): PrerequisiteConversation[] {
    let found = this.prerequisites.get(scenario);
    if (found === undefined) {
      const file = join(this.directory, "memory_prereq_conversation", `memory_${scenario}.json`);
      found = readJsonLines(file).map((line) => ({
        id: String(line.id),
        scenario,
        turns: messagesOf(line.question, `${file} ${String(line.id)}`),
      }));
      this.prerequisites.set(scenario, found);
    }
    return found;
  }
}

const datasets = new Map<string, AgenticDataset>();

/** The agentic dataset of a data folder, shared by one process. */
export function agenticDatasetFor(directory: string): AgenticDataset {
  let dataset = datasets.get(directory);
  if (dataset === undefined) {
    dataset = new AgenticDataset(directory);
    datasets.set(directory, dataset);
  }
  return dataset;
}
