/**
 * The texts a prompt carries from outside the template, swapped for placeholders so that the
 * rendered prompt can be told apart: what the template wrote itself (role markers, tags, its own
 * special tokens) and what messages and tools carry (user text, tool results, assistant content,
 * reasoning and call arguments from the history, tool and parameter descriptions). The second kind
 * is tokenised as plain text (plain-content-tokens.ts), so `<|im_end|>` in a web page stays seven
 * ordinary tokens instead of ending a turn.
 *
 * A placeholder is `lead + ID + trail`: the string's outer whitespace is kept around an
 * alphanumeric id, so a template that trims or strips content treats both renders alike, and
 * JSON or Python escaping leaves the id unchanged. Empty and whitespace-only strings are kept as
 * they are (templates branch on `if message.content`, and whitespace cannot spell a token).
 * Names (tools, parameters, calls) and schema keywords stay as given: templates compare them, and
 * tool names are checked by the tool registry.
 */
import type { ChatMessage, JsonSchema, ToolCall, ToolDefinition } from "../../messages.js";

/** Messages and tools with placeholders, and what each placeholder stands for. */
export interface PlaceholderPlan {
  messages: ChatMessage[];
  tools: ToolDefinition[];
  /** Placeholder id → the string it replaced, without its outer whitespace. */
  cores: Map<string, string>;
  /** Matches every placeholder id (global). */
  pattern: RegExp;
}

/** Schema keys whose string value is free text. */
const textKeys = new Set(["description", "title"]);
/** Schema keys under which every string is a value someone wrote. */
const valueKeys = new Set(["enum", "const", "default", "examples"]);

/** A nonce no input contains, so ids cannot collide with real text. */
function nonceFor(messages: readonly ChatMessage[], tools: readonly ToolDefinition[]): string {
  const everything = JSON.stringify([messages, tools]);
  for (let attempt = 0; ; attempt++) {
    const nonce = `ECPH${attempt}`;
    if (!everything.includes(nonce)) return nonce;
  }
}

/** Replaces the untrusted strings of `messages` and `tools` with placeholders. */
export function withPlaceholders(
  messages: readonly ChatMessage[],
  tools: readonly ToolDefinition[],
): PlaceholderPlan {
  const nonce = nonceFor(messages, tools);
  const cores = new Map<string, string>();
  const hold = (text: string): string => {
    const core = text.trim();
    if (core === "") return text;
    const id = `${nonce}X${cores.size}Y`;
    cores.set(id, core);
    const lead = text.slice(0, text.length - text.trimStart().length);
    return `${lead}${id}${text.slice(lead.length + core.length)}`;
  };
  const deep = (value: unknown): unknown => {
    if (typeof value === "string") return hold(value);
    if (Array.isArray(value)) return value.map(deep);
    if (typeof value === "object" && value !== null)
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, deep(item)]));
    return value;
  };
  const schema = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(schema);
    if (typeof value !== "object" || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => {
        if (textKeys.has(key) && typeof item === "string") return [key, hold(item)];
        if (valueKeys.has(key)) return [key, deep(item)];
        return [key, schema(item)];
      }),
    );
  };
  const call = (toolCall: ToolCall): ToolCall => {
    const { argumentsText: _exactText, ...rest } = toolCall;
    return { ...rest, arguments: deep(toolCall.arguments) as Record<string, unknown> };
  };
  const held = messages.map((message): ChatMessage => {
    if (message.role !== "assistant") return { ...message, content: hold(message.content) };
    const shaped: ChatMessage = { ...message, content: hold(message.content) };
    if (message.reasoning !== undefined) shaped.reasoning = hold(message.reasoning);
    if (message.toolCalls !== undefined) shaped.toolCalls = message.toolCalls.map(call);
    return shaped;
  });
  const heldTools = tools.map((tool): ToolDefinition => {
    const shaped: ToolDefinition = { ...tool, parameters: schema(tool.parameters) as JsonSchema };
    if (tool.description !== undefined) shaped.description = hold(tool.description);
    return shaped;
  });
  return { messages: held, tools: heldTools, cores, pattern: new RegExp(`${nonce}X\\d+Y`, "g") };
}
