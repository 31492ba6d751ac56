/**
 * The frame every format's parser runs in: reasoning is split off first, the format reads the
 * visible text, adjacent text parts are merged, and any unexpected failure becomes a typed error
 * part, so `parse` never throws. Whether a reasoning tag is inside a call is asked of the format's
 * own body parser (src/formats/think-blocks.ts), so tags in a call's arguments stay the call's.
 */

import { errorMessage } from "../error-message.js";
import type { ContentPart } from "../messages.js";
import { errorPart } from "./call-parts.js";
import { type CallAround, defaultThinkTags, splitReasoning, type ThinkTags } from "./think-blocks.js";

/** Reads the visible text of one output segment into parts. May throw; the driver catches. */
export type BodyParser = (text: string) => ContentPart[];

/** How to split reasoning off before the body parser runs. */
export interface ParseFrameOptions {
  thinkTags?: readonly ThinkTags[];
  /** Ends an unclosed reasoning block (the format's `callPrefix`). */
  callPrefix?: string;
}

/** Parses `text` with `parseBody` inside the reasoning / never-throw frame. */
export function parseInFrame(
  text: unknown,
  parseBody: BodyParser,
  options: ParseFrameOptions = {},
): ContentPart[] {
  const input = typeof text === "string" ? text : String(text ?? "");
  try {
    const parts: ContentPart[] = [];
    for (const segment of splitReasoning(input, {
      tags: options.thinkTags ?? defaultThinkTags,
      callPrefix: options.callPrefix ?? "",
      callAround: callAroundOf(parseBody),
    })) {
      if (segment.kind === "reasoning") parts.push({ type: "reasoning", text: segment.text });
      else parts.push(...parseBody(segment.text));
    }
    return tidy(parts);
  } catch (error) {
    const message = errorMessage(error);
    return [errorPart("invalid-syntax", `could not parse the output: ${message}`, input)];
  }
}

/**
 * A tag is inside a call when the format, reading the text up to and including the tag, ends it
 * in a call (almost always an unfinished one: `truncated`) rather than in text. The call begins
 * where its raw text does (a parser that keeps no raw text: where the text begins).
 */
function callAroundOf(parseBody: BodyParser): CallAround {
  return (text) => {
    const last = parseBody(text)
      .filter((part) => part.type !== "text" || part.text !== "")
      .at(-1);
    if (last === undefined || last.type === "text" || last.type === "reasoning") return undefined;
    const raw = last.type === "tool-call-error" ? last.error.raw : "";
    return raw !== "" && text.endsWith(raw) ? text.length - raw.length : 0;
  };
}

/** Merges adjacent text parts and drops text parts that are only whitespace. */
function tidy(parts: readonly ContentPart[]): ContentPart[] {
  const result: ContentPart[] = [];
  for (const part of parts) {
    const last = result[result.length - 1];
    if (part.type === "text" && last?.type === "text") last.text += part.text;
    else result.push(part.type === "text" ? { type: "text", text: part.text } : part);
  }
  return result.filter((part) => part.type !== "text" || part.text.trim() !== "");
}
