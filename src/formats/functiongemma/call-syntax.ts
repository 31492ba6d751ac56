/**
 * FunctionGemma's calls: `<start_function_call>call:NAME{key:<escape>text<escape>,n:3}
 * <end_function_call>`, one block per call, parallel calls written back to back. The reader scans
 * the model's visible text: text between calls stays text, each block becomes a call or a typed
 * error (`truncated`, `missing-close-tag`, `missing-name`, `invalid-syntax`, `invalid-arguments`
 * for arguments nested too deeply), and it never throws. A `<start_function_response>` the model
 * writes itself ends its reply there (the family documents that token as a stop sequence: the
 * model is imagining the tool's result), so nothing after it is read.
 */
import type { ContentPart, ToolCall } from "../../messages.js";
import { callPart, errorPart, textPart } from "../call-parts.js";
import { tooDeepMessage } from "../nesting-depth.js";
import { readFunctionGemmaArguments, renderFunctionGemmaFields } from "./value-syntax.js";

/** Opens a call. */
export const callOpen = "<start_function_call>";
/** Closes a call. */
export const callClose = "<end_function_call>";
/** Opens a tool response (a stop sequence for generation). */
export const responseOpen = "<start_function_response>";
/** Closes a tool response. */
export const responseClose = "<end_function_response>";
/** Ends a turn; dropped from the text when the output still holds it. */
export const turnEnd = "<end_of_turn>";

/** One call as the model writes it. */
export function renderFunctionGemmaCall(call: ToolCall): string {
  return `${callOpen}call:${call.name}${renderFunctionGemmaFields(call.arguments)}${callClose}`;
}

/** A turn's calls, back to back. */
export function renderFunctionGemmaCalls(calls: readonly ToolCall[]): string {
  return calls.map(renderFunctionGemmaCall).join("");
}

/** Characters a function name may hold (names end at `{`). */
const namePattern = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** The parts of one call block starting at `start` (the open tag), and where reading resumes. */
function readCall(text: string, start: number): { parts: ContentPart[]; end: number } {
  const nextOpen = text.indexOf(callOpen, start + callOpen.length);
  const blockEnd = nextOpen < 0 ? text.length : nextOpen;
  const rawTo = (end: number) => text.slice(start, end);
  // A malformed call ends at its close tag when it has one, else where the next call starts.
  const closeAt = text.indexOf(callClose, start);
  const errorEnd = closeAt >= 0 && closeAt < blockEnd ? closeAt + callClose.length : blockEnd;
  const failAt = (type: Parameters<typeof errorPart>[0], message: string) => ({
    parts: [errorPart(type, message, rawTo(errorEnd))],
    end: errorEnd,
  });
  let index = start + callOpen.length;
  while (index < blockEnd && /\s/.test(text[index]!)) index += 1;
  const head = text.slice(index, blockEnd);
  if (nextOpen < 0 && "call:".startsWith(head))
    return failAt("truncated", "the output ends right after the call's open tag");
  if (head.trim() === "") return failAt("invalid-syntax", "the call block is empty");
  if (!head.startsWith("call:")) return failAt("invalid-syntax", `a call must start with "call:NAME{"`);
  index += "call:".length;
  const brace = text.indexOf("{", index);
  const name = text.slice(index, brace < 0 || brace > blockEnd ? blockEnd : brace).trim();
  if (brace < 0 || brace >= blockEnd) {
    if (nextOpen < 0 && (name === "" || namePattern.test(name)))
      return failAt("truncated", "the output ends inside the call's name");
    return failAt("invalid-syntax", `expected "{" after the function name`);
  }
  if (name === "") return failAt("missing-name", "the call has no function name");
  if (!namePattern.test(name))
    return failAt("invalid-syntax", `invalid function name ${JSON.stringify(name)}`);
  const read = readFunctionGemmaArguments(text.slice(0, blockEnd), brace);
  if (!read.ok) {
    if (read.kind === "too-deep") return failAt("invalid-arguments", tooDeepMessage(name));
    if (read.kind === "truncated" && closeAt >= 0 && closeAt < blockEnd)
      return failAt(
        "invalid-syntax",
        `${name}: ${callClose} comes before the arguments are complete (${read.message})`,
      );
    if (read.kind === "truncated" && nextOpen >= 0)
      return failAt(
        "missing-close-tag",
        `${callClose} is missing: the next call starts before this one is complete`,
      );
    return failAt(read.kind, `${name}: ${read.message}`);
  }
  let after = read.end;
  while (after < blockEnd && /\s/.test(text[after]!)) after += 1;
  if (text.startsWith(callClose, after)) {
    const end = after + callClose.length;
    return {
      parts: [callPart(name, read.value as Record<string, unknown>, undefined, undefined, rawTo(end))],
      end,
    };
  }
  if (nextOpen < 0 && after < text.length && callClose.startsWith(text.slice(after)))
    return failAt("truncated", `the output ends inside ${callClose}`);
  if (after >= blockEnd) {
    const where = nextOpen < 0 ? "the output ends" : "the next call starts";
    return failAt("missing-close-tag", `${callClose} is missing: ${where} before the call is closed`);
  }
  return failAt("invalid-syntax", `${name}: unexpected text after the arguments, before ${callClose}`);
}

/** Splits visible model text into text parts, calls and typed errors. */
export function parseFunctionGemmaBody(text: string): ContentPart[] {
  const responseAt = text.indexOf(responseOpen);
  const visible = (responseAt < 0 ? text : text.slice(0, responseAt)).split(turnEnd).join("");
  const parts: ContentPart[] = [];
  let position = 0;
  for (;;) {
    const open = visible.indexOf(callOpen, position);
    if (open < 0) break;
    if (open > position) parts.push(textPart(visible.slice(position, open)));
    const call = readCall(visible, open);
    parts.push(...call.parts);
    position = call.end;
  }
  if (position < visible.length) parts.push(textPart(visible.slice(position)));
  return parts;
}
