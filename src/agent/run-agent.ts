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
import { assistantMessage, parseErrorMessage, withCallIds } from "./agent-messages.js";
import { AgentRunState, transcriptOf } from "./agent-run-state.js";
import type { AgentEvent, AgentStep, AgentToolResult, AgentTranscript } from "./agent-transcript.js";
import { elapsedMs } from "./elapsed.js";
import { detectRepetition, type LoopSettings, RepeatedCallDetector } from "./loop-detector.js";
import { type LoopLimits, runCalls } from "./step-calls.js";

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

function limitsOf(options: RunAgentOptions): LoopLimits {
  const loop = options.loop === false ? undefined : (options.loop ?? {});
  return {
    maxSteps: options.maxSteps ?? 8,
    maxCallsPerStep: Math.max(1, Math.floor(options.maxCallsPerStep ?? defaultMaxCallsPerStep)),
    loop,
    repeatedCalls: loop === undefined ? undefined : new RepeatedCallDetector(loop.repeatedCallLimit),
  };
}

/** Stops before step `step` when the run was aborted, the budget is spent or the steps are used up. */
function stopBeforeStep(
  state: AgentRunState,
  step: number,
  limits: LoopLimits,
  signal?: AbortSignal,
): boolean {
  if (signal?.aborted) state.stop("aborted");
  else if (state.budgetSpent()) state.stop("token-budget");
  else if (step > limits.maxSteps) state.stop("max-steps");
  return state.stopped;
}

/** One model call; undefined (and the run stopped) when it failed or was aborted. */
async function callModel(
  options: RunAgentOptions,
  request: GenerateRequest,
  step: number,
  state: AgentRunState,
): Promise<GenerateResult | undefined> {
  try {
    return await generate(options, request, step);
  } catch (error) {
    if (options.signal?.aborted || isEdgecallError(error, "aborted")) state.stop("aborted");
    else state.fail(isEdgecallError(error) ? error.code : "internal", errorMessage(error));
    return undefined;
  }
}

/**
 * Why this step's calls must not run, decided before any of them does (and the stop it implies):
 * repetitive output, a final answer, a spent budget, or too many invalid calls.
 */
function skipBeforeCalls(
  state: AgentRunState,
  step: number,
  result: GenerateResult,
  calls: readonly ToolCall[],
  errors: readonly ToolCallError[],
  loop: LoopSettings | undefined,
): AgentToolResult["skipped"] {
  let skip: AgentToolResult["skipped"];
  const repetition = loop === undefined ? null : detectRepetition(result.rawText, loop);
  if (repetition !== null) {
    state.stop("stuck", {
      detector: "repetitive-output",
      step,
      unit: repetition.unit,
      repeats: repetition.repeats,
      spanChars: repetition.spanChars,
    });
    skip = "stuck";
  } else if (calls.length === 0 && errors.length === 0) {
    state.stop("final");
  } else if (calls.length > 0 && state.budgetSpent()) {
    state.stop("token-budget");
    skip = "token-budget";
  }
  if (!state.stopped && state.countInvalid(errors.length)) skip = "invalid-calls";
  return skip;
}

/** Runs the agent loop; resolves with the transcript whatever the model does. */
export async function runAgent(options: RunAgentOptions): Promise<AgentTranscript> {
  const started = performance.now();
  const limits = limitsOf(options);
  const state = new AgentRunState({
    tokenBudget: options.tokenBudget,
    maxInvalidCalls: options.maxInvalidCalls ?? 3,
  });
  const emit = (event: AgentEvent) => options.onEvent?.(event);
  const messages: ChatMessage[] = [...options.messages];
  const tools = options.executor.definitions();
  const steps: AgentStep[] = [];

  for (let step = 1; !stopBeforeStep(state, step, limits, options.signal); step += 1) {
    const stepStarted = performance.now();
    emit({ type: "step-start", step });
    const request: GenerateRequest = { messages: [...messages], tools, ...options.generateOptions };
    const result = await callModel(options, request, step, state);
    if (result === undefined) break;
    state.addUsage(result.usage);
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
    const skip = skipBeforeCalls(state, step, result, calls, errors, limits.loop);
    await runCalls(options, { state, limits, step, record, messages }, calls, skip);
    if (errors.length > 0 && !state.stopped) messages.push(parseErrorMessage(errors));
    record.durationMs = elapsedMs(stepStarted);
    steps.push(record);
    emit({ type: "step-end", step, record });
    if (state.stopped) break;
  }
  return transcriptOf(messages, steps, state, started);
}
