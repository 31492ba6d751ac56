/**
 * A constrained or free call's result over all its attempts: the parsed parts of the last one,
 * usage summed over every attempt, the first attempt's time to first token and prefill, every
 * attempt's decoding, and what each attempt sampled and why it was resampled.
 */
import type { ArgumentValidator } from "../../grammar/argument-validator.js";
import type { ContentPart, ToolDefinition } from "../../messages.js";
import { finishReasonFor, type GenerateResult } from "../model-backend.js";
import type { DecodeOutput } from "./decode.js";

/** One decoding attempt of a call. */
export interface AttemptRecord {
  seed: number;
  temperature: number;
  rawText: string;
  outputTokens: number;
  ms: number;
  problems: string[];
}

/** Tool-call errors and calls whose arguments fail ajv, as messages. */
export function argumentProblems(
  parts: readonly ContentPart[],
  tools: readonly ToolDefinition[],
  validator: ArgumentValidator,
): string[] {
  const problems: string[] = [];
  for (const part of parts) {
    if (part.type === "tool-call-error") problems.push(`${part.error.type}: ${part.error.message}`);
    if (part.type === "tool-call") {
      const problem = validator.check(part.toolCall, tools);
      if (problem !== undefined) problems.push(problem);
    }
  }
  return problems;
}

/** What {@link callResult} needs. */
export interface CallOutcome {
  /** When the call left the queue, less its prompt's build time. */
  startedAt: number;
  renderedPrompt: string;
  outputs: readonly DecodeOutput[];
  parts: ContentPart[];
  problems: string[];
  attempts: AttemptRecord[];
  extra: Record<string, unknown>;
  /** The model's load time, for the first call only. */
  loadMs?: number;
  recordTokenIds: boolean;
}

/** The call's result; times count from `startedAt`. */
export function callResult(outcome: CallOutcome): GenerateResult {
  const { outputs, parts, problems, attempts } = outcome;
  const first = outputs[0]!;
  const last = outputs[outputs.length - 1]!;
  const endedAt = performance.now();
  const firstTokenAt = first.firstTokenAt ?? first.endedAt;
  const decodeMs = outputs.reduce(
    (sum, output) => sum + (output.endedAt - (output.firstTokenAt ?? output.endedAt)),
    0,
  );
  const timing: GenerateResult["timing"] = {
    firstTokenMs: firstTokenAt - outcome.startedAt,
    totalMs: endedAt - outcome.startedAt,
    prefillMs: firstTokenAt - first.prefillStartedAt,
    decodeMs,
  };
  if (outcome.loadMs !== undefined) timing.loadMs = outcome.loadMs;
  return {
    rawText: last.text,
    parts,
    finishReason: finishReasonFor(parts, last.stoppedOnLength),
    usage: {
      inputTokens: outputs.reduce((sum, output) => sum + output.inputTokens, 0),
      cachedInputTokens: outputs.reduce((sum, output) => sum + output.cachedInputTokens, 0),
      outputTokens: outputs.reduce((sum, output) => sum + output.outputTokens, 0),
    },
    timing,
    renderedPrompt: outcome.renderedPrompt,
    details: {
      ...outcome.extra,
      grammarSwitched: last.grammarSwitched,
      ...(outcome.recordTokenIds ? { outputTokenIds: [...last.outputTokenIds] } : {}),
      attempts,
      argumentProblems: problems,
    },
    constrained: { attempts: attempts.length, argumentProblems: problems },
  };
}
