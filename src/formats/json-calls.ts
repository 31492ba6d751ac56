/**
 * Calls written as JSON (`{"name": ..., "arguments": ...}`, arrays of them, `{"tool_calls": [...]}`,
 * OpenAI `{"function": {...}}`), read out of surrounding text. Shared by the json, llama3, qwen3
 * and mistral formats.
 */
import type { ContentPart } from "../messages.js";
import { jsonItemSpans, jsonMemberSpan, mayLoseNumberKind } from "./arguments-text.js";
import { errorPart, jsonObjectToPart } from "./call-parts.js";
import { readJsonValue, skipWhitespace } from "./json-scan.js";

/**
 * Parts for a decoded JSON value holding calls; undefined when it holds nothing call-like.
 * `source`, the exact JSON text `value` was read from, lets calls keep their `argumentsText`.
 */
export function jsonValueToParts(value: unknown, raw: string, source?: string): ContentPart[] | undefined {
  const lossy = source !== undefined && mayLoseNumberKind(source);
  if (Array.isArray(value)) {
    if (value.length === 0) return [];
    const spans = lossy ? jsonItemSpans(source, skipWhitespace(source, 0)) : [];
    const parts = value.map((item, index) => {
      const span = spans[index];
      const itemSource = span === undefined ? undefined : source?.slice(span.start, span.end);
      return jsonObjectToPart(item, JSON.stringify(item) ?? raw, itemSource);
    });
    if (parts.every((part) => part === undefined)) return undefined;
    return parts.map(
      (part, index) => part ?? errorPart("missing-name", `item ${index} of the call list is not a call`, raw),
    );
  }
  if (
    typeof value === "object" &&
    value !== null &&
    Array.isArray((value as { tool_calls?: unknown }).tool_calls)
  ) {
    const span = lossy ? jsonMemberSpan(source, skipWhitespace(source, 0), "tool_calls") : undefined;
    const inner = span === undefined ? undefined : source?.slice(span.start, span.end);
    return jsonValueToParts((value as { tool_calls: unknown[] }).tool_calls, raw, inner) ?? [];
  }
  const part = jsonObjectToPart(value, raw, lossy ? source : undefined);
  return part === undefined ? undefined : [part];
}

/** What {@link readJsonCallRun} found: call / error parts and where the run ended. */
export interface JsonCallRun {
  parts: ContentPart[];
  end: number;
}

/**
 * Reads one or more JSON values holding calls from `start` (a `{` or `[`), separated by `;`, `,`
 * or whitespace. Returns undefined when the first value is valid JSON but holds no call (it is
 * text then). Truncated or invalid JSON becomes an error part.
 */
export function readJsonCallRun(text: string, start: number): JsonCallRun | undefined {
  const parts: ContentPart[] = [];
  let position = start;
  for (;;) {
    const result = readJsonValue(text, position);
    if (!result.ok) {
      const raw = result.type === "truncated" ? text.slice(position) : text.slice(position, result.end);
      parts.push(errorPart(result.type, result.message, raw));
      return { parts, end: result.type === "truncated" ? text.length : result.end };
    }
    const raw = text.slice(position, result.end);
    const found = jsonValueToParts(result.value, raw, raw);
    if (found === undefined) return parts.length === 0 ? undefined : { parts, end: position };
    parts.push(...found);
    position = result.end;
    let next = skipWhitespace(text, position);
    if (text[next] === ";" || text[next] === ",") next = skipWhitespace(text, next + 1);
    if (text[next] !== "{" && text[next] !== "[") return { parts, end: position };
    position = next;
  }
}
