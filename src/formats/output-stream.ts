/**
 * The incremental reading of a reply while it is generated, for streaming servers: which of the
 * text so far is certainly visible content and which is certainly reasoning, so that content can be
 * sent token by token while reasoning never reaches it and call markup is never sent as content.
 *
 * Each format says what may begin call markup ({@link ToolCallFormat.streamMarkers}, else its
 * `callPrefix`) and which tags delimit reasoning. Content is sent up to the first marker; from
 * there on the text is held until the reply is complete, when the format's own parser (the
 * authority, as for a whole reply) decides, and what it finds as content or reasoning beyond what
 * was sent follows. A possible beginning of a marker or tag at the end of the text is held too, and
 * so is whitespace at either end (the whole reply's content and reasoning are trimmed).
 *
 * What was sent cannot be taken back: when the parser's final reading does not extend what was
 * sent (a format read a call where no marker was, or the prompt opened a reasoning block that the
 * caller did not know of), {@link OutputStream.finish} says so in `diverged`.
 */
import type { ContentPart, ToolDefinition } from "../messages.js";
import { defaultThinkTags, firstOrphanClose, type ThinkTags } from "./think-blocks.js";
import type { ToolCallFormat } from "./tool-call-format.js";

/** A piece of the reply to send: visible text or reasoning. */
export interface StreamDelta {
  kind: "content" | "reasoning";
  text: string;
}

/** How to read the stream. */
export interface OutputStreamOptions {
  /** Tools offered (some formats' markers name them). */
  tools?: readonly ToolDefinition[];
  /** The prompt opened a reasoning block, so the output starts inside it (see {@link promptOpensReasoning}). */
  reasoningOpen?: boolean;
  /** Override the format's call markers ([]: the reply holds no calls, e.g. a JSON response format). */
  markers?: readonly string[];
}

/** The reply's visible content and reasoning as a whole reply presents them (content trimmed, reasoning blocks joined). */
export function finalTexts(parts: readonly ContentPart[]): { content: string; reasoning: string } {
  const text: string[] = [];
  const reasoning: string[] = [];
  for (const part of parts) {
    if (part.type === "text") text.push(part.text);
    else if (part.type === "reasoning") reasoning.push(part.text);
    else if (part.type === "tool-call-error") text.push(part.error.raw);
  }
  return { content: text.join("").trim(), reasoning: reasoning.join("\n").trim() };
}

/** True when `prompt` ends inside an open reasoning block of `tags` (the template opened it). */
export function promptOpensReasoning(prompt: string, tags: readonly ThinkTags[] = defaultThinkTags): boolean {
  return tags.some((tag) => {
    const open = prompt.lastIndexOf(tag.open);
    return open >= 0 && prompt.indexOf(tag.close, open + tag.open.length) < 0;
  });
}

/** Length of the longest end of `text` that is a proper beginning of one of `needles`. */
function partialTail(text: string, needles: readonly string[]): number {
  let longest = 0;
  for (const needle of needles) {
    for (let length = Math.min(needle.length - 1, text.length); length > longest; length--) {
      if (needle.startsWith(text.slice(text.length - length))) {
        longest = length;
        break;
      }
    }
  }
  return longest;
}

/** The earliest of `needles` in `text` from `from`. */
function earliest(
  text: string,
  from: number,
  needles: readonly string[],
): { index: number; needle: string } | undefined {
  let best: { index: number; needle: string } | undefined;
  for (const needle of needles) {
    if (needle === "") continue;
    const index = text.indexOf(needle, from);
    if (index >= 0 && (best === undefined || index < best.index)) best = { index, needle };
  }
  return best;
}

/** Reads one reply as it grows; `push` each raw delta, then `finish` with the parsed parts. */
export class OutputStream {
  private raw = "";
  private sentContent = "";
  private sentReasoning = "";
  private readonly tags: readonly ThinkTags[];
  private readonly markers: readonly string[];
  private readonly reasoningOpen: boolean;
  private readonly callPrefix: string;

  /** `format` undefined: the text is already visible content (a backend that parses remotely). */
  constructor(format: ToolCallFormat | undefined, options: OutputStreamOptions = {}) {
    this.tags = format === undefined ? [] : (format.thinkTags ?? defaultThinkTags);
    this.callPrefix = format?.callPrefix ?? "";
    const markers =
      options.markers ??
      format?.streamMarkers?.(options.tools ?? []) ??
      (this.callPrefix === "" ? [] : [this.callPrefix]);
    this.markers = markers.filter((marker) => marker !== "");
    this.reasoningOpen = options.reasoningOpen === true;
  }

  /** Content sent so far. */
  get content(): string {
    return this.sentContent;
  }

  /** Reasoning sent so far. */
  get reasoning(): string {
    return this.sentReasoning;
  }

  /** Takes the next raw text and returns what is now certain to send. */
  push(delta: string): StreamDelta[] {
    this.raw += delta;
    const { content, reasoning } = this.certain();
    return this.advance(content, reasoning);
  }

  /**
   * The rest of the reply once it is complete, from the format's parse of the whole text: what
   * its content and reasoning hold beyond what was sent. `diverged` names the side whose final text
   * does not begin with what was sent (nothing more is sent for it).
   */
  finish(parts: readonly ContentPart[]): { deltas: StreamDelta[]; diverged: ("content" | "reasoning")[] } {
    const final = finalTexts(parts);
    const diverged: ("content" | "reasoning")[] = [];
    if (!final.content.startsWith(this.sentContent)) diverged.push("content");
    if (!final.reasoning.startsWith(this.sentReasoning)) diverged.push("reasoning");
    return { deltas: this.advance(final.content, final.reasoning), diverged };
  }

  private advance(content: string, reasoning: string): StreamDelta[] {
    const deltas: StreamDelta[] = [];
    if (reasoning.length > this.sentReasoning.length && reasoning.startsWith(this.sentReasoning)) {
      deltas.push({ kind: "reasoning", text: reasoning.slice(this.sentReasoning.length) });
      this.sentReasoning = reasoning;
    }
    if (content.length > this.sentContent.length && content.startsWith(this.sentContent)) {
      deltas.push({ kind: "content", text: content.slice(this.sentContent.length) });
      this.sentContent = content;
    }
    return deltas;
  }

  /**
   * The content and reasoning certain so far, trimmed as the final reading trims them. Reasoning is
   * read where the parser reads it (src/formats/think-blocks.ts): a block the prompt opened, or one
   * opened by a tag at the very start; it ends at its close tag or at a call prefix (a tag inside a
   * call is the call's text, so the block's text is certain only up to the call).
   */
  private certain(): { content: string; reasoning: string } {
    const text = this.raw;
    const leading = text.length - text.trimStart().length;
    let closes = this.tags.map((tag) => tag.close);
    let inReasoning = this.reasoningOpen;
    let position = 0;
    if (!inReasoning) {
      const rest = text.slice(leading);
      const opener = this.tags.find((tag) => rest.startsWith(tag.open));
      if (opener) {
        inReasoning = true;
        closes = [opener.close];
        position = leading + opener.open.length;
      } else if (this.tags.some((tag) => tag.open.startsWith(rest))) {
        return { content: "", reasoning: "" }; // an opener may still be coming
      }
    }
    let reasoning = "";
    if (inReasoning) {
      const enders = this.callPrefix === "" ? closes : [...closes, this.callPrefix];
      const end = earliest(text, position, enders);
      if (end === undefined) {
        const body = text.slice(position);
        return { content: "", reasoning: body.slice(0, body.length - partialTail(body, enders)).trim() };
      }
      reasoning = text.slice(position, end.index).trim();
      if (!closes.includes(end.needle)) return { content: "", reasoning }; // a call: held
      position = end.index + end.needle.length;
    }
    const next = earliest(text, position, this.markers);
    const rest = text.slice(position, next?.index ?? text.length);
    // With no block read, a close tag means the prompt opened one after all: nothing is certain
    // from there (the parser reads the text before it as reasoning).
    const orphan = inReasoning ? undefined : firstOrphanClose(rest, this.tags);
    const held = inReasoning ? this.markers : [...this.markers, ...closes];
    const content =
      orphan !== undefined
        ? rest.slice(0, orphan.index)
        : next !== undefined
          ? rest
          : rest.slice(0, rest.length - partialTail(rest, held));
    return { content: content.trim(), reasoning };
  }
}
