/**
 * Reads the body of `POST /v1/responses` (OpenAI's Responses API) into a GenerateRequest: `input`
 * as a string or a list of items (messages with text parts, `function_call`, `function_call_output`,
 * `item_reference` and `previous_response_id` resolved from the items this server answered
 * recently), `instructions`, function `tools`, `tool_choice`, `text.format` (JSON object or
 * schema), sampling and `max_output_tokens`. What edgecall cannot honour (built-in tools such as
 * web search, non-text input) is refused by name, as on chat completions.
 */
import { z } from "zod";
import type { GenerateRequest, ToolChoice } from "../backend/model-backend.js";
import type { ChatMessage, ToolCall, ToolDefinition } from "../messages.js";
import { ToolDefinitionsProblem, validateToolDefinitions } from "../tools/tool-definitions-file.js";
import { InvalidChatRequest } from "./invalid-request.js";
import type { ItemStore, StoredItem } from "./item-store.js";
import { assertRequestDepth } from "./request-depth.js";
import { callArguments, chosenTools, decodingOf, issueError, samplingOf } from "./request-fields.js";
import { readResponseFormat } from "./response-format.js";

/** What the server does with one Responses request. */
export interface ResponsesPlan {
  request: GenerateRequest;
  stream: boolean;
  model: string | undefined;
  /** The input as items (previous response and references resolved), kept for `previous_response_id`. */
  items: StoredItem[];
  /** Echoed in the response object. */
  echo: {
    instructions: string | null;
    maxOutputTokens: number | null;
    parallelToolCalls: boolean;
    temperature: number | null;
    topP: number | null;
    toolChoice: unknown;
    tools: unknown[];
    text: unknown;
    metadata: Record<string, unknown>;
    previousResponseId: string | null;
  };
}

const textPart = z.object({ type: z.string(), text: z.string().optional() }).loose();
const item = z.object({ type: z.string().optional(), role: z.string().optional() }).loose();
const body = z
  .object({
    model: z.string().optional(),
    input: z.union([z.string(), z.array(item)], { error: "expected a string or a list of input items" }),
    instructions: z.string().nullable().optional(),
    tools: z
      .array(z.object({ type: z.string() }).loose())
      .nullable()
      .optional(),
    tool_choice: z
      .union([
        z.enum(["auto", "none", "required"]),
        z.object({ type: z.literal("function"), name: z.string() }),
      ])
      .nullable()
      .optional(),
    parallel_tool_calls: z.boolean().nullable().optional(),
    stream: z.boolean().nullable().optional(),
    max_output_tokens: z.number().int().min(1).nullable().optional(),
    temperature: z.number().min(0).max(2).nullable().optional(),
    top_p: z.number().min(0).max(1).nullable().optional(),
    text: z.object({ format: z.unknown().optional() }).loose().nullable().optional(),
    previous_response_id: z.string().nullable().optional(),
    metadata: z.record(z.string(), z.unknown()).nullable().optional(),
    top_logprobs: z.number().int().nullable().optional(),
  })
  .loose();
type WireBody = z.infer<typeof body>;

function textOf(content: unknown, at: string): string {
  if (content === undefined || content === null) return "";
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) throw new InvalidChatRequest(`${at}: expected a string or text parts`, at);
  return content
    .map((raw, index) => {
      const part = textPart.safeParse(raw);
      const type = part.success ? part.data.type : "?";
      if (
        !part.success ||
        !["input_text", "output_text", "text"].includes(type) ||
        part.data.text === undefined
      ) {
        throw new InvalidChatRequest(
          `${at}[${index}]: only text content is supported, got type '${type}'`,
          `${at}[${index}]`,
        );
      }
      return part.data.text;
    })
    .join("\n");
}

/** The input as items, references and the previous response resolved. */
function itemsOf(wire: WireBody, store: ItemStore): StoredItem[] {
  const items: StoredItem[] = [];
  if (wire.previous_response_id) {
    const previous = store.conversation(wire.previous_response_id);
    if (previous === undefined) {
      throw new InvalidChatRequest(
        `previous_response_id: no response '${wire.previous_response_id}' is held by this server (${store.describeBounds()}); send the conversation's items instead`,
        "previous_response_id",
      );
    }
    items.push(...previous);
  }
  if (typeof wire.input === "string") {
    items.push({ type: "message", role: "user", content: wire.input });
    return items;
  }
  wire.input.forEach((entry, index) => {
    if (entry.type === "item_reference") {
      const id = (entry as { id?: unknown }).id;
      const found = typeof id === "string" ? store.item(id) : undefined;
      if (found === undefined) {
        throw new InvalidChatRequest(
          `input[${index}]: no item '${String(id)}' is held by this server (send the item itself, or store: false)`,
          `input[${index}]`,
        );
      }
      items.push(found);
    } else items.push(entry as StoredItem);
  });
  return items;
}

/** Chat messages from items: calls join the assistant turn before them, outputs answer them by call id. */
function messagesOf(items: readonly StoredItem[], instructions: string | undefined): ChatMessage[] {
  const messages: ChatMessage[] = instructions ? [{ role: "system", content: instructions }] : [];
  const callNames = new Map<string, string>();
  items.forEach((entry, index) => {
    const at = `input[${index}]`;
    const type = entry.type ?? "message";
    if (type === "message") {
      const role = entry.role;
      const content = textOf(entry.content, `${at}.content`);
      if (role === "system" || role === "developer") messages.push({ role: "system", content });
      else if (role === "user") messages.push({ role: "user", content });
      else if (role === "assistant") messages.push({ role: "assistant", content });
      else
        throw new InvalidChatRequest(
          `${at}.role: must be system, developer, user or assistant`,
          `${at}.role`,
        );
    } else if (type === "function_call") {
      const name = entry.name;
      const callId = entry.call_id;
      if (typeof name !== "string" || typeof callId !== "string") {
        throw new InvalidChatRequest(`${at}: a function_call needs a name and a call_id`, at);
      }
      const call: ToolCall = {
        id: callId,
        name,
        arguments: callArguments(entry.arguments, `${at}.arguments`),
      };
      callNames.set(callId, name);
      const last = messages[messages.length - 1];
      if (last?.role === "assistant") last.toolCalls = [...(last.toolCalls ?? []), call];
      else messages.push({ role: "assistant", content: "", toolCalls: [call] });
    } else if (type === "function_call_output") {
      const callId = entry.call_id;
      if (typeof callId !== "string")
        throw new InvalidChatRequest(`${at}.call_id: required`, `${at}.call_id`);
      const output = typeof entry.output === "string" ? entry.output : textOf(entry.output, `${at}.output`);
      const name = callNames.get(callId);
      messages.push({
        role: "tool",
        content: output,
        toolCallId: callId,
        ...(name === undefined ? {} : { name }),
      });
    } else if (type === "reasoning") {
      const summary = Array.isArray(entry.summary) ? entry.summary : [];
      const text = summary.map((part) => (part as { text?: string }).text ?? "").join("\n");
      // Reasoning is kept with the assistant turn it precedes.
      if (text !== "") messages.push({ role: "assistant", content: "", reasoning: text });
    } else {
      throw new InvalidChatRequest(`${at}.type: '${type}' items are not supported`, `${at}.type`);
    }
  });
  // An assistant turn made only of reasoning merges into the next assistant turn.
  return messages.flatMap((message, index) => {
    const next = messages[index + 1];
    if (
      message.role === "assistant" &&
      message.reasoning !== undefined &&
      message.content === "" &&
      message.toolCalls === undefined &&
      next?.role === "assistant"
    ) {
      next.reasoning = message.reasoning;
      return [];
    }
    return [message];
  });
}

function toolsOf(wire: WireBody): { tools: ToolDefinition[]; toolChoice: ToolChoice | undefined } {
  const wireTools = wire.tools ?? [];
  const functions = wireTools.map((tool, index) => {
    if (tool.type !== "function") {
      throw new InvalidChatRequest(
        `tools[${index}].type: '${tool.type}' tools are not supported (only 'function')`,
        `tools[${index}].type`,
      );
    }
    const { name, description, parameters } = tool as {
      name?: unknown;
      description?: unknown;
      parameters?: unknown;
    };
    return {
      type: "function",
      function: {
        name,
        description: description ?? undefined,
        parameters: parameters ?? { type: "object", properties: {} },
      },
    };
  });
  let tools: ToolDefinition[] = [];
  try {
    tools = functions.length === 0 ? [] : validateToolDefinitions(functions);
  } catch (error) {
    if (error instanceof ToolDefinitionsProblem) {
      // Responses tools are flat: `tools[1].parameters`, not `tools[1].function.parameters`.
      const field = error.field?.replace(".function.", ".");
      if (field !== undefined)
        throw new InvalidChatRequest(error.why.replace(error.field ?? "", field), field);
      throw new InvalidChatRequest(`tools: ${error.why}`, "tools");
    }
    throw error;
  }
  return chosenTools(tools, wire.tool_choice ?? undefined);
}

/** Reads a Responses body (decoded JSON). Throws {@link InvalidChatRequest} naming the field at fault. */
export function readResponsesRequest(
  document: unknown,
  store: ItemStore,
  options: { constrained?: boolean } = {},
): ResponsesPlan {
  if (document === null || typeof document !== "object" || Array.isArray(document)) {
    throw new InvalidChatRequest("the request body must be a JSON object", null);
  }
  assertRequestDepth(document);
  const parsed = body.safeParse(document);
  if (!parsed.success) throw issueError(parsed.error);
  const wire = parsed.data;
  if ((wire.top_logprobs ?? 0) > 0)
    throw new InvalidChatRequest("top_logprobs: log probabilities are not supported", "top_logprobs");
  const { tools, toolChoice } = toolsOf(wire);
  const responseFormat = readResponseFormat(wire.text?.format, "text.format", false);
  const items = itemsOf(wire, store);
  const sampling = samplingOf({ temperature: wire.temperature, topP: wire.top_p });
  const request: GenerateRequest = {
    messages: messagesOf(items, wire.instructions ?? undefined),
    ...(tools.length > 0 ? { tools } : {}),
    ...(tools.length > 0 && toolChoice !== undefined ? { toolChoice } : {}),
    ...(sampling === undefined ? {} : { sampling }),
    ...(wire.max_output_tokens == null ? {} : { maxTokens: wire.max_output_tokens }),
    ...(responseFormat === undefined ? {} : { responseFormat }),
    decoding: decodingOf(options.constrained, tools, toolChoice),
  };
  if (request.messages.length === 0)
    throw new InvalidChatRequest("input: at least one item is needed", "input");
  return {
    request,
    stream: wire.stream === true,
    model: wire.model,
    items,
    echo: {
      instructions: wire.instructions ?? null,
      maxOutputTokens: wire.max_output_tokens ?? null,
      parallelToolCalls: wire.parallel_tool_calls !== false,
      temperature: wire.temperature ?? null,
      topP: wire.top_p ?? null,
      toolChoice: wire.tool_choice ?? "auto",
      tools: wire.tools ?? [],
      text: wire.text ?? { format: { type: "text" } },
      metadata: wire.metadata ?? {},
      previousResponseId: wire.previous_response_id ?? null,
    },
  };
}
