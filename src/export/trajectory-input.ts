/**
 * What a reward is given, read: `{"id", "messages"}` (a whole conversation in OpenAI's format: the
 * assistant's turns with their `tool_calls`, and tool results and user turns, which are not
 * trusted: the world makes its own) or, for one model call, `{"id", "completion"}` (the model's raw
 * text, parsed with a tool-call format, or one assistant message). `sample` is accepted for `id`
 * (the shape of earlier versions). Each assistant message becomes what one model call returns
 * (content parts in its order); the other messages are kept to compare with what the world said.
 * Malformed arguments stay data (a tool-call error part, as a model's malformed output is); only a
 * message of the wrong shape is refused, naming its field.
 */
import type { GenerateResult } from "../backend/model-backend.js";
import { EdgecallError } from "../errors.js";
import { argumentsTextIfLossy } from "../formats/arguments-text.js";
import type { ContentPart } from "../messages.js";

/** An assistant message in OpenAI's shape (`arguments` as a JSON string or an object). */
export interface WireAssistantMessage {
  role?: string;
  content?: string | null | { type: string; text?: string }[];
  tool_calls?: unknown;
  /** edgecall's addition: `"length"` when the output was cut off by the token limit. */
  finish_reason?: string;
  [field: string]: unknown;
}

/** One message of a conversation in OpenAI's shape. */
export interface WireMessage {
  role: string;
  content?: unknown;
  tool_calls?: unknown;
  [field: string]: unknown;
}

/** What a reward function is given. */
export interface RewardInput {
  /** The sample id. */
  id?: string;
  /** The sample id, or an object with an `id` (earlier versions' name for `id`). */
  sample?: string | { id: string };
  /** The whole conversation (the assistant's turns are replayed; the rest is compared). */
  messages?: readonly WireMessage[];
  /** One model output: raw text (parsed with the reward's format) or one assistant message. */
  completion?: string | WireAssistantMessage;
}

/** A user or tool message the trajectory gives, and where it stands. */
export interface GivenTurn {
  /** Its index in `messages`. */
  index: number;
  role: "user" | "tool";
  content: string;
  /** Assistant messages before it. */
  after: number;
}

/** An input read. */
export interface Trajectory {
  id: string;
  /** What each model call returns, in order. */
  outputs: GenerateResult[];
  /** The user and tool messages given (empty for a completion). */
  given: GivenTurn[];
}

function invalid(message: string, subject: string): EdgecallError {
  return new EdgecallError("invalid-argument", `reward: ${message}`, { subject });
}

function textOf(content: unknown, at: string): string {
  if (content === undefined || content === null) return "";
  if (typeof content === "string") return content;
  if (Array.isArray(content))
    return content
      .map((part, index) => {
        const text = (part as { text?: unknown } | null)?.text;
        if (typeof text !== "string") throw invalid(`${at}[${index}] is not a text part`, at);
        return text;
      })
      .join("");
  throw invalid(`${at} must be a string, an array of text parts or null`, at);
}

function callPart(call: unknown, at: string): ContentPart {
  const fn = (call as { function?: { name?: unknown; arguments?: unknown } } | null)?.function;
  if (typeof fn?.name !== "string" || fn.name === "") throw invalid(`${at}.function.name is missing`, at);
  const text = typeof fn.arguments === "string" ? fn.arguments : JSON.stringify(fn.arguments ?? {});
  let args: unknown;
  try {
    args = JSON.parse(text === "" ? "{}" : text);
  } catch {
    return {
      type: "tool-call-error",
      error: { type: "invalid-json", message: `arguments of ${fn.name} are not valid JSON`, raw: text },
    };
  }
  if (args === null || typeof args !== "object" || Array.isArray(args))
    return {
      type: "tool-call-error",
      error: { type: "invalid-arguments", message: `arguments of ${fn.name} are not an object`, raw: text },
    };
  const id = (call as { id?: unknown }).id;
  const argumentsText = argumentsTextIfLossy(text);
  return {
    type: "tool-call",
    toolCall: {
      ...(typeof id === "string" ? { id } : {}),
      name: fn.name,
      arguments: args as Record<string, unknown>,
      ...(argumentsText === undefined ? {} : { argumentsText }),
    },
  };
}

function generated(parts: ContentPart[], rawText: string, cutOff: boolean): GenerateResult {
  return {
    rawText,
    parts,
    finishReason: cutOff ? "length" : parts.some((part) => part.type === "tool-call") ? "tool-calls" : "stop",
    usage: { inputTokens: 0, outputTokens: 0 },
    timing: { firstTokenMs: 0, totalMs: 0 },
  };
}

/** What one assistant message returns as a model call: its text, then its calls. */
export function assistantOutput(message: WireAssistantMessage, at: string): GenerateResult {
  const parts: ContentPart[] = [];
  const text = textOf(message.content, `${at}.content`);
  if (text !== "") parts.push({ type: "text", text });
  const calls = message.tool_calls ?? [];
  if (!Array.isArray(calls)) throw invalid(`${at}.tool_calls must be an array`, at);
  calls.forEach((call, index) => {
    parts.push(callPart(call, `${at}.tool_calls[${index}]`));
  });
  // The raw text: what the model wrote, its calls as the JSON they came in.
  const rawText = calls.length === 0 ? text : `${text === "" ? "" : `${text}\n`}${JSON.stringify(calls)}`;
  return generated(parts, rawText, message.finish_reason === "length");
}

/**
 * The trajectory without the assistant turns the sample's own messages already hold (a traces
 * sample's history): a whole conversation repeats them before the turns to replay. A trajectory of
 * assistant turns only is all to replay.
 */
export function afterHistory(trajectory: Trajectory, history: readonly { role: string }[]): Trajectory {
  const held = history.filter((message) => message.role === "assistant").length;
  if (held === 0 || trajectory.given.length === 0) return trajectory;
  return {
    ...trajectory,
    outputs: trajectory.outputs.slice(held),
    given: trajectory.given.map((turn) => ({ ...turn, after: Math.max(0, turn.after - held) })),
  };
}

/** The sample id an input names (`id`, else `sample`). */
export function rewardInputId(input: RewardInput): string {
  if (input === null || typeof input !== "object") throw invalid("expected an object", "input");
  const id = input.id ?? (typeof input.sample === "string" ? input.sample : input.sample?.id);
  if (typeof id !== "string") throw invalid('expected {"id": "<sample id>", "messages": [...]}', "id");
  return id;
}

/**
 * Reads an input; `parse` reads a raw-text completion (the reward's tool-call format).
 * Throws an `invalid-argument` EdgecallError naming the field for a shape it cannot read.
 */
export function readTrajectory(input: RewardInput, parse: (text: string) => ContentPart[]): Trajectory {
  const id = rewardInputId(input);
  const { messages, completion } = input;
  if (messages !== undefined && completion !== undefined)
    throw invalid("give messages or completion, not both", "messages");
  if (messages === undefined) {
    if (typeof completion === "string")
      return { id, outputs: [generated(parse(completion), completion, false)], given: [] };
    if (completion !== null && typeof completion === "object")
      return { id, outputs: [assistantOutput(completion, "completion")], given: [] };
    throw invalid("expected messages (the conversation) or completion (one model output)", "messages");
  }
  if (!Array.isArray(messages)) throw invalid("messages must be an array", "messages");
  const outputs: GenerateResult[] = [];
  const given: GivenTurn[] = [];
  messages.forEach((message, index) => {
    const at = `messages[${index}]`;
    const role = (message as WireMessage | null)?.role;
    if (role === "assistant") outputs.push(assistantOutput(message as WireAssistantMessage, at));
    else if (role === "user" || role === "tool")
      given.push({ index, role, content: textOf(message.content, `${at}.content`), after: outputs.length });
    else if (role !== "system" && role !== "developer")
      throw invalid(`${at}.role must be system, developer, user, assistant or tool`, at);
  });
  return { id, outputs, given };
}
