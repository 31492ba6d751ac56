/**
 * Finds where a JSON value embedded in model output ends (bracket depth, strings and escapes),
 * so calls written as JSON can be cut out of surrounding text and truncation told apart from
 * syntax errors. A value nested deeper than a call may be (see nesting-depth.ts) is an error
 * before it is decoded.
 */

import { errorMessage } from "../error-message.js";
import { callWrapperDepth, maxNestingDepth } from "./nesting-depth.js";

/** Deepest JSON text `readJsonValue` decodes: the arguments' limit plus a call's wrappers. */
export const maxJsonTextDepth = maxNestingDepth + callWrapperDepth;

/** A JSON value read from text, or why not. */
export type JsonReadResult =
  | { ok: true; value: unknown; end: number }
  | { ok: false; type: "truncated" | "invalid-json"; message: string; end: number };

/**
 * Reads the JSON object or array that starts at `start` (which must be `{` or `[`). `end` is the
 * offset after it; on failure, the offset where reading stopped.
 */
export function readJsonValue(text: string, start: number): JsonReadResult {
  const stack: string[] = [];
  let deepest = 0;
  let inString = false;
  for (let index = start; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === "\\") index += 1;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === "{" || char === "[") deepest = Math.max(deepest, stack.push(char === "{" ? "}" : "]"));
    else if (char === "}" || char === "]") {
      if (stack.pop() !== char) {
        return {
          ok: false,
          type: "invalid-json",
          message: `unbalanced '${char}' at offset ${index}`,
          end: index + 1,
        };
      }
      if (stack.length > 0) continue;
      if (deepest > maxJsonTextDepth) {
        return {
          ok: false,
          type: "invalid-json",
          message: `the JSON is nested deeper than ${maxJsonTextDepth} levels (call arguments may nest ${maxNestingDepth})`,
          end: index + 1,
        };
      }
      return parseSlice(text, start, index + 1);
    } else if (index === start) {
      return {
        ok: false,
        type: "invalid-json",
        message: `expected '{' or '[' at offset ${start}`,
        end: start,
      };
    }
  }
  return { ok: false, type: "truncated", message: "the output ends inside a JSON value", end: text.length };
}

function parseSlice(text: string, start: number, end: number): JsonReadResult {
  try {
    return { ok: true, value: JSON.parse(text.slice(start, end)), end };
  } catch (error) {
    const message = errorMessage(error);
    return { ok: false, type: "invalid-json", message: `invalid JSON: ${message}`, end };
  }
}

/** Index of the first non-whitespace character at or after `from` (text length if none). */
export function skipWhitespace(text: string, from: number): number {
  let index = from;
  while (index < text.length && /\s/.test(text[index] ?? "")) index += 1;
  return index;
}
