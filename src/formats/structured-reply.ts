/**
 * A reply in a response format (JSON text the caller asked for) is not read for tool calls: its
 * JSON would otherwise look like a call to formats that recognise calls by shape. Reasoning is
 * still split off, with the format's tags, except inside the JSON: a tag in one of its strings is
 * the reply's text.
 */
import type { ContentPart } from "../messages.js";
import { readJsonValue, skipWhitespace } from "./json-scan.js";
import { type CallAround, defaultThinkTags, splitReasoning } from "./think-blocks.js";
import type { ToolCallFormat } from "./tool-call-format.js";

/** A tag is inside the reply when the text before it began a JSON value that has not ended. */
const insideJson: CallAround = (text) => {
  const start = skipWhitespace(text, 0);
  if (text[start] !== "{" && text[start] !== "[") return undefined;
  return readJsonValue(text, start).ok ? undefined : start;
};

/** The parts of a response-format reply: reasoning blocks and the text, in order. */
export function parseStructuredReply(format: ToolCallFormat, text: string): ContentPart[] {
  return splitReasoning(text, { tags: format.thinkTags ?? defaultThinkTags, callAround: insideJson }).map(
    (segment): ContentPart =>
      segment.kind === "reasoning"
        ? { type: "reasoning", text: segment.text }
        : { type: "text", text: segment.text },
  );
}
