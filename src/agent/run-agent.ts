/**
 * The agent loop: model → parsed parts → each call, in order, through the executor (the guards)
 * → tool results back to the model, until it answers without calls or a limit stops it: the step
 * limit, the token budget, an abort, a detected loop, or too many invalid calls. The loop never
 * runs a tool itself and never throws for anything the model does; harness errors end the run
 * with stop reason `error`. See docs/agent-loop.md.
 */
import type {
  DecodingMode,
  GenerateRequest,
  GenerateResult,
  ModelBackend,
  SamplingSettings,
  ToolChoice,
} from "../backend/model-backend.js";
import { errorMessage } from "../error-message.js";
import { EdgecallError, isEdgecallError } from "../errors.js";
import { exceedsNestingDepth, tooDeepMessage } from "../formats/nesting-depth.js";
import { type ChatMessage, summariseParts, type ToolCall, type ToolCallError } from "../messages.js";
import type { ToolExecutor } from "../tools/tool-executor.js";
import { assistantMessage, parseErrorMessage, toolMessage, withCallIds } from "./agent-messages.js";
import type {
  AgentEvent,
  AgentStep,
  AgentToolResult,
  AgentTranscript,
  StopReason,
} from "./agent-transcript.js";
import {
  detectRepetition,
  type LoopSettings,
  RepeatedCallDetector,
  type StuckEvidence,
} from "./loop-detector.js";

/** Per-call model settings the loop passes on to every model call. */
export interface AgentGenerateOptions {
  sampling?: SamplingSettings;
  maxTokens?: number;
  decoding?: DecodingMode;
  toolChoice?: ToolChoice;
  /** The sample the calls belong to (the replay backend serves outputs by it). */
  sampleId?: string;
}

/** Options of {@link runAgent}. */
export interface RunAgentOptions {
  backend: ModelBackend;
  /** The conversation so far (system and user messages, earlier turns). Not modified. */
  messages: readonly ChatMessage[];
  /** Runs the calls (through the guards); also gives the tool definitions offered. */
  executor: ToolExecutor;
  /** Most model calls. Default 8. */
  maxSteps?: number;
  /** Most tokens, input plus output summed over all model calls. Default: no budget. */
  tokenBudget?: number;
  signal?: AbortSignal;
  onEvent?: (event: AgentEvent) => void;
  generateOptions?: AgentGenerateOptions;
  /** Invalid calls (unknown tool, bad arguments, unreadable output) returned to the model before stopping. Default 3. */
  maxInvalidCalls?: number;
  /** Loop-detector settings, or `false` to turn both detectors off. */
  loop?: LoopSettings | false;
  /**
   * Most calls run from one model reply. Later calls of the same reply do not run; each gets a
   * tool message saying why and is recorded as skipped (`call-limit`). Default 16.
   */
  maxCallsPerStep?: number;
  /** Stream model output (text-delta events). Default: when `onEvent` is given and the backend can stream. */
  stream?: boolean;
}

/** Default of {@link RunAgentOptions.maxCallsPerStep}. */
export const defaultMaxCallsPerStep = 16;

/** Errors that mean "an invalid call" rather than "a call the guards refused". */
const invalidCallTypes = new Set(["unknown-tool", "invalid-arguments"]);
/** Errors that mean a guard or a confirmation stopped the call. */
const blockedCallTypes = new Set([
  "not-allowed",
  "permission",
  "precondition",
  "needs-confirmation",
  "denied",
  "duplicate",
]);

function since(start: number): number {
  return Math.round((performance.now() - start) * 10) / 10;
}

async function generate(
  options: RunAgentOptions,
  request: GenerateRequest,
  step: number,
): Promise<GenerateResult> {
  const { backend, signal, onEvent } = options;
  const streaming = options.stream ?? (onEvent !== undefined && backend.stream !== undefined);
  if (!streaming || backend.stream === undefined) return backend.generate(request, { signal });
  for await (const event of backend.stream(request, { signal })) {
    if (event.type === "text-delta") onEvent?.({ type: "text-delta", step, text: event.text });
    else return event.result;
  }
  throw new EdgecallError("backend-protocol", `${backend.info.backend}: the stream ended without a result`);
}

/**
 * The calls safe to hand on, and the parse errors with one added per call whose arguments are
 * nested deeper than `maxNestingDepth` (a backend that does not cap them, as the formats do):
 * everything downstream (loop detector, guards, transcript stores) recurses into arguments.
 */
function screenCalls(
  calls: readonly ToolCall[],
  parseErrors: readonly ToolCallError[],
): { readable: ToolCall[]; errors: ToolCallError[] } {
  const errors = [...parseErrors];
  const readable = calls.filter((call) => {
    if (!exceedsNestingDepth(call.arguments)) return true;
    errors.push({ type: "invalid-arguments", message: tooDeepMessage(call.name), raw: `${call.name}(...)` });
    return false;
  });
  return { readable, errors };
}

/** Runs the agent loop; resolves with the transcript whatever the model does. */
export async function runAgent(options: RunAgentOptions): Promise<AgentTranscript> {
  const started = performance.now();
  const maxSteps = options.maxSteps ?? 8;
  const maxInvalidCalls = options.maxInvalidCalls ?? 3;
  const maxCallsPerStep = Math.max(1, Math.floor(options.maxCallsPerStep ?? defaultMaxCallsPerStep));
  const loop = options.loop === false ? undefined : (options.loop ?? {});
  const repeatedCalls = loop === undefined ? undefined : new RepeatedCallDetector(loop.repeatedCallLimit);
  const { executor, signal } = options;
  const emit = (event: AgentEvent) => options.onEvent?.(event);
  const messages: ChatMessage[] = [...options.messages];
  const tools = executor.definitions();
  const steps: AgentStep[] = [];
  let inputTokens = 0;
  let outputTokens = 0;
  let invalidCalls = 0;
  let stopReason: StopReason | undefined;
  let stuck: StuckEvidence | undefined;
  let failure: { code: string; message: string } | undefined;
  const budgetSpent = () =>
    options.tokenBudget !== undefined && inputTokens + outputTokens >= options.tokenBudget;

  for (let step = 1; stopReason === undefined; step += 1) {
    if (signal?.aborted) stopReason = "aborted";
    else if (budgetSpent()) stopReason = "token-budget";
    else if (step > maxSteps) stopReason = "max-steps";
    if (stopReason !== undefined) break;

    const stepStarted = performance.now();
    emit({ type: "step-start", step });
    const request: GenerateRequest = { messages: [...messages], tools, ...options.generateOptions };
    let result: GenerateResult;
    try {
      result = await generate(options, request, step);
    } catch (error) {
      if (signal?.aborted || isEdgecallError(error, "aborted")) stopReason = "aborted";
      else {
        stopReason = "error";
        failure = {
          code: isEdgecallError(error) ? error.code : "internal",
          message: errorMessage(error),
        };
      }
      break;
    }
    inputTokens += result.usage.inputTokens;
    outputTokens += result.usage.outputTokens;
    const reply = summariseParts(result.parts);
    const { readable, errors } = screenCalls(reply.toolCalls, reply.errors);
    const calls = withCallIds(readable, step);
    const record: AgentStep = {
      step,
      rawText: result.rawText,
      content: reply.content,
      reasoning: reply.reasoning,
      calls,
      parseErrors: errors,
      toolResults: [],
      finishReason: result.finishReason,
      usage: result.usage,
      timing: result.timing,
      durationMs: 0,
      ...(result.renderedPrompt === undefined ? {} : { renderedPrompt: result.renderedPrompt }),
    };
    messages.push(assistantMessage(reply.content, calls, reply.reasoning));

    // Why this step's calls must not run, decided before any of them does.
    let skip: AgentToolResult["skipped"];
    const repetition = loop === undefined ? null : detectRepetition(result.rawText, loop);
    if (repetition !== null) {
      stopReason = "stuck";
      stuck = {
        detector: "repetitive-output",
        step,
        unit: repetition.unit,
        repeats: repetition.repeats,
        spanChars: repetition.spanChars,
      };
      skip = "stuck";
    } else if (calls.length === 0 && errors.length === 0) {
      stopReason = "final";
    } else if (calls.length > 0 && budgetSpent()) {
      stopReason = "token-budget";
      skip = "token-budget";
    }
    if (stopReason === undefined) {
      invalidCalls += errors.length;
      if (invalidCalls > maxInvalidCalls) {
        stopReason = "invalid-calls";
        skip = "invalid-calls";
      }
    }

    for (const [index, call] of calls.entries()) {
      const callStarted = performance.now();
      if (skip === undefined && index >= maxCallsPerStep) skip = "call-limit";
      if (skip === undefined && signal?.aborted) {
        stopReason = "aborted";
        skip = "aborted";
      }
      if (skip === undefined) {
        const evidence = repeatedCalls?.observe(call) ?? null;
        if (evidence !== null) {
          stopReason = "stuck";
          stuck = evidence;
          skip = "stuck";
        }
      }
      let toolResult: AgentToolResult;
      if (skip !== undefined) {
        toolResult = { call, skipped: skip, decisions: [], durationMs: 0 };
      } else {
        emit({ type: "tool-call", step, call });
        const outcome = await executor.execute(call, { signal });
        toolResult = { call, outcome, decisions: outcome.decisions, durationMs: since(callStarted) };
        for (const decision of outcome.decisions) {
          if (decision.guard !== "confirmation") continue;
          const approved = decision.verdict === "confirmed";
          emit({
            type: "confirmation",
            step,
            call,
            approved,
            ...(decision.reason ? { reason: decision.reason } : {}),
          });
        }
        if (!outcome.ok && invalidCallTypes.has(outcome.error.type)) {
          invalidCalls += 1;
          if (invalidCalls > maxInvalidCalls) {
            stopReason = "invalid-calls";
            skip = "invalid-calls";
          }
        }
        emit({ type: "tool-result", step, result: toolResult });
      }
      record.toolResults.push(toolResult);
      // Every call gets an answer, so the conversation stays valid for the next turn.
      messages.push(toolMessage(toolResult, maxCallsPerStep));
    }
    if (errors.length > 0 && stopReason === undefined) messages.push(parseErrorMessage(errors));

    record.durationMs = since(stepStarted);
    steps.push(record);
    emit({ type: "step-end", step, record });
  }

  let toolCalls = 0;
  let blockedCalls = 0;
  for (const step of steps) {
    for (const result of step.toolResults) {
      if (result.outcome === undefined) continue;
      toolCalls += 1;
      if (!result.outcome.ok && blockedCallTypes.has(result.outcome.error.type)) blockedCalls += 1;
    }
  }
  return {
    messages,
    steps,
    stopReason: stopReason ?? "final",
    finalText: steps.at(-1)?.content ?? "",
    ...(stuck === undefined ? {} : { stuck }),
    ...(failure === undefined ? {} : { error: failure }),
    totals: {
      steps: steps.length,
      inputTokens,
      outputTokens,
      toolCalls,
      invalidCalls,
      blockedCalls,
      durationMs: since(started),
    },
  };
}
