/**
 * Cuts calls wrapped in open / close tags (`<tool_call>…</tool_call>`,
 * `<|tool_call_start|>…<|tool_call_end|>`) out of text. Text between blocks becomes text parts; a
 * block whose close tag never comes is `truncated` when its content is incomplete, otherwise
 * `missing-close-tag`.
 */
import type { ContentPart } from "../messages.js";
import { errorPart, textPart } from "./call-parts.js";

/**
 * Reads the content of one block. `closed` is false when the close tag is missing (the content
 * then runs to the next open tag or the end of the output).
 */
export type BlockParser = (inner: string, raw: string, closed: boolean) => ContentPart[];

/** Finds the close tag from `from`; lets a format skip sections (CDATA) where the tag does not count. */
export type CloseFinder = (text: string, close: string, from: number) => number;

const findPlainClose: CloseFinder = (text, close, from) => text.indexOf(close, from);

/** Splits `text` into text parts and the parts `parseBlock` makes of each tagged block. */
export function parseTaggedBlocks(
  text: string,
  open: string,
  close: string,
  parseBlock: BlockParser,
  findClose: CloseFinder = findPlainClose,
): ContentPart[] {
  const parts: ContentPart[] = [];
  let position = 0;
  for (;;) {
    const openIndex = text.indexOf(open, position);
    if (openIndex < 0) break;
    if (openIndex > position) parts.push(textPart(text.slice(position, openIndex)));
    const innerStart = openIndex + open.length;
    const closeIndex = findClose(text, close, innerStart);
    const nextOpen = text.indexOf(open, innerStart);
    if (closeIndex >= 0 && (nextOpen < 0 || closeIndex < nextOpen)) {
      parts.push(
        ...parseBlock(
          text.slice(innerStart, closeIndex),
          text.slice(openIndex, closeIndex + close.length),
          true,
        ),
      );
      position = closeIndex + close.length;
      continue;
    }
    const blockEnd = nextOpen >= 0 ? nextOpen : text.length;
    const inner = text.slice(innerStart, blockEnd);
    const raw = text.slice(openIndex, blockEnd);
    parts.push(...unclosedBlock(parseBlock(inner, raw, false), inner, raw, close, nextOpen < 0));
    position = blockEnd;
  }
  if (position < text.length) parts.push(textPart(text.slice(position)));
  return parts;
}

function unclosedBlock(
  parsed: ContentPart[],
  inner: string,
  raw: string,
  close: string,
  atEnd: boolean,
): ContentPart[] {
  if (inner.trim() === "" && atEnd)
    return [errorPart("truncated", `the output ends right after the call's open tag`, raw)];
  if (parsed.some((part) => part.type === "tool-call-error"))
    return parsed.filter((part) => part.type !== "tool-call");
  const where = atEnd ? "the output ends" : "the next call starts";
  return [errorPart("missing-close-tag", `${close} is missing: ${where} before the call is closed`, raw)];
}
