/**
 * Splits model output into reasoning and visible text. Handles closed `<think>…</think>` blocks
 * anywhere, a `</think>` without an opener (the generation prompt opened the block) and an
 * unclosed `<think>` (reasoning runs to the first call, or to the end).
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
 * Splits `text` into reasoning and text segments. `callPrefix` (optional) ends an unclosed
 * reasoning block, as models that open `<think>` sometimes start a call without closing it.
 * Reasoning is trimmed; empty reasoning blocks are dropped.
 */
export function splitReasoning(
  text: string,
  tags: readonly ThinkTags[] = defaultThinkTags,
  callPrefix = "",
): OutputSegment[] {
  const segments: OutputSegment[] = [];
  const pushReasoning = (reasoning: string) => {
    if (reasoning.trim() !== "") segments.push({ kind: "reasoning", text: reasoning.trim() });
  };
  let position = 0;
  const orphan = firstOrphanClose(text, tags);
  if (orphan) {
    pushReasoning(text.slice(0, orphan.index));
    position = orphan.index + orphan.tag.close.length;
  }
  while (position < text.length) {
    const opener = earliest(text, position, tags);
    if (!opener) break;
    if (opener.index > position) segments.push({ kind: "text", text: text.slice(position, opener.index) });
    const bodyStart = opener.index + opener.tag.open.length;
    const closeIndex = text.indexOf(opener.tag.close, bodyStart);
    if (closeIndex >= 0) {
      pushReasoning(text.slice(bodyStart, closeIndex));
      position = closeIndex + opener.tag.close.length;
      continue;
    }
    const callIndex = callPrefix === "" ? -1 : text.indexOf(callPrefix, bodyStart);
    const reasoningEnd = callIndex >= 0 ? callIndex : text.length;
    pushReasoning(text.slice(bodyStart, reasoningEnd));
    position = reasoningEnd;
    break;
  }
  if (position < text.length) segments.push({ kind: "text", text: text.slice(position) });
  return segments;
}

function earliest(
  text: string,
  from: number,
  tags: readonly ThinkTags[],
): { index: number; tag: ThinkTags } | undefined {
  let best: { index: number; tag: ThinkTags } | undefined;
  for (const tag of tags) {
    const index = text.indexOf(tag.open, from);
    if (index >= 0 && (!best || index < best.index)) best = { index, tag };
  }
  return best;
}

/** A closing tag that appears before any opening tag of its pair. */
function firstOrphanClose(
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
