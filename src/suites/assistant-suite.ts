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
import { bfclEntryFromJson } from "../bfcl/dataset.js";
import { parseLosslessJson } from "../bfcl/lossless-json.js";
import { dictGet, type PyValue } from "../bfcl/py-value.js";
import { canonicalJson } from "../canonical-json.js";
import { EdgecallError } from "../errors.js";
import type { ReferenceOutput, Sample, Suite } from "../eval/suite.js";
import type { ChatMessage, ToolDefinition } from "../messages.js";
import { sha256Hex } from "../sha256.js";
import { readJsonlFile } from "../text/jsonl-file.js";
import { assistantCounterfeits } from "./assistant-counterfeits.js";
import {
  type AssistantCategory,
  type AssistantTarget,
  assistantScorer,
  checkerCategory,
  type FixedArguments,
  type IrrelevanceAsk,
} from "./assistant-scorer.js";
import { pyToPlain } from "./bfcl-scorer.js";
import { declineText, referenceFromEntry } from "./reference-calls.js";
import { schemaFunctionDoc } from "./schema-function-doc.js";

/** The assistant suite names. */
export type AssistantSuiteName = "assistant:single" | "assistant:irrelevance";

const dataFiles: Record<AssistantSuiteName, string> = {
  "assistant:single": "single.jsonl",
  "assistant:irrelevance": "irrelevance.jsonl",
};

export type {
  AssistantCategory,
  AssistantTarget,
  FixedArguments,
  IrrelevanceAsk,
} from "./assistant-scorer.js";
export { assistantScorer } from "./assistant-scorer.js";

const suiteCategories: Record<AssistantSuiteName, AssistantCategory[]> = {
  "assistant:single": ["simple", "multiple", "parallel"],
  "assistant:irrelevance": ["irrelevance"],
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
  oneOf: FixedArguments[];
  asks: IrrelevanceAsk | undefined;
}

const asks: readonly IrrelevanceAsk[] = ["action", "live-fact", "knowledge"];

/** The `one_of` field: [{call, params, why}] or absent. */
function fixedArguments(value: unknown, where: string): FixedArguments[] {
  if (value === undefined) return [];
  const valid =
    Array.isArray(value) &&
    value.every(
      (item) =>
        typeof item?.call === "string" &&
        Array.isArray(item.params) &&
        item.params.length > 0 &&
        item.params.every((param: unknown) => typeof param === "string") &&
        typeof item.why === "string",
    );
  if (!valid)
    throw new EdgecallError("invalid-json", `${where}: one_of: expected [{call, params: [names], why}]`, {
      subject: where,
    });
  return value as FixedArguments[];
}

function readSamples(path: string): RawSample[] {
  const samples: RawSample[] = [];
  for (const { where, text: line, value } of readJsonlFile(path, {
    notFound: `assistant suite data not found: ${path}`,
  })) {
    const plain = value as {
      id?: unknown;
      category?: unknown;
      question?: unknown;
      tools?: unknown;
      one_of?: unknown;
      asks?: unknown;
    };
    const category = plain.category as AssistantCategory;
    if (
      typeof plain.id !== "string" ||
      typeof plain.question !== "string" ||
      !Array.isArray(plain.tools) ||
      !(category in checkerCategory) ||
      (plain.asks !== undefined && !asks.includes(plain.asks as IrrelevanceAsk))
    )
      throw new EdgecallError(
        "invalid-json",
        `${where}: expected {id, category, question, tools, ground_truth, one_of?, asks?: action|live-fact|knowledge}`,
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
      oneOf: fixedArguments(plain.one_of, where),
      asks: plain.asks as IrrelevanceAsk | undefined,
    });
  }
  return samples;
}

function toolsByName(): Map<string, ToolDefinition> {
  return new Map(
    createAssistantRegistry()
      .definitions()
      .map((definition) => [definition.name, definition]),
  );
}

/**
 * The reference with each `one_of` group given: a possible answer's first option leaves out the
 * arguments it marks optional, so a call missing a whole group gets the group's first argument
 * (its first possible value).
 */
function withFixedArguments(
  reference: ReferenceOutput[],
  sample: Sample<AssistantTarget>,
): ReferenceOutput[] {
  const groups = sample.target.oneOf ?? [];
  if (groups.length === 0) return reference;
  const answers = pyToPlain(sample.target.groundTruth ?? { kind: "list", items: [] }) as Record<
    string,
    Record<string, unknown[]>
  >[];
  return reference.map((output) =>
    "text" in output
      ? output
      : {
          calls: output.calls.map((call) => {
            const group = groups.find(
              (candidate) =>
                candidate.call === call.name && candidate.params.every((param) => !(param in call.arguments)),
            );
            const param = group?.params[0];
            const value = answers
              .find((answer) => answer[call.name] !== undefined)
              ?.[call.name]?.[param ?? ""]?.find((option) => option !== "");
            if (param === undefined || value === undefined) return call;
            return { name: call.name, arguments: { ...call.arguments, [param]: value } };
          }),
        },
  );
}

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
  const referenceOf = (sample: Sample<AssistantTarget>): ReferenceOutput[] => {
    const category = sample.category as AssistantCategory;
    if (category === "irrelevance") return [{ text: declineText }];
    const entry = bfclEntryFromJson(
      sample.id,
      checkerCategory[category],
      sample.tools.map(schemaFunctionDoc),
      sample.target.groundTruth,
    );
    return withFixedArguments(
      referenceFromEntry(entry, checkerCategory[category], (name) => name),
      sample,
    );
  };
  const version = `assistant-v1+sha256:${sha256Hex(readFileSync(path, "utf8") + canonicalJson(usedDefinitions)).slice(0, 16)}`;
  return {
    name,
    version,
    categories: suiteCategories[name],
    scorer: assistantScorer,
    referenceOf,
    counterfeitsOf: (sample) => assistantCounterfeits(sample, referenceOf(sample)),
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
          target: {
            groundTruth: sample.groundTruth,
            ...(sample.oneOf.length === 0 ? {} : { oneOf: sample.oneOf }),
            ...(sample.asks === undefined ? {} : { asks: sample.asks }),
          },
          metadata: {},
          expected: sample.groundTruth === undefined ? "no call" : pyToPlain(sample.groundTruth),
        };
      });
    },
  };
}
