/**
 * A reply in a response format (JSON text the caller asked for) is not read for tool calls: its
 * JSON would otherwise look like a call to formats that recognise calls by shape. Reasoning is
 * still split off, with the format's tags.
 */
import type { ContentPart } from "../messages.js";
import { defaultThinkTags, splitReasoning } from "./think-blocks.js";
import type { ToolCallFormat } from "./tool-call-format.js";

/** The parts of a response-format reply: reasoning blocks and the text, in order. */
export function parseStructuredReply(format: ToolCallFormat, text: string): ContentPart[] {
  return splitReasoning(text, format.thinkTags ?? defaultThinkTags).map(
    (segment): ContentPart =>
      segment.kind === "reasoning"
        ? { type: "reasoning", text: segment.text }
        : { type: "text", text: segment.text },
  );
}
