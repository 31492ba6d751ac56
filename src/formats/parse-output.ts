/** The pure core of `edgecall parse`: raw model output → the parse JSON shape (plus reasoning). */
import type { ToolCall, ToolCallError, ToolDefinition } from "../messages.js";
import { summariseParts } from "../messages.js";
import { getFormat } from "./registry.js";
import type { FormatName, ToolCallFormat } from "./tool-call-format.js";

/** What `edgecall parse --json` prints. `toolCalls` carry `id` only when the format gives one. */
export interface ParseOutputResult {
  content: string;
  toolCalls: ToolCall[];
  errors: ToolCallError[];
  reasoning: string;
}

/**
 * Parses `text` with `format` (a name or a format). Unknown names throw EdgecallError("usage");
 * malformed output never throws, it comes back in `errors`.
 */
export function parseModelOutput(
  text: string,
  format: FormatName | string | ToolCallFormat,
  tools?: readonly ToolDefinition[],
): ParseOutputResult {
  const resolved = typeof format === "string" ? getFormat(format) : format;
  const summary = summariseParts(resolved.parse(text, tools));
  const toolCalls = summary.toolCalls.map((call) =>
    call.id === undefined
      ? { name: call.name, arguments: call.arguments }
      : { id: call.id, name: call.name, arguments: call.arguments },
  );
  return { content: summary.content, toolCalls, errors: summary.errors, reasoning: summary.reasoning };
}
