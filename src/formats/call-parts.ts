/**
 * Building blocks shared by the parsers: content parts for calls and errors, and decoding of an
 * arguments value (an object, a double-encoded JSON string, or absent).
 */
import type { ContentPart, ToolCall, ToolCallErrorType } from "../messages.js";
import { callArgumentsText } from "./arguments-text.js";
import { exceedsNestingDepth, tooDeepMessage } from "./nesting-depth.js";

/**
 * A `tool-call` part; `id` and `argumentsText` (see `ToolCall`) are kept only when given.
 * Arguments nested deeper than `maxNestingDepth` give an `invalid-arguments` error part with
 * `raw` instead, so no deep value leaves a parser.
 */
export function callPart(
  name: string,
  argumentsObject: Record<string, unknown>,
  id?: string,
  argumentsText?: string,
  raw = "",
): ContentPart {
  if (exceedsNestingDepth(argumentsObject)) return errorPart("invalid-arguments", tooDeepMessage(name), raw);
  const toolCall: ToolCall =
    id === undefined ? { name, arguments: argumentsObject } : { id, name, arguments: argumentsObject };
  if (argumentsText !== undefined) toolCall.argumentsText = argumentsText;
  return { type: "tool-call", toolCall };
}

/** A `tool-call-error` part carrying the raw text of the malformed call. */
export function errorPart(type: ToolCallErrorType, message: string, raw: string): ContentPart {
  return { type: "tool-call-error", error: { type, message, raw } };
}

/** A `text` part. */
export function textPart(text: string): ContentPart {
  return { type: "text", text };
}

/** Decoded arguments or the reason they are not an object. */
export type DecodedArguments =
  | { ok: true; arguments: Record<string, unknown> }
  | { ok: false; message: string };

/** True for a plain (non-array, non-null) object. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Decodes a call's arguments: an object is used as is, a JSON string holding an object (possibly
 * encoded twice) is decoded, absent / null / "" mean no arguments. Anything else is an error.
 */
export function decodeArguments(value: unknown): DecodedArguments {
  let current = value;
  for (let round = 0; round < 3; round += 1) {
    if (current === undefined || current === null) return { ok: true, arguments: {} };
    if (isPlainObject(current)) return { ok: true, arguments: current };
    if (typeof current !== "string") break;
    const text: string = current;
    if (text.trim() === "") return { ok: true, arguments: {} };
    try {
      current = JSON.parse(text);
    } catch {
      return { ok: false, message: `arguments are a string that is not JSON: ${abbreviate(text)}` };
    }
  }
  return { ok: false, message: `arguments must be an object, got ${describe(current)}` };
}

/**
 * Turns one decoded JSON call object into a part. Accepts `{name, arguments|parameters, id?}` and
 * the OpenAI shape `{id?, type?, function: {name, arguments}}`. Returns undefined when the object
 * does not look like a call at all (no name, function, arguments or parameters key). `source`,
 * the exact JSON text `value` was read from, lets the call keep its `argumentsText`.
 */
export function jsonObjectToPart(value: unknown, raw: string, source?: string): ContentPart | undefined {
  if (!isPlainObject(value)) return undefined;
  const inner = isPlainObject(value.function) ? value.function : value;
  const looksLikeCall =
    ["name", "arguments", "parameters"].some((key) => key in inner) || "function" in value;
  if (!looksLikeCall) return undefined;
  const name = inner.name;
  if (typeof name !== "string" || name.trim() === "") {
    return errorPart("missing-name", "tool call has no function name", raw);
  }
  const decoded = decodeArguments("arguments" in inner ? inner.arguments : inner.parameters);
  if (!decoded.ok) return errorPart("invalid-arguments", `${name}: ${decoded.message}`, raw);
  const id = typeof value.id === "string" ? value.id : typeof inner.id === "string" ? inner.id : undefined;
  const argumentsText = source === undefined ? undefined : callArgumentsText(source);
  return callPart(name.trim(), decoded.arguments, id, argumentsText, raw);
}

/** Shortens text for an error message. */
export function abbreviate(text: string, length = 60): string {
  return JSON.stringify(text.length > length ? `${text.slice(0, length)}…` : text);
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  if (value === null) return "null";
  return `a ${typeof value}`;
}
