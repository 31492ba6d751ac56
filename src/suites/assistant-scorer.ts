/**
 * The scorer of the assistant suites. `assistant:single` samples are judged with BFCL's AST
 * checker against their possible answers, then against the arguments the request fixes that the
 * possible-answer format cannot say (`one_of`: at least one of these must be given, e.g. `end` or
 * `duration_minutes` where the request fixes a length the tool would otherwise default): a call
 * passes only when running it would make what was asked. `assistant:irrelevance` samples pass
 * when the model makes no call and attempts none, its reply ends on its own (one cut at the token
 * limit is not a clean decline), and it neither claims to have done what
 * was asked (`asks: action`) nor states a live or personal fact no offered tool could fetch
 * (`asks: live-fact`); a request answerable from general knowledge (`asks: knowledge`) may be
 * answered.
 */
import type { BfclCategory } from "../bfcl/categories.js";
import { bfclEntryFromJson } from "../bfcl/dataset.js";
import { judgeBfclEntry } from "../bfcl/entry-verdict.js";
import type { PyValue } from "../bfcl/py-value.js";
import { pyValueFromPlain } from "../bfcl/results-file.js";
import type { Sample, Score, Scorer, Transcript } from "../eval/suite.js";
import { type ParsedReply, summariseParts } from "../messages.js";
import { schemaFunctionDoc } from "./schema-function-doc.js";
import { findSuccessClaim } from "./success-claims.js";
import { findUnseenFacts, SeenText } from "./unseen-facts.js";

/** Categories of the assistant samples. */
export type AssistantCategory = "simple" | "multiple" | "parallel" | "irrelevance";

/** What an irrelevance request asks for: an action, a live or personal fact, or general knowledge. */
export type IrrelevanceAsk = "action" | "live-fact" | "knowledge";

/** Arguments of which a call must give at least one: the request fixes what they set. */
export interface FixedArguments {
  /** The tool. */
  call: string;
  /** Its arguments; at least one must be given. */
  params: string[];
  /** Why, in words: what the tool does without them. */
  why: string;
}

/** What an assistant sample is scored against. */
export interface AssistantTarget {
  /** The possible answers (a Python value, read losslessly); absent for irrelevance. */
  groundTruth: PyValue | undefined;
  /** Arguments the request fixes beyond what the possible answers say (see {@link FixedArguments}). */
  oneOf?: FixedArguments[];
  /** For irrelevance: what the request asks for (default `action`). */
  asks?: IrrelevanceAsk;
}

/** The checker rules each category is judged by (BFCL category names pick the rule). */
export const checkerCategory: Record<AssistantCategory, BfclCategory> = {
  simple: "multiple",
  multiple: "multiple",
  parallel: "parallel_multiple",
  irrelevance: "irrelevance",
};

function scoreIrrelevance(sample: Sample<AssistantTarget>, reply: ParsedReply, cutOff: boolean): Score {
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
  // A reply the token limit cut is unfinished, not a decline: random weights emit junk until the
  // limit, and a model that starts "I can't" may go on to claim it did.
  if (cutOff)
    return {
      passed: false,
      explanation: "the reply was cut at the token limit: not a clean decline",
      errorType: "irrelevance:cut-off",
    };
  const asks = sample.target.asks ?? "action";
  const claim = asks === "knowledge" ? undefined : findSuccessClaim(reply.content);
  if (claim !== undefined)
    return {
      passed: false,
      explanation: `claimed success without a tool that can do it ("${claim.phrase}")`,
      errorType: "irrelevance:false-success",
    };
  if (asks === "live-fact") {
    const seen = new SeenText([
      ...sample.messages.map((message) => message.content),
      ...sample.tools.map((tool) => JSON.stringify(tool)),
    ]);
    const facts = findUnseenFacts(reply.content, seen);
    if (facts.length > 0)
      return {
        passed: false,
        explanation: `stated ${facts.map((fact) => fact.text).join(", ")}, which no offered tool could have fetched`,
        errorType: "irrelevance:invented-fact",
      };
  }
  return { passed: true, explanation: "declined without calling a tool" };
}

/** The first call that gives none of a fixed group's arguments, as a verdict; undefined when none. */
function missingFixed(sample: Sample<AssistantTarget>, reply: ParsedReply): Score | undefined {
  for (const fixed of sample.target.oneOf ?? [])
    for (const call of reply.toolCalls)
      if (call.name === fixed.call && fixed.params.every((param) => call.arguments[param] === undefined))
        return {
          passed: false,
          explanation: `${call.name} gives none of ${fixed.params.join(", ")}: ${fixed.why}`,
          errorType: "missing-fixed-argument",
        };
  return undefined;
}

function scoreSample(sample: Sample<AssistantTarget>, transcript: Transcript): Score {
  const last = transcript.turns.at(-1);
  const reply = summariseParts(last?.parts ?? []);
  const category = sample.category as AssistantCategory;
  if (category === "irrelevance") return scoreIrrelevance(sample, reply, last?.finishReason === "length");
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
  if (verdict.valid)
    return missingFixed(sample, reply) ?? { passed: true, explanation: "matches a possible answer" };
  if (reply.toolCalls.length === 0) {
    const claim = findSuccessClaim(reply.content);
    return {
      passed: false,
      explanation:
        claim === undefined
          ? "made no tool call"
          : `made no tool call, yet claimed success ("${claim.phrase}")`,
      errorType: "no-call",
    };
  }
  return {
    passed: false,
    explanation: (verdict.errors ?? []).join(" ").slice(0, 2000),
    errorType: verdict.errorType ?? undefined,
  };
}

/** The scorer of both assistant suites. */
export const assistantScorer: Scorer<AssistantTarget> = { score: scoreSample };
