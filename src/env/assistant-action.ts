/**
 * The action of `env serve`'s `POST /step` (and of a `step` message on `/ws`): `{"message": <an
 * assistant message in OpenAI's wire shape>}`, its text and/or `tool_calls`, validated with zod and
 * turned into what the episode's model call returns (content parts in the order of the message) and
 * the assistant message the conversation records. What the model wrote stays data: call arguments
 * that are not a JSON object become a tool-call error part (the agent loop tells the model, as it
 * does for any model's malformed output), never a refused request. Only a message of the wrong
 * shape is refused, naming its field.
 */
import { z } from "zod";
import type { GenerateResult } from "../backend/model-backend.js";
import { argumentsTextIfLossy } from "../formats/arguments-text.js";
import type { ChatMessage, ContentPart, ToolCall } from "../messages.js";
import { InvalidChatRequest } from "../serve/invalid-request.js";
import { maxRequestDepth, tooDeepAt } from "../serve/request-depth.js";
import { fieldPath } from "../serve/request-fields.js";

/** Most tool calls one action may carry. */
export const maxActionCalls = 64;

const textPart = z.object({ type: z.literal("text"), text: z.string() }).loose();
const wireCall = z
  .object({
    id: z.string().max(256).optional(),
    type: z.literal("function").optional(),
    function: z
      .object({
        name: z.string().min(1).max(256),
        arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
      })
      .strict(),
  })
  .strict();

/**
 * An assistant message as OpenAI's SDKs dump it: the fields a chat completion's message carries are
 * accepted (`refusal`, `annotations`, `audio` and a null `function_call` are ignored); any other
 * field is refused, so a misspelt `toolCalls` is not silently a text reply.
 */
export const assistantMessageSchema = z
  .object({
    role: z.literal("assistant").optional(),
    content: z.union([z.string(), z.array(textPart), z.null()]).optional(),
    tool_calls: z.array(wireCall).max(maxActionCalls).nullable().optional(),
    reasoning_content: z.string().nullable().optional(),
    reasoning: z.string().nullable().optional(),
    name: z.string().optional(),
    refusal: z.string().nullable().optional(),
    annotations: z.array(z.unknown()).nullable().optional(),
    audio: z.null().optional(),
    function_call: z.null().optional(),
  })
  .strict();

/** The action: one assistant message. */
export const actionSchema = z.object({ message: assistantMessageSchema }).strict();

/** A validated action. */
export type WireAction = z.infer<typeof actionSchema>;

/** What an action becomes: the model call's result and the message the conversation records. */
export interface ModelOutput {
  result: GenerateResult;
  message: ChatMessage;
}

/** Reads `value` (the body's `action`) or throws {@link InvalidChatRequest} naming `at` and the field. */
export function readAction(value: unknown, at = "action"): WireAction {
  const deep = tooDeepAt(value, maxRequestDepth);
  if (deep !== undefined)
    throw new InvalidChatRequest(`${fieldPath([at, ...deep])}: nested deeper than ${maxRequestDepth}`, at);
  const parsed = actionSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const param = fieldPath([at, ...(issue?.path ?? [])]);
  throw new InvalidChatRequest(`${param}: ${issue?.message ?? "unexpected shape"}`, param);
}

function callPart(call: z.infer<typeof wireCall>): ContentPart {
  const { name } = call.function;
  const raw = call.function.arguments ?? "{}";
  const id = call.id === undefined ? {} : { id: call.id };
  if (typeof raw !== "string") return { type: "tool-call", toolCall: { ...id, name, arguments: raw } };
  let decoded: unknown;
  try {
    decoded = JSON.parse(raw === "" ? "{}" : raw);
  } catch (error) {
    const why = (error as Error).message;
    return {
      type: "tool-call-error",
      error: { type: "invalid-json", message: `${name}: arguments are not valid JSON: ${why}`, raw },
    };
  }
  if (decoded === null || typeof decoded !== "object" || Array.isArray(decoded)) {
    return {
      type: "tool-call-error",
      error: { type: "invalid-arguments", message: `${name}: arguments must be a JSON object`, raw },
    };
  }
  const lossy = argumentsTextIfLossy(raw);
  const toolCall: ToolCall = {
    ...id,
    name,
    arguments: decoded as Record<string, unknown>,
    ...(lossy === undefined ? {} : { argumentsText: lossy }),
  };
  return { type: "tool-call", toolCall };
}

/** The model output an action stands for. */
export function modelOutputOf(action: WireAction): ModelOutput {
  const { message } = action;
  const content =
    typeof message.content === "string"
      ? message.content
      : (message.content ?? []).map((part) => part.text).join("\n");
  const reasoning = message.reasoning_content ?? message.reasoning ?? "";
  const parts: ContentPart[] = [];
  if (reasoning !== "") parts.push({ type: "reasoning", text: reasoning });
  if (content !== "") parts.push({ type: "text", text: content });
  for (const call of message.tool_calls ?? []) parts.push(callPart(call));
  const calls = parts.flatMap((part) => (part.type === "tool-call" ? [part.toolCall] : []));
  const result: GenerateResult = {
    // What a model would have written: its text, then its calls as JSON.
    rawText: [content, ...(message.tool_calls ?? []).map((call) => JSON.stringify(call.function))]
      .filter((piece) => piece !== "")
      .join("\n"),
    parts,
    finishReason: calls.length > 0 ? "tool-calls" : "stop",
    usage: { inputTokens: 0, outputTokens: 0 },
    timing: { firstTokenMs: 0, totalMs: 0 },
  };
  return {
    result,
    message: {
      role: "assistant",
      content,
      ...(calls.length > 0 ? { toolCalls: calls } : {}),
      ...(reasoning === "" ? {} : { reasoning }),
    },
  };
}
