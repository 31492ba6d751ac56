/**
 * The assistant suites: single-turn requests over the personal-assistant tools, with targets in
 * BFCL's possible-answer style (`[{"tool": {"param": [accepted values, "" when optional]}}]`),
 * scored with BFCL's AST checker. `assistant:single` holds one-call requests (`simple`), a choice
 * between similar tools (`multiple`) and several calls at once (`parallel`); `assistant:irrelevance`
 * holds requests no offered tool fits, which pass only when the model makes no call (and attempts
 * none: an unparsable call fails too). Data: data/suites/assistant/{single,irrelevance}.jsonl; tool
 * schemas come from the assistant registry (built without a world, nothing runs).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createAssistantRegistry } from "../assistant/assistant-registry.js";
import type { BfclCategory } from "../bfcl/categories.js";
import { bfclEntryFromJson } from "../bfcl/dataset.js";
import { judgeBfclEntry } from "../bfcl/entry-verdict.js";
import { parseLosslessJson } from "../bfcl/lossless-json.js";
import { dictGet, type PyValue } from "../bfcl/py-value.js";
import { pyValueFromPlain } from "../bfcl/results-file.js";
import { canonicalJson } from "../canonical-json.js";
import { EdgecallError } from "../errors.js";
import type { Sample, Score, Scorer, Suite, Transcript } from "../eval/suite.js";
import { type ChatMessage, summariseParts, type ToolDefinition } from "../messages.js";
import { sha256Hex } from "../sha256.js";
import { pyToPlain } from "./bfcl-scorer.js";
import { declineText, referenceFromEntry } from "./reference-calls.js";
import { schemaFunctionDoc } from "./schema-function-doc.js";

/** The assistant suite names. */
export type AssistantSuiteName = "assistant:single" | "assistant:irrelevance";

/** Categories of the assistant samples. */
export type AssistantCategory = "simple" | "multiple" | "parallel" | "irrelevance";

/** What an assistant sample is scored against. */
export interface AssistantTarget {
  /** The possible answers (a Python value, read losslessly); absent for irrelevance. */
  groundTruth: PyValue | undefined;
}

const dataFiles: Record<AssistantSuiteName, string> = {
  "assistant:single": "single.jsonl",
  "assistant:irrelevance": "irrelevance.jsonl",
};

const suiteCategories: Record<AssistantSuiteName, AssistantCategory[]> = {
  "assistant:single": ["simple", "multiple", "parallel"],
  "assistant:irrelevance": ["irrelevance"],
};

/** The checker rules each category is judged by (BFCL category names pick the rule). */
const checkerCategory: Record<AssistantCategory, BfclCategory> = {
  simple: "multiple",
  multiple: "multiple",
  parallel: "parallel_multiple",
  irrelevance: "irrelevance",
};

/** The system message every sample starts with: who the user is and what time it is. */
export const assistantSystemPrompt =
  "You are the personal assistant on Alex Morgan's phone (alex.morgan@example.com). It is Monday, June 2, 2025, " +
  "08:30 in America/New_York. Use the tools when they can do what the user asks; if none of them can, say so " +
  "briefly instead of calling a tool.";

/** The folder holding the suite data (works from src/ and from dist/). */
export function assistantDataDirectory(): string {
  return fileURLToPath(new URL("../../data/suites/assistant/", import.meta.url));
}

interface RawSample {
  id: string;
  category: AssistantCategory;
  question: string;
  tools: string[];
  groundTruth: PyValue | undefined;
}

function readSamples(path: string): RawSample[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new EdgecallError("file-not-found", `assistant suite data not found: ${path}`, {
      subject: path,
      cause: error,
    });
  }
  const samples: RawSample[] = [];
  text.split("\n").forEach((line, index) => {
    if (line.trim() === "") return;
    const where = `${path}:${index + 1}`;
    const plain = JSON.parse(line) as {
      id?: unknown;
      category?: unknown;
      question?: unknown;
      tools?: unknown;
    };
    const category = plain.category as AssistantCategory;
    if (
      typeof plain.id !== "string" ||
      typeof plain.question !== "string" ||
      !Array.isArray(plain.tools) ||
      !(category in checkerCategory)
    )
      throw new EdgecallError(
        "invalid-json",
        `${where}: expected {id, category, question, tools, ground_truth}`,
        { subject: where },
      );
    const lossless = parseLosslessJson(line);
    const groundTruth = lossless.kind === "dict" ? dictGet(lossless, "ground_truth") : undefined;
    samples.push({
      id: plain.id,
      category,
      question: plain.question,
      tools: plain.tools.map(String),
      groundTruth,
    });
  });
  return samples;
}

function toolsByName(): Map<string, ToolDefinition> {
  return new Map(
    createAssistantRegistry()
      .definitions()
      .map((definition) => [definition.name, definition]),
  );
}

function scoreSample(sample: Sample<AssistantTarget>, transcript: Transcript): Score {
  const reply = summariseParts(transcript.turns.at(-1)?.parts ?? []);
  const category = sample.category as AssistantCategory;
  if (category === "irrelevance") {
    if (reply.toolCalls.length > 0)
      return {
        passed: false,
        explanation: `called ${reply.toolCalls.map((call) => call.name).join(", ")} though no tool fits`,
        errorType: "irrelevance:called",
      };
    if (reply.errors.length > 0)
      return {
        passed: false,
        explanation: "attempted a call (unparsable) though no tool fits",
        errorType: "irrelevance:attempted",
      };
    return { passed: true, explanation: "declined without calling a tool" };
  }
  const functions = sample.tools.map(schemaFunctionDoc);
  const entry = bfclEntryFromJson(sample.id, checkerCategory[category], functions, sample.target.groundTruth);
  const result: PyValue =
    reply.toolCalls.length > 0
      ? {
          kind: "list",
          items: reply.toolCalls.map((call) => ({
            kind: "dict",
            keys: [{ kind: "str", value: call.name }],
            values: [pyValueFromPlain(call.arguments)],
          })),
        }
      : { kind: "str", value: reply.content };
  const verdict = judgeBfclEntry(entry, result);
  if (verdict.valid) return { passed: true, explanation: "matches a possible answer" };
  const noCall = reply.toolCalls.length === 0;
  return {
    passed: false,
    explanation: noCall ? "made no tool call" : (verdict.errors ?? []).join(" ").slice(0, 2000),
    errorType: noCall ? "no-call" : (verdict.errorType ?? undefined),
  };
}

/** The scorer of both assistant suites. */
export const assistantScorer: Scorer<AssistantTarget> = { score: scoreSample };

/** Builds an assistant suite. */
export function createAssistantSuite(name: AssistantSuiteName): Suite<AssistantTarget> {
  const path = `${assistantDataDirectory()}${dataFiles[name]}`;
  const raw = readSamples(path);
  const tools = toolsByName();
  const used = [...new Set(raw.flatMap((sample) => sample.tools))].sort();
  const usedDefinitions = used.map((toolName) => {
    const definition = tools.get(toolName);
    if (!definition)
      throw new EdgecallError("invalid-json", `${path}: unknown assistant tool "${toolName}"`, {
        subject: path,
      });
    return definition;
  });
  const version = `assistant-v1+sha256:${sha256Hex(readFileSync(path, "utf8") + canonicalJson(usedDefinitions)).slice(0, 16)}`;
  return {
    name,
    version,
    categories: suiteCategories[name],
    scorer: assistantScorer,
    referenceOf(sample) {
      const category = sample.category as AssistantCategory;
      if (category === "irrelevance") return [{ text: declineText }];
      const entry = bfclEntryFromJson(
        sample.id,
        checkerCategory[category],
        sample.tools.map(schemaFunctionDoc),
        sample.target.groundTruth,
      );
      return referenceFromEntry(entry, checkerCategory[category], (name) => name);
    },
    samples(): Sample<AssistantTarget>[] {
      return raw.map((sample) => {
        const messages: ChatMessage[] = [
          { role: "system", content: assistantSystemPrompt },
          { role: "user", content: sample.question },
        ];
        return {
          id: sample.id,
          suite: name,
          category: sample.category,
          messages,
          tools: sample.tools.map((toolName) => tools.get(toolName) as ToolDefinition),
          target: { groundTruth: sample.groundTruth },
          metadata: {},
          expected: sample.groundTruth === undefined ? "no call" : pyToPlain(sample.groundTruth),
        };
      });
    },
  };
}
