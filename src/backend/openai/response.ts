/**
 * Decodes what an OpenAI-compatible server returns into our parts, finish reason and usage. Shared by
 * the whole-body and the streamed paths. Model mistakes (arguments that are not JSON, a call without a
 * name) become `tool-call-error` parts; only a response that is not a chat completion at all throws.
 */
import { EdgecallError } from "../../errors.js";
import { argumentsTextIfLossy } from "../../formats/arguments-text.js";
import { exceedsNestingDepth, tooDeepMessage } from "../../formats/nesting-depth.js";
import type { FormatName, ToolCallFormat } from "../../formats/tool-call-format.js";
import type { ContentPart, ToolDefinition } from "../../messages.js";
import type { FinishReason, TokenUsage } from "../model-backend.js";
import { abbreviate, serverErrorMessage } from "./errors.js";

/** A tool call gathered from the wire: arguments as the server sent them (string, object, or nothing). */
export interface WireToolCall {
  id?: string;
  name?: string;
  arguments?: unknown;
}

/** The pieces of one completion, before they become parts. */
export interface DecodedCompletion {
  content: string;
  reasoning: string;
  toolCalls: WireToolCall[];
  /** The server's `finish_reason`, as sent. */
  finishReason: string | null;
  usage: TokenUsage | undefined;
  /** Extra provenance from the server (response id, model, llama-server's `timings`). */
  extras: Record<string, unknown>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

/** A doubly encoded argument string (`"{\\"a\\":1}"`) decoded once more; the string itself otherwise. */
function decodeInnerJson(text: string): unknown {
  try {
    const inner: unknown = JSON.parse(text);
    return isPlainObject(inner) ? inner : text;
  } catch {
    return text;
  }
}

/**
 * One call as a part. Arguments may come as a JSON string (the standard), an object (a known server
 * quirk), a doubly encoded string, or nothing (`{}`); anything else is a typed error with the raw text.
 */
export function decodeToolCall(wire: WireToolCall): ContentPart {
  const raw = wire.arguments;
  // Arguments sent as an object are measured before anything recurses into them (JSON.stringify).
  const rawTooDeep = typeof raw === "object" && raw !== null && exceedsNestingDepth(raw);
  const rawText =
    typeof raw === "string"
      ? raw
      : raw === undefined
        ? ""
        : rawTooDeep
          ? "(arguments object nested too deeply to show)"
          : JSON.stringify(raw);
  if (wire.name === undefined || wire.name === "") {
    return {
      type: "tool-call-error",
      error: { type: "missing-name", message: "tool call without a name", raw: rawText },
    };
  }
  const name = wire.name;
  const tooDeep = (): ContentPart => ({
    type: "tool-call-error",
    error: { type: "invalid-arguments", message: tooDeepMessage(name), raw: rawText },
  });
  if (rawTooDeep) return tooDeep();
  const call = (argumentsObject: Record<string, unknown>, argumentsText?: string): ContentPart => ({
    type: "tool-call",
    toolCall: {
      ...(wire.id ? { id: wire.id } : {}),
      name,
      arguments: argumentsObject,
      ...(argumentsText === undefined ? {} : { argumentsText }),
    },
  });
  if (raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "")) return call({});
  if (isPlainObject(raw)) return call(raw);
  let decoded: unknown = raw;
  if (typeof raw === "string") {
    try {
      decoded = JSON.parse(raw);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const message = `arguments of the call to '${name}' are not valid JSON: ${reason}`;
      return { type: "tool-call-error", error: { type: "invalid-json", message, raw: rawText } };
    }
    const encodedTwice = typeof decoded === "string";
    if (typeof decoded === "string") decoded = decodeInnerJson(decoded);
    if (exceedsNestingDepth(decoded)) return tooDeep();
    if (!encodedTwice && isPlainObject(decoded)) return call(decoded, argumentsTextIfLossy(raw.trim()));
  }
  if (isPlainObject(decoded)) return call(decoded);
  const message = `arguments of the call to '${name}' are ${describeValue(decoded)}, not an object`;
  return { type: "tool-call-error", error: { type: "invalid-arguments", message, raw: rawText } };
}

/** Our finish reason: `tool-calls` whenever a call was decoded, whatever the server said. */
export function mapFinishReason(serverReason: string | null, parts: readonly ContentPart[]): FinishReason {
  if (parts.some((part) => part.type === "tool-call")) return "tool-calls";
  switch (serverReason) {
    case "length":
      return "length";
    case "content_filter":
    case "error":
      return "error";
    default:
      // stop, eos, tool_calls whose calls all failed to decode, or none at all.
      return "stop";
  }
}

/** `usage` from the wire, or undefined when absent or malformed. */
export function readUsage(value: unknown): TokenUsage | undefined {
  if (!isPlainObject(value)) return undefined;
  const input = value.prompt_tokens;
  const output = value.completion_tokens;
  if (typeof input !== "number" || typeof output !== "number") return undefined;
  if (!Number.isFinite(input) || !Number.isFinite(output)) return undefined;
  const usage: TokenUsage = {
    inputTokens: Math.max(0, Math.round(input)),
    outputTokens: Math.max(0, Math.round(output)),
  };
  // OpenAI's prompt_tokens_details.cached_tokens (llama-server and vLLM send it too): the prompt
  // tokens the server held already. Kept only when it is a count within the prompt.
  const details = value.prompt_tokens_details;
  const cached = isPlainObject(details) ? details.cached_tokens : undefined;
  if (typeof cached === "number" && Number.isFinite(cached) && cached >= 0 && cached <= input)
    usage.cachedInputTokens = Math.round(cached);
  return usage;
}

/** Message content as text: a string, or OpenAI's array of `{type:"text", text}` parts. */
export function contentText(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    return value
      .map((part) => (isPlainObject(part) && typeof part.text === "string" ? part.text : ""))
      .join("");
  }
  return "";
}

/** Reasoning text: llama-server and LM Studio send `reasoning_content`, vLLM and Ollama `reasoning`. */
export function reasoningText(holder: Record<string, unknown>): string {
  const value = holder.reasoning_content ?? holder.reasoning;
  return typeof value === "string" ? value : "";
}

/** Whole-body response to its pieces. Throws `backend-protocol` for anything that is not a completion. */
export function decodeCompletionBody(text: string, url: string): DecodedCompletion {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new EdgecallError(
      "backend-protocol",
      `${url}: response is not valid JSON: ${abbreviate(text, 200)}`,
      {
        subject: url,
      },
    );
  }
  const choice = isPlainObject(body) && Array.isArray(body.choices) ? body.choices[0] : undefined;
  if (!isPlainObject(body) || !isPlainObject(choice) || !isPlainObject(choice.message)) {
    const why = isPlainObject(body) && body.error !== undefined ? `: ${serverErrorMessage(text)}` : "";
    throw new EdgecallError("backend-protocol", `${url}: response has no choices[0].message${why}`, {
      subject: url,
    });
  }
  const message = choice.message;
  const toolCalls: WireToolCall[] = [];
  const wireCalls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  for (const wire of wireCalls) {
    if (!isPlainObject(wire)) continue;
    const fn = isPlainObject(wire.function) ? wire.function : {};
    toolCalls.push({
      id: typeof wire.id === "string" ? wire.id : undefined,
      name: typeof fn.name === "string" ? fn.name : undefined,
      arguments: fn.arguments,
    });
  }
  if (toolCalls.length === 0 && isPlainObject(message.function_call)) {
    const legacy = message.function_call;
    toolCalls.push({
      name: typeof legacy.name === "string" ? legacy.name : undefined,
      arguments: legacy.arguments,
    });
  }
  return {
    content: contentText(message.content),
    reasoning: reasoningText(message),
    toolCalls,
    finishReason: typeof choice.finish_reason === "string" ? choice.finish_reason : null,
    usage: readUsage(body.usage),
    extras: completionExtras(body),
  };
}

/** Provenance worth keeping from a completion or its last chunk. */
export function completionExtras(body: Record<string, unknown>): Record<string, unknown> {
  const extras: Record<string, unknown> = {};
  if (typeof body.id === "string") extras.responseId = body.id;
  if (typeof body.model === "string") extras.serverModel = body.model;
  if (typeof body.system_fingerprint === "string") extras.systemFingerprint = body.system_fingerprint;
  if (isPlainObject(body.timings)) extras.serverTimings = body.timings;
  // `edgecall serve` reports its own timing in its `edgecall` extension (bench reads it).
  if (isPlainObject(body.edgecall) && isPlainObject(body.edgecall.timing))
    extras.edgecallTiming = body.edgecall.timing;
  return extras;
}

/**
 * The parts in reply order: reasoning, then text, then calls. When the server decoded no calls and a
 * format is configured, the text is parsed with it (servers without a tool parser return raw markup).
 */
export function assembleParts(
  decoded: Pick<DecodedCompletion, "content" | "reasoning" | "toolCalls">,
  format: ToolCallFormat | undefined,
  tools: readonly ToolDefinition[] | undefined,
): ContentPart[] {
  const parts: ContentPart[] = [];
  if (decoded.reasoning !== "") parts.push({ type: "reasoning", text: decoded.reasoning });
  if (decoded.toolCalls.length === 0 && format !== undefined && decoded.content !== "") {
    parts.push(...parseSafely(format, decoded.content, tools));
  } else if (decoded.content !== "") {
    parts.push({ type: "text", text: decoded.content });
  }
  for (const call of decoded.toolCalls) parts.push(decodeToolCall(call));
  return parts;
}

function parseSafely(
  format: ToolCallFormat,
  text: string,
  tools: readonly ToolDefinition[] | undefined,
): ContentPart[] {
  try {
    return format.parse(text, tools);
  } catch (error) {
    // The seam promises never to throw; if a format breaks that promise, keep the text as data.
    const reason = error instanceof Error ? error.message : String(error);
    const formatName: FormatName = format.name;
    return [
      { type: "text", text },
      {
        type: "tool-call-error",
        error: { type: "invalid-syntax", message: `${formatName} parser failed: ${reason}`, raw: text },
      },
    ];
  }
}
