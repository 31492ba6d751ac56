/**
 * Where to checkpoint a hybrid or recurrent model's state while a prompt is evaluated (see
 * prefix-reuse.ts): at the end of the instructions (leading system messages and tools, rendered
 * on their own, which calls with other user messages share), at the end of the history (the
 * conversation without the generation prompt, which the next turn's prompt starts with; templates
 * render the generation prompt and an earlier assistant turn differently) and at prefixes where
 * earlier prompts diverged from what a sequence held. Attention-only models need none of this.
 */
import type { Token } from "node-llama-cpp";
import type { ChatMessage, ToolDefinition } from "../../messages.js";
import { sha256Hex } from "../../sha256.js";
import { historyTokens, type PromptSource } from "./prompt.js";
import { sharedPrefixLength } from "./sequence-pool.js";

const instructionCacheSize = 32;

/** Checkpoint boundaries for the prompts of one backend. */
export class CheckpointPlanner {
  private readonly instructions = new Map<string, Token[] | undefined>();
  private readonly divergences = new DivergenceBoundaries();

  constructor(private readonly source: PromptSource) {}

  /** Token counts of `prompt` after which to checkpoint. */
  boundaries(
    messages: readonly ChatMessage[],
    tools: readonly ToolDefinition[],
    enableThinking: boolean | undefined,
    prompt: readonly Token[],
  ): number[] {
    const found = this.divergences.within(prompt);
    for (const rendered of [
      this.instructionsFor(messages, tools, enableThinking),
      historyTokens(this.source, messages, tools, enableThinking),
    ]) {
      if (rendered === undefined) continue;
      const shared = sharedPrefixLength(rendered, prompt);
      if (shared > 0) found.push(shared);
    }
    return found;
  }

  /** How many leading tokens of `prompt` are its instructions (system messages and tools); 0 if unknown. */
  instructionLength(
    messages: readonly ChatMessage[],
    tools: readonly ToolDefinition[],
    enableThinking: boolean | undefined,
    prompt: readonly Token[],
  ): number {
    const instructions = this.instructionsFor(messages, tools, enableThinking);
    return instructions === undefined ? 0 : sharedPrefixLength(instructions, prompt);
  }

  /** Records where a prompt stopped matching what its sequence held (`kept` tokens matched). */
  diverged(prompt: readonly Token[], kept: number): void {
    this.divergences.remember(prompt, kept);
  }

  private instructionsFor(
    messages: readonly ChatMessage[],
    tools: readonly ToolDefinition[],
    enableThinking: boolean | undefined,
  ): Token[] | undefined {
    const firstOther = messages.findIndex((message) => message.role !== "system");
    const leading = firstOther < 0 ? messages : messages.slice(0, firstOther);
    const key = sha256Hex(JSON.stringify([leading, tools, enableThinking ?? null]));
    if (this.instructions.has(key)) return this.instructions.get(key);
    const tokens = historyTokens(this.source, leading, tools, enableThinking);
    if (this.instructions.size >= instructionCacheSize)
      this.instructions.delete(this.instructions.keys().next().value!);
    this.instructions.set(key, tokens);
    return tokens;
  }
}

/**
 * Remembers where prompts diverged from what a sequence held, as prefixes (length and hash), so a
 * later prompt that starts with the same prefix is checkpointed there on its first evaluation.
 * Bounded: the oldest boundaries are forgotten first.
 */
export class DivergenceBoundaries {
  private readonly known: { length: number; hash: number }[] = [];

  constructor(private readonly capacity = 32) {}

  /** Records that a prompt's first `length` tokens were shared with an earlier one. */
  remember(prompt: readonly Token[], length: number): void {
    if (length < 1 || length >= prompt.length) return;
    const hash = prefixHash(prompt, length);
    if (this.known.some((boundary) => boundary.length === length && boundary.hash === hash)) return;
    this.known.push({ length, hash });
    if (this.known.length > this.capacity) this.known.shift();
  }

  /** The remembered boundaries `prompt` starts with, as token counts. */
  within(prompt: readonly Token[]): number[] {
    const lengths = [...new Set(this.known.map((boundary) => boundary.length))]
      .filter((length) => length < prompt.length)
      .sort((a, b) => a - b);
    const found: number[] = [];
    let hash = fnvOffset;
    let position = 0;
    for (const length of lengths) {
      for (; position < length; position++) hash = mix(hash, prompt[position]!);
      if (this.known.some((boundary) => boundary.length === length && boundary.hash === hash))
        found.push(length);
    }
    return found;
  }
}

const fnvOffset = 0x811c9dc5;

function mix(hash: number, token: number): number {
  return Math.imul(hash ^ token, 0x01000193) >>> 0;
}

function prefixHash(tokens: readonly Token[], length: number): number {
  let hash = fnvOffset;
  for (let index = 0; index < length; index++) hash = mix(hash, tokens[index]!);
  return hash;
}
