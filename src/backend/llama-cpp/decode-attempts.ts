/**
 * One call's decoding on the llama-cpp backend: the first attempt, and for constrained calls whose
 * arguments fail the tool's schema (ajv) up to three resamples with new seeds, each from the same
 * prompt (which the sequence then already holds). The result joins every attempt's output.
 */
import type { LlamaGrammar, LlamaModel } from "node-llama-cpp";
import { parseStructuredReply } from "../../formats/structured-reply.js";
import type { ToolCallFormat } from "../../formats/tool-call-format.js";
import type { ArgumentValidator } from "../../grammar/argument-validator.js";
import type { ContentPart } from "../../messages.js";
import type { GenerateRequest, GenerateResult } from "../model-backend.js";
import type { CallGrammars } from "./call-grammars.js";
import { type AttemptRecord, argumentProblems, callResult } from "./call-result.js";
import type { CallShape } from "./call-shape.js";
import { CallSkeletonPredictor } from "./call-skeleton-predictor.js";
import type { CheckpointPlanner } from "./checkpoint-plan.js";
import { type DecodeOutput, decode } from "./decode.js";
import type { DecodeStepBarrier } from "./decode-step-barrier.js";
import type { PrefixHook } from "./prefix-reuse.js";
import type { RenderedPrompt } from "./prompt.js";
import type { SequenceSlot } from "./sequence-pool.js";

/** A call's prompt, built before it waits for a sequence. */
export interface PreparedPrompt extends RenderedPrompt {
  enableThinking: boolean | undefined;
  forcedText: string;
}

/** One call on its sequence. */
export interface AttemptCall {
  slot: SequenceSlot;
  request: GenerateRequest;
  /** What the request offers and forces, worked out once when the call came in. */
  shape: CallShape;
  prompt: PreparedPrompt;
  /** `performance.now()` when the call's prompt started building. */
  startedAt: number;
  signal: AbortSignal | undefined;
  onText: ((delta: string) => void) | undefined;
}

/** What the attempts use of the backend. */
export interface AttemptBackend {
  model: LlamaModel;
  format: ToolCallFormat;
  grammars: CallGrammars;
  checkpoints: CheckpointPlanner;
  validator: ArgumentValidator;
  reusePrefix: boolean;
  /** The step barrier of a context with several sequences. */
  steps: DecodeStepBarrier | undefined;
  /** Most tokens when a request sets none. */
  defaultMaxTokens: number | undefined;
  /** Seed for requests that set none. */
  seed: number | undefined;
  recordTokenIds: boolean;
}

/** Resamples allowed after the first attempt in constrained mode. */
const maxResamples = 3;
/** Temperature of resamples when the request asked for greedy decoding. */
const resampleTemperature = 0.7;

/** Decodes the call, resampling constrained calls whose arguments fail the schema. */
export async function decodeAttempts(
  backend: AttemptBackend,
  call: AttemptCall,
  setup: {
    grammar: LlamaGrammar | undefined;
    room: number;
    prefixReached?: PrefixHook;
    /** The model's load time, for the backend's first call. */
    loadMs?: number;
  },
): Promise<GenerateResult> {
  const { slot, request, prompt, startedAt, signal, onText } = call;
  const loadMs = setup.loadMs;
  const { allTools, offered, constrained, forceCall, structured } = call.shape;
  const { model } = backend;
  const { sequence } = slot;
  const forcedText = prompt.forcedText;
  let grammar = setup.grammar;
  let compactLevel = 0;
  const checkpointAt =
    backend.reusePrefix && sequence.needsCheckpoints
      ? backend.checkpoints.boundaries(request.messages, offered, prompt.enableThinking, prompt.tokens)
      : [];
  const maxTokens = Math.min(request.maxTokens ?? backend.defaultMaxTokens ?? 1024, setup.room);
  const predictor = sequence.tokenPredictor;
  if (predictor instanceof CallSkeletonPredictor)
    predictor.configure(backend.format.callPrefix, backend.grammars.headsFor(offered), prompt.tokens.length);
  const sampling = request.sampling ?? {};
  const temperature = sampling.temperature ?? 0;
  const baseSeed = sampling.seed ?? backend.seed ?? Math.floor(Math.random() * 2 ** 31);
  const attempts: AttemptRecord[] = [];
  const outputs: DecodeOutput[] = [];
  let parts: ContentPart[] = [];
  let problems: string[] = [];
  for (let attempt = 0; ; attempt++) {
    const seed = (baseSeed + attempt) % 2 ** 32;
    // Greedy decoding would repeat an invalid call exactly, so a resample of a greedy call samples
    // at a moderate temperature instead (recorded in the attempt).
    const attemptTemperature = attempt > 0 && temperature === 0 ? resampleTemperature : temperature;
    const output = await decode({
      model,
      sequence,
      promptTokens: prompt.tokens,
      forcedText,
      ...(grammar !== undefined && (forceCall || structured) ? { grammar } : {}),
      ...(grammar !== undefined && !forceCall && !structured
        ? { grammarAfter: { prefix: backend.format.callPrefix, grammar } }
        : {}),
      sampling: { temperature: attemptTemperature, topP: sampling.topP, topK: sampling.topK, seed },
      reusePrefix: backend.reusePrefix,
      checkpointAt,
      ...(attempt === 0 && setup.prefixReached !== undefined ? { prefixReached: setup.prefixReached } : {}),
      maxTokens,
      ...(request.stop === undefined || request.stop.length === 0 ? {} : { stop: request.stop }),
      signal,
      onText,
      ...(backend.steps === undefined ? {} : { steps: { barrier: backend.steps, sequenceId: slot.index } }),
    });
    outputs.push(output);
    if (attempt === 0 && output.keptTokens > 0)
      backend.checkpoints.diverged(prompt.tokens, output.keptTokens);
    if (constrained && output.stoppedOnLength)
      grammar = await backend.grammars.grammarFor(offered, ++compactLevel);
    parts = structured
      ? parseStructuredReply(backend.format, output.text)
      : backend.format.parse(output.text, allTools);
    problems = argumentProblems(parts, allTools, backend.validator);
    attempts.push({
      seed,
      temperature: attemptTemperature,
      rawText: output.text,
      outputTokens: output.outputTokens,
      ms: Math.round(output.endedAt - output.prefillStartedAt),
      problems,
    });
    if (!constrained || problems.length === 0 || attempt >= maxResamples) break;
  }
  return callResult({
    startedAt,
    renderedPrompt: prompt.text,
    outputs,
    parts,
    problems,
    attempts,
    extra: {
      decoding: constrained ? "constrained" : "free",
      ...(structured ? { responseFormat: request.responseFormat!.type } : {}),
      grammarFromStart: forceCall,
    },
    ...(loadMs === undefined ? {} : { loadMs }),
    recordTokenIds: backend.recordTokenIds,
  });
}
