/**
 * One generation on the llama-cpp backend's sequence: the prompt (plus any forced call prefix) is
 * evaluated, then tokens are sampled until an end-of-generation token, the token budget, or an
 * abort. A call grammar applies from the first token, or (auto mode) from the moment the output
 * ends with the format's call prefix: that first evaluation is stopped and a new one continues on
 * the same sequence under the grammar. Timing is measured here, per token.
 *
 * With prefix reuse the sequence keeps what it holds from its last call: the longest common prefix
 * with the new prompt stays (at most all but the prompt's last token, whose logits start sampling)
 * and only the rest is evaluated (see prefix-reuse.ts). Without it the sequence is cleared first.
 */
import {
  type LlamaContextSequence,
  type LlamaGrammar,
  LlamaGrammarEvaluationState,
  type LlamaModel,
  type Token,
} from "node-llama-cpp";
import { findStop, stopHoldback } from "../stop-sequences.js";
import { abortedError } from "./aborted-error.js";
import type { DecodeStepBarrier, StepMember } from "./decode-step-barrier.js";
import { alignSequence, evaluatePromptWithCheckpoints, type PrefixHook } from "./prefix-reuse.js";

/** Sampling for one decode (temperature 0 = greedy). */
export interface DecodeSampling {
  temperature: number;
  topP?: number;
  topK?: number;
  seed: number;
}

/** What to decode. */
export interface DecodeInput {
  model: LlamaModel;
  sequence: LlamaContextSequence;
  promptTokens: Token[];
  /** Text placed after the prompt as if the model had written it (it starts the output). */
  forcedText: string;
  /** Grammar applied from the first sampled token. */
  grammar?: LlamaGrammar;
  /** Grammar applied once the output ends with `prefix` (ignored when `grammar` is set). */
  grammarAfter?: { prefix: string; grammar: LlamaGrammar };
  sampling: DecodeSampling;
  /** Keep the sequence's common prefix with the prompt instead of clearing it (default false). */
  reusePrefix?: boolean;
  /**
   * Prompt token counts after which a hybrid or recurrent model's state is checkpointed (with
   * reuse only; attention-only models need none).
   */
  checkpointAt?: readonly number[];
  /** Run once the prompt's first `length` tokens are evaluated (with reuse only). */
  prefixReached?: PrefixHook;
  /** Most tokens to sample. */
  maxTokens: number;
  /** Stop sequences: decoding ends where the output first contains one; the text ends before it. */
  stop?: readonly string[];
  signal?: AbortSignal;
  /** Receives the output text as it grows (forced text included), in order. */
  onText?: (delta: string) => void;
  /**
   * The context's barrier when it has several sequences, so their tokens go in one batch per step,
   * and this sequence's llama.cpp id (its index in creation order) to order them by.
   */
  steps?: { barrier: DecodeStepBarrier; sequenceId: number };
}

/** What a decode produced. Times are `performance.now()` readings. */
export interface DecodeOutput {
  text: string;
  /** Prompt tokens plus forced and injected tokens. */
  inputTokens: number;
  /** Input tokens not evaluated again: the reused prefix, less what restoring a checkpoint re-read. */
  cachedInputTokens: number;
  /** Where the kept prefix ended (0 without reuse): the prompt's first evaluated token. */
  keptTokens: number;
  /** Tokens the model sampled (end-of-generation token excluded). */
  outputTokens: number;
  /** The output's token ids (forced and injected tokens included), in order. */
  outputTokenIds: Token[];
  stoppedOnLength: boolean;
  /** Whether the grammar was switched on mid-generation (auto mode). */
  grammarSwitched: boolean;
  prefillStartedAt: number;
  firstTokenAt: number | undefined;
  endedAt: number;
}

/** Emits text growth, holding back an incomplete UTF-8 sequence at the end. */
class TextEmitter {
  private emitted = "";
  constructor(private readonly onText: ((delta: string) => void) | undefined) {}

  /** `hold`: characters at the end not to send yet (a possible beginning of a stop sequence). */
  update(text: string, final: boolean, hold = 0): void {
    if (this.onText === undefined) return;
    const ready = final ? text : text.slice(0, text.length - hold).replace(/\uFFFD+$/, "");
    if (ready.length > this.emitted.length && ready.startsWith(this.emitted)) {
      this.onText(ready.slice(this.emitted.length));
      this.emitted = ready;
    }
  }
}

/** Runs one decode. Rejects with EdgecallError "aborted" when `signal` fires. */
export async function decode(input: DecodeInput): Promise<DecodeOutput> {
  const seat: { member?: StepMember } = {};
  try {
    return await decodeSteps(input, seat);
  } finally {
    seat.member?.leave();
  }
}

async function decodeSteps(input: DecodeInput, seat: { member?: StepMember }): Promise<DecodeOutput> {
  const { model, sequence, promptTokens, sampling, signal } = input;
  if (signal?.aborted) throw abortedError();
  const prefillStartedAt = performance.now();
  let kept = 0;
  let restored = 0;
  if (input.reusePrefix === true) ({ kept, restored } = await alignSequence(sequence, promptTokens));
  else await sequence.clearHistory();
  const member = input.steps?.barrier.join(input.steps.sequenceId, promptTokens.length - kept);
  seat.member = member;
  if (input.reusePrefix === true) {
    // Evaluate up to each boundary, checkpointing (hybrid models); the last prompt token is left to
    // `evaluate`, alone, so a repeated prompt's logits come from the same state and the same batch
    // shape as the first time, and a seed gives the same text again.
    const boundaries = sequence.needsCheckpoints ? (input.checkpointAt ?? []) : [];
    await evaluatePromptWithCheckpoints(sequence, promptTokens, kept, boundaries, input.prefixReached);
  }
  const evaluatedUpTo = sequence.nextTokenIndex;
  // Prompt lookup (when the sequence has a predictor) drafts from this call's prompt.
  sequence.tokenPredictor?.updateInputTokens(promptTokens);
  const forcedTokens = input.forcedText === "" ? [] : model.tokenize(input.forcedText, true);
  const outputTokens: Token[] = [...forcedTokens];
  const emitter = new TextEmitter(input.onText);
  const detokenize = () => model.detokenize(outputTokens, true, promptTokens);
  let text = input.forcedText;
  emitter.update(text, false, stopHoldback(text, input.stop));
  let pending: Token[] = [...promptTokens.slice(evaluatedUpTo), ...forcedTokens];
  let injected = forcedTokens.length;
  let grammarState =
    input.grammar === undefined
      ? undefined
      : new LlamaGrammarEvaluationState({ model, grammar: input.grammar });
  let switchAfter = input.grammar === undefined ? input.grammarAfter : undefined;
  let sampled = 0;
  let stoppedOnLength = false;
  let stoppedOnStop = false;
  const stops = input.stop ?? [];
  const longestStop = Math.max(0, ...stops.map((stop) => stop.length));
  let aborted = false;
  let grammarSwitched = false;
  let firstTokenAt: number | undefined;

  while (pending.length > 0) {
    const options = {
      temperature: sampling.temperature,
      seed: sampling.seed,
      ...(sampling.topP === undefined ? {} : { topP: sampling.topP }),
      ...(sampling.topK === undefined ? {} : { topK: sampling.topK }),
      ...(grammarState === undefined ? {} : { grammarEvaluationState: grammarState }),
    };
    const tokensToEvaluate = pending;
    pending = [];
    if (sampled >= input.maxTokens) {
      stoppedOnLength = true;
      break;
    }
    for await (const token of sequence.evaluate(tokensToEvaluate, options)) {
      firstTokenAt ??= performance.now();
      member?.decoding();
      sampled += 1;
      outputTokens.push(token);
      const previousLength = text.length;
      text = detokenize();
      if (switchAfter !== undefined) {
        const index = text.indexOf(
          switchAfter.prefix,
          Math.max(0, previousLength - switchAfter.prefix.length),
        );
        if (index >= 0) {
          // Keep the output up to the end of the prefix, then go on under the grammar.
          const end = index + switchAfter.prefix.length;
          outputTokens.pop();
          const before = detokenize();
          const feed = end === text.length ? [token] : model.tokenize(text.slice(before.length, end), true);
          injected += end === text.length ? 0 : feed.length;
          outputTokens.push(...feed);
          text = detokenize();
          grammarState = new LlamaGrammarEvaluationState({ model, grammar: switchAfter.grammar });
          switchAfter = undefined;
          grammarSwitched = true;
          pending = feed;
        }
      }
      if (stops.length > 0) {
        const at = findStop(text, stops, previousLength - longestStop);
        if (at !== undefined) {
          text = text.slice(0, at);
          stoppedOnStop = true;
          pending = [];
          break;
        }
      }
      emitter.update(text, false, stops.length > 0 ? stopHoldback(text, stops) : 0);
      if (pending.length > 0) break;
      if (sampled >= input.maxTokens) {
        stoppedOnLength = true;
        break;
      }
      if (signal?.aborted) {
        aborted = true;
        break;
      }
      // The next token is queued when the loop asks for it: with the other sequences' (see
      // decode-step-barrier.ts).
      if (member !== undefined) await member.arrive();
    }
    if (aborted || stoppedOnLength || stoppedOnStop) break;
  }
  // Done decoding: the other sequences' steps no longer wait for this one (the checkpoint below
  // can take a while).
  member?.leave();
  if (aborted || signal?.aborted) throw abortedError();
  // The state after this reply is where the next turn of a conversation starts.
  if (input.reusePrefix === true && sequence.needsCheckpoints) await sequence.takeCheckpoint();
  emitter.update(text, true);
  return {
    text,
    inputTokens: promptTokens.length + injected,
    cachedInputTokens: Math.max(0, kept - restored),
    keptTokens: kept,
    outputTokens: sampled,
    outputTokenIds: outputTokens,
    stoppedOnLength,
    grammarSwitched,
    prefillStartedAt,
    firstTokenAt,
    endedAt: performance.now(),
  };
}
