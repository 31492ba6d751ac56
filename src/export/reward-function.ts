/**
 * The scorers as rule-based reward functions, for reinforcement learning with verifiable rewards:
 * `reward({sample, completion}) → {score, passed, explanation}` scores one completion of one
 * sample with the sample's own suite scorer (the BFCL checker, the traces checker, ...), exactly
 * as `eval` would score that reply. `sample` is a sample id (or an object with an `id`);
 * `completion` is the model's raw text (parsed with a tool-call format, default `json`) or an
 * OpenAI assistant message (`{"content", "tool_calls"}` with JSON-string arguments).
 *
 * Single-call suites only: an agent or conversation suite's verdict depends on tools that run and
 * a user who answers, which one completion cannot carry; those are refused by name.
 */
import type { GenerateResult } from "../backend/model-backend.js";
import { EdgecallError } from "../errors.js";
import { type PlanOptions, planRun } from "../eval/run-plan.js";
import type { Sample, Suite, Transcript } from "../eval/suite.js";
import { getFormat } from "../formats/registry.js";
import type { ContentPart } from "../messages.js";

/** What a reward function is given. */
export interface RewardInput {
  sample: string | { id: string };
  completion: string | { content?: string | null; tool_calls?: unknown };
}

/** What it returns: `score` in [0, 1]. */
export interface RewardOutput {
  score: number;
  passed: boolean;
  explanation: string;
  errorType?: string;
}

/** A reward function over a set of suites. */
export type RewardFunction = (input: RewardInput) => Promise<RewardOutput>;

function invalid(message: string): EdgecallError {
  return new EdgecallError("invalid-argument", `reward: ${message}`, { subject: "completion" });
}

/** The parts of an OpenAI assistant message. */
function messageParts(message: { content?: unknown; tool_calls?: unknown }): ContentPart[] {
  const parts: ContentPart[] = [];
  if (typeof message.content === "string" && message.content !== "")
    parts.push({ type: "text", text: message.content });
  const calls = message.tool_calls ?? [];
  if (!Array.isArray(calls)) throw invalid("completion.tool_calls must be an array");
  calls.forEach((call, index) => {
    const fn = (call as { function?: { name?: unknown; arguments?: unknown } } | null)?.function;
    if (typeof fn?.name !== "string")
      throw invalid(`completion.tool_calls[${index}].function.name is missing`);
    const text = typeof fn.arguments === "string" ? fn.arguments : JSON.stringify(fn.arguments ?? {});
    let args: unknown;
    try {
      args = JSON.parse(text === "" ? "{}" : text);
    } catch {
      parts.push({
        type: "tool-call-error",
        error: { type: "invalid-json", message: `arguments of ${fn.name} are not valid JSON`, raw: text },
      });
      return;
    }
    if (args === null || typeof args !== "object" || Array.isArray(args)) {
      parts.push({
        type: "tool-call-error",
        error: { type: "invalid-arguments", message: `arguments of ${fn.name} are not an object`, raw: text },
      });
      return;
    }
    parts.push({
      type: "tool-call",
      toolCall: { name: fn.name, arguments: args as Record<string, unknown>, argumentsText: text },
    });
  });
  return parts;
}

/**
 * Builds the reward function of `suites` (built already, e.g. with the suite catalog), with
 * `format` reading raw-text completions (default `json`).
 */
export async function createRewardFunction(
  suites: readonly Suite[],
  options: PlanOptions & { format?: string },
): Promise<RewardFunction> {
  for (const suite of suites)
    if (suite.solver !== undefined && suite.solver.name !== "single-call")
      throw new EdgecallError(
        "usage",
        `reward: suite ${suite.name} runs the ${suite.solver.name} solver (tools run, a user answers); rule-based rewards cover single-call suites`,
        { subject: "--suite" },
      );
  const format = getFormat(options.format ?? "json");
  const samples = new Map<string, { sample: Sample; suite: Suite }>();
  for (const item of await planRun(suites, { ...options, repeats: 1 }))
    samples.set(item.sample.id, { sample: item.sample, suite: item.suite });
  return async ({ sample, completion }) => {
    const id = typeof sample === "string" ? sample : sample?.id;
    const found = id === undefined ? undefined : samples.get(id);
    if (found === undefined)
      throw new EdgecallError("invalid-argument", `reward: no sample "${String(id)}" in the suites given`, {
        subject: "id",
      });
    let rawText: string;
    let parts: ContentPart[];
    if (typeof completion === "string") {
      rawText = completion;
      parts = format.parse(completion, found.sample.tools);
    } else if (completion !== null && typeof completion === "object") {
      rawText = JSON.stringify(completion);
      parts = messageParts(completion);
    } else throw invalid("completion must be the model's text or an assistant message object");
    const result: GenerateResult = {
      rawText,
      parts,
      finishReason: parts.some((part) => part.type === "tool-call") ? "tool-calls" : "stop",
      usage: { inputTokens: 0, outputTokens: 0 },
      timing: { firstTokenMs: 0, totalMs: 0 },
    };
    const transcript: Transcript = {
      request: { messages: found.sample.messages, tools: found.sample.tools, sampleId: found.sample.id },
      turns: [{ ...result, cached: false }],
    };
    const score = await found.suite.scorer.score(found.sample, transcript);
    return {
      score: score.score ?? (score.passed ? 1 : 0),
      passed: score.passed,
      explanation: score.explanation,
      ...(score.errorType === undefined ? {} : { errorType: score.errorType }),
    };
  };
}
