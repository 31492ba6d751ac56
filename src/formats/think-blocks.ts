/**
 * Splits model output into reasoning and visible text. A reasoning block is recognised only where
 * a model can open one: at the start of the output (an opening tag, after optional whitespace), or
 * in the generation prompt, when the output starts inside the block and its first close tag (one
 * with no opener before it) ends it. Tags anywhere else, and above all inside a call, are text: a
 * call whose string argument holds `</think>` is a call, not the end of a reasoning block.
 *
 * Whether a tag is inside a call is the format's question ({@link CallAround}); the parse driver
 * answers it with the format's own body parser (src/formats/parse-driver.ts).
 */

/** A tag pair that delimits reasoning, e.g. `<think>` / `</think>` or Mistral's `[THINK]` / `[/THINK]`. */
export interface ThinkTags {
  open: string;
  close: string;
}

/** A stretch of output: reasoning or visible text, in order. */
export interface OutputSegment {
  kind: "text" | "reasoning";
  text: string;
}

/** The tags most families use. */
export const defaultThinkTags: readonly ThinkTags[] = [{ open: "<think>", close: "</think>" }];

/**
 * Given text that ends with a reasoning tag, where the call (or reply) holding that tag begins,
 * or undefined when the tag stands outside any call.
 */
export type CallAround = (textEndingInTag: string) => number | undefined;

/** How to split reasoning off. */
export interface SplitOptions {
  /** The tag pairs (default `<think>` / `</think>`). */
  tags?: readonly ThinkTags[];
  /**
   * The text that starts a call: it ends a reasoning block left open, as models that open
   * `<think>` sometimes start a call without closing it (and the call grammar takes over there).
   */
  callPrefix?: string;
  /** Says whether a tag is inside a call (absent: never). */
  callAround?: CallAround;
}

/** Splits `text` into reasoning and text segments; reasoning is trimmed and dropped when empty. */
export function splitReasoning(text: string, options: SplitOptions = {}): OutputSegment[] {
  const tags = options.tags ?? defaultThinkTags;
  const callAround = options.callAround ?? (() => undefined);
  const start = text.length - text.trimStart().length;
  const opener = tags.find((tag) => text.startsWith(tag.open, start));
  if (opener) {
    const bodyStart = start + opener.open.length;
    const closeIndex = text.indexOf(opener.close, bodyStart);
    if (closeIndex >= 0) {
      const closeEnd = closeIndex + opener.close.length;
      const around = callAround(text.slice(bodyStart, closeEnd));
      if (around === undefined)
        return segments(text.slice(0, start), text.slice(bodyStart, closeIndex), text.slice(closeEnd));
      // The close tag is a call's text: the block was left open and ends where the calls begin.
      return openBlock(text, start, bodyStart, options.callPrefix ?? "", bodyStart + around);
    }
    return openBlock(text, start, bodyStart, options.callPrefix ?? "", text.length);
  }
  const orphan = firstOrphanClose(text, tags);
  if (orphan === undefined) return segments("", "", text);
  const closeEnd = orphan.index + orphan.tag.close.length;
  if (callAround(text.slice(0, closeEnd)) !== undefined) return segments("", "", text);
  return segments("", text.slice(0, orphan.index), text.slice(closeEnd));
}

/** A block opened at `start` and never closed: it runs to the first call, or to `fallbackEnd`. */
function openBlock(
  text: string,
  start: number,
  bodyStart: number,
  callPrefix: string,
  fallbackEnd: number,
): OutputSegment[] {
  const callIndex = callPrefix === "" ? -1 : text.indexOf(callPrefix, bodyStart);
  const end = callIndex >= 0 ? Math.min(callIndex, fallbackEnd) : fallbackEnd;
  return segments(text.slice(0, start), text.slice(bodyStart, end), text.slice(end));
}

function segments(before: string, reasoning: string, after: string): OutputSegment[] {
  const result: OutputSegment[] = [];
  if (before !== "") result.push({ kind: "text", text: before });
  if (reasoning.trim() !== "") result.push({ kind: "reasoning", text: reasoning.trim() });
  if (after !== "") result.push({ kind: "text", text: after });
  return result;
}

/**
 * The first closing tag with no opener of its pair before it: where a block the generation prompt
 * opened would end.
 */
export function firstOrphanClose(
  text: string,
  tags: readonly ThinkTags[],
): { index: number; tag: ThinkTags } | undefined {
  let best: { index: number; tag: ThinkTags } | undefined;
  for (const tag of tags) {
    const closeIndex = text.indexOf(tag.close);
    if (closeIndex < 0) continue;
    const openIndex = text.indexOf(tag.open);
    if (openIndex >= 0 && openIndex < closeIndex) continue;
    if (!best || closeIndex < best.index) best = { index: closeIndex, tag };
  }
  return best;
}
