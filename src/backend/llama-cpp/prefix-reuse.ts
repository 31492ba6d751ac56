/**
 * Prefix reuse on a llama-cpp context sequence. A sequence keeps the tokens (KV cache, recurrent
 * state) of its last call; a new prompt keeps the longest common prefix and evaluates only the
 * rest. Attention-only models truncate their KV cache anywhere. Hybrid and recurrent models
 * (qwen35, lfm2) cannot truncate a recurrent state: node-llama-cpp restores the last checkpoint
 * at or before the kept prefix and re-evaluates the tokens between, so checkpoints are taken at
 * the boundaries later prompts are likely to diverge after: the end of the shared system + tools
 * prefix, earlier divergence points, the end of each prompt and of each reply. Sliding-window
 * models (gemma3) keep only the last window-and-a-batch of positions in their SWA layers' caches:
 * a prefix is kept in place only while the window before its end is still held (llama-server's
 * rule), else from a checkpoint, as for hybrid models (node-llama-cpp checks only that the prefix's
 * end is held, and its SWA layers would then see a cut-off window).
 */
import type { LlamaContextSequence, Token } from "node-llama-cpp";

/** What aligning a sequence with a prompt kept. */
export interface Alignment {
  /** Prompt tokens the sequence holds after aligning (the first evaluated token's index). */
  kept: number;
  /** Tokens re-evaluated to restore the state at `kept` (from a checkpoint, or all of them). */
  restored: number;
}

/** Input and output tokens the sequence has evaluated so far. */
function evaluatedTotal(sequence: LlamaContextSequence): number {
  return sequence.tokenMeter.usedInputTokens + sequence.tokenMeter.usedOutputTokens;
}

/**
 * Keeps the longest common prefix of the sequence's tokens and `prompt`, at most all but the
 * prompt's last token (its logits start sampling), and erases everything after it.
 */
export async function alignSequence(
  sequence: LlamaContextSequence,
  prompt: readonly Token[],
): Promise<Alignment> {
  const { firstDifferentIndex } = sequence.compareContextTokens(prompt as Token[]);
  const keep = windowSafeKeep(sequence, Math.max(0, Math.min(firstDifferentIndex, prompt.length - 1)));
  const before = evaluatedTotal(sequence);
  // The end is past everything held, so speculative tokens a predictor left are erased too.
  await sequence.eraseContextTokenRanges([{ start: keep, end: Number.MAX_SAFE_INTEGER }]);
  return { kept: sequence.nextTokenIndex, restored: evaluatedTotal(sequence) - before };
}

/**
 * `keep`, or, on a sliding-window model whose SWA caches no longer hold the `window` positions
 * before `keep` (llama-server's `pos_min > pos_next - n_swa`), the oldest position they hold:
 * erasing from there makes node-llama-cpp restore a checkpoint (or re-evaluate from the start).
 */
export function windowSafeKeep(sequence: LlamaContextSequence, keep: number): number {
  const window = sequence.model.fileInsights.swaSize;
  if (window === undefined || window === null || window <= 0 || keep === 0 || !sequence.needsCheckpoints)
    return keep;
  const oldest = sequence.stateCellsStartIndex;
  return oldest <= Math.max(0, keep - window) ? keep : Math.max(0, Math.min(keep, oldest));
}

/**
 * Evaluates `prompt` from `from` up to (not including) its last token, checkpointing the state at
 * each of `boundaries` (token counts) past `from` and at the end. The last token is left for the
 * sampling evaluation.
 */
export async function evaluatePromptWithCheckpoints(
  sequence: LlamaContextSequence,
  prompt: readonly Token[],
  from: number,
  boundaries: readonly number[],
  reached?: PrefixHook,
): Promise<void> {
  const end = prompt.length - 1;
  const wanted = reached === undefined ? boundaries : [...boundaries, reached.length];
  const stops = [...new Set(wanted)].filter((stop) => stop > from && stop < end).sort((a, b) => a - b);
  stops.push(end);
  let position = from;
  for (const stop of stops) {
    if (stop <= position) continue;
    await sequence.evaluateWithoutGeneratingNewTokens(prompt.slice(position, stop) as Token[]);
    await sequence.takeCheckpoint();
    if (reached !== undefined && stop === reached.length) await reached.run();
    position = stop;
  }
}

/** Something to do once the prompt's first `length` tokens are evaluated (save a snapshot). */
export interface PrefixHook {
  length: number;
  run: () => Promise<void>;
}
