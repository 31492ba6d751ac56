/**
 * Reads the body of `POST /v1/chat/completions` into a GenerateRequest: OpenAI's wire shape
 * (snake_case, tool-call arguments as JSON strings, content as a string or text parts, `developer`
 * messages) validated with zod at the edge, `response_format` (JSON object or schema) and `stop`
 * included. A field edgecall cannot honour (several choices, log probabilities, penalties, logit
 * biases, the deprecated `functions`, non-text content) is refused by name rather than ignored, so a client never gets an
 * answer to a different question than it asked. Their neutral values (0, `{}`, null) are accepted.
 */
import { z } from "zod";
import type { GenerateRequest, ToolChoice } from "../backend/model-backend.js";
import { maxStopSequences } from "../backend/stop-sequences.js";
import type { ChatMessage, ToolCall, ToolDefinition } from "../messages.js";
import { ToolDefinitionsProblem, validateToolDefinitions } from "../tools/tool-definitions-file.js";
import { InvalidChatRequest } from "./invalid-request.js";
import { assertRequestDepth } from "./request-depth.js";
import { callArguments, chosenTools, decodingOf, issueError, samplingOf } from "./request-fields.js";
import { readResponseFormat } from "./response-format.js";

export { InvalidChatRequest } from "./invalid-request.js";

/** What the server does with one request, beyond the model call itself. */
export interface ChatCompletionPlan {
  request: GenerateRequest;
  stream: boolean;
  /** Send a usage chunk before `[DONE]` (`stream_options.include_usage`). */
  includeUsage: boolean;
  /** `parallel_tool_calls: false`: return the first call only. */
  singleCall: boolean;
  /** The `model` the client named (echoed back), if any. */
  model: string | undefined;
}

const textPart = z.object({ type: z.string(), text: z.string().optional() }).loose();
const content = z
  .union([z.string(), z.array(textPart), z.null()], {
    error: "expected a string, an array of {type: 'text', text} parts, or null",
  })
  .optional();
const wireToolCall = z.object({
  id: z.string().optional(),
  type: z.literal("function").optional(),
  function: z.object({
    name: z.string().min(1),
    arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
  }),
});
const message = z.discriminatedUnion("role", [
  z.object({ role: z.enum(["system", "developer", "user"]), content, name: z.string().optional() }),
  z.object({
    role: z.literal("assistant"),
    content,
    tool_calls: z.array(wireToolCall).nullable().optional(),
    reasoning_content: z.string().nullable().optional(),
    name: z.string().optional(),
  }),
  z.object({
    role: z.literal("tool"),
    content,
    tool_call_id: z.string().optional(),
    name: z.string().optional(),
  }),
]);
const optionalNumber = (schema: z.ZodNumber) => schema.nullable().optional();
const body = z.object({
  model: z.string().optional(),
  messages: z.array(message).min(1, "at least one message is needed"),
  tools: z.array(z.unknown()).nullable().optional(),
  tool_choice: z
    .union(
      [
        z.enum(["auto", "none", "required"]),
        z.object({ type: z.literal("function"), function: z.object({ name: z.string() }) }),
      ],
      { error: "expected 'auto', 'none', 'required' or {type: 'function', function: {name}}" },
    )
    .nullable()
    .optional(),
  parallel_tool_calls: z.boolean().nullable().optional(),
  stream: z.boolean().nullable().optional(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).nullable().optional(),
  max_tokens: optionalNumber(z.number().int().min(1)),
  max_completion_tokens: optionalNumber(z.number().int().min(1)),
  temperature: optionalNumber(z.number().min(0).max(10)),
  top_p: optionalNumber(z.number().min(0).max(1)),
  top_k: optionalNumber(z.number().int().min(0)),
  seed: optionalNumber(z.number().int()),
  n: optionalNumber(z.number().int().min(1)),
  stop: z
    .union([z.string(), z.array(z.string())])
    .nullable()
    .optional(),
  response_format: z.unknown().optional(),
  logprobs: z.boolean().nullable().optional(),
  top_logprobs: optionalNumber(z.number().int().min(0)),
  frequency_penalty: optionalNumber(z.number()),
  presence_penalty: optionalNumber(z.number()),
  logit_bias: z.record(z.string(), z.number()).nullable().optional(),
  functions: z.array(z.unknown()).nullable().optional(),
  function_call: z.unknown().optional(),
});
type WireBody = z.infer<typeof body>;
type WireMessage = z.infer<typeof message>;

function firstIssue(error: z.ZodError): InvalidChatRequest {
  return issueError(error, (issue) =>
    issue.path.at(-1) === "role" ? "role must be system, developer, user, assistant or tool" : issue.message,
  );
}

function textOf(value: z.infer<typeof content>, at: string): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  return value
    .map((part, index) => {
      if (part.type !== "text" || part.text === undefined) {
        throw new InvalidChatRequest(
          `${at}[${index}]: only text content is supported, got type '${part.type}'`,
          `${at}[${index}]`,
        );
      }
      return part.text;
    })
    .join("\n");
}

function callOf(call: z.infer<typeof wireToolCall>, at: string): ToolCall {
  return {
    ...(call.id === undefined ? {} : { id: call.id }),
    name: call.function.name,
    arguments: callArguments(call.function.arguments ?? "{}", `${at}.function.arguments`),
  };
}

/** Our messages from the wire's; a tool message without a name takes the name of the call it answers. */
function messagesOf(wire: readonly WireMessage[]): ChatMessage[] {
  const callNames = new Map<string, string>();
  return wire.map((entry, index): ChatMessage => {
    const at = `messages[${index}]`;
    const text = textOf(entry.content, `${at}.content`);
    switch (entry.role) {
      case "system":
      case "developer":
        return { role: "system", content: text };
      case "user":
        return { role: "user", content: text };
      case "assistant": {
        const calls = (entry.tool_calls ?? []).map((call, callIndex) => {
          const decoded = callOf(call, `${at}.tool_calls[${callIndex}]`);
          if (decoded.id !== undefined) callNames.set(decoded.id, decoded.name);
          return decoded;
        });
        return {
          role: "assistant",
          content: text,
          ...(calls.length > 0 ? { toolCalls: calls } : {}),
          ...(entry.reasoning_content ? { reasoning: entry.reasoning_content } : {}),
        };
      }
      default: {
        const name =
          entry.name ?? (entry.tool_call_id === undefined ? undefined : callNames.get(entry.tool_call_id));
        return {
          role: "tool",
          content: text,
          ...(entry.tool_call_id === undefined ? {} : { toolCallId: entry.tool_call_id }),
          ...(name === undefined ? {} : { name }),
        };
      }
    }
  });
}

function toolsOf(wire: WireBody): { tools: ToolDefinition[]; toolChoice: ToolChoice | undefined } {
  let tools: ToolDefinition[] = [];
  if (wire.tools !== undefined && wire.tools !== null) {
    try {
      tools = validateToolDefinitions(wire.tools);
    } catch (error) {
      if (error instanceof ToolDefinitionsProblem) {
        // A schema that cannot compile is named by its field (`tools[1].function.parameters`).
        if (error.field !== undefined) throw new InvalidChatRequest(error.why, error.field);
        throw new InvalidChatRequest(`tools: ${error.why}`, "tools");
      }
      throw error;
    }
  }
  const choice = wire.tool_choice ?? undefined;
  return chosenTools(tools, typeof choice === "object" ? { name: choice.function.name } : choice);
}

function refuseUnsupported(wire: WireBody): void {
  const refuse = (param: string, why: string) => {
    throw new InvalidChatRequest(`${param}: ${why}`, param);
  };
  if (wire.n !== undefined && wire.n !== null && wire.n !== 1)
    refuse("n", "only one choice per request is supported");
  if (wire.logprobs === true) refuse("logprobs", "log probabilities are not supported");
  if ((wire.top_logprobs ?? 0) > 0) refuse("top_logprobs", "log probabilities are not supported");
  for (const field of ["frequency_penalty", "presence_penalty"] as const) {
    if ((wire[field] ?? 0) !== 0) refuse(field, "penalties are not supported (only 0)");
  }
  if (Object.keys(wire.logit_bias ?? {}).length > 0) refuse("logit_bias", "logit biases are not supported");
  if (wire.functions !== undefined && wire.functions !== null) {
    refuse("functions", "the deprecated functions field is not supported: send tools (and tool_choice)");
  }
  if (wire.function_call !== undefined && wire.function_call !== null) {
    refuse("function_call", "the deprecated function_call field is not supported: send tool_choice");
  }
}

/** `stop` as a list: a string or up to {@link maxStopSequences} non-empty strings. */
export function stopsOf(value: string | string[] | null | undefined, param = "stop"): string[] {
  const stops = value === undefined || value === null ? [] : [value].flat();
  if (stops.length > maxStopSequences)
    throw new InvalidChatRequest(`${param}: at most ${maxStopSequences} stop sequences`, param);
  if (stops.some((stop) => stop === ""))
    throw new InvalidChatRequest(`${param}: a stop sequence must not be empty`, param);
  return stops;
}

/**
 * Reads a request body (already decoded from JSON). Throws {@link InvalidChatRequest} naming the
 * field at fault. `constrained` asks for grammar-constrained calls whenever tools are offered.
 */
export function readChatCompletionRequest(
  document: unknown,
  options: { constrained?: boolean } = {},
): ChatCompletionPlan {
  if (document === null || typeof document !== "object" || Array.isArray(document)) {
    throw new InvalidChatRequest("the request body must be a JSON object", null);
  }
  assertRequestDepth(document);
  const parsed = body.safeParse(document);
  if (!parsed.success) throw firstIssue(parsed.error);
  const wire = parsed.data;
  refuseUnsupported(wire);
  const { tools, toolChoice } = toolsOf(wire);
  const responseFormat = readResponseFormat(wire.response_format, "response_format", true);
  const stop = stopsOf(wire.stop);
  const maxTokens = wire.max_completion_tokens ?? wire.max_tokens ?? undefined;
  const sampling = samplingOf({
    temperature: wire.temperature,
    topP: wire.top_p,
    topK: wire.top_k,
    seed: wire.seed,
  });
  const request: GenerateRequest = {
    messages: messagesOf(wire.messages),
    ...(tools.length > 0 ? { tools } : {}),
    ...(tools.length > 0 && toolChoice !== undefined ? { toolChoice } : {}),
    ...(sampling === undefined ? {} : { sampling }),
    ...(maxTokens === undefined ? {} : { maxTokens }),
    ...(responseFormat === undefined ? {} : { responseFormat }),
    ...(stop.length === 0 ? {} : { stop }),
    decoding: decodingOf(options.constrained, tools, toolChoice),
  };
  const stream = wire.stream === true;
  return {
    request,
    stream,
    includeUsage: stream && wire.stream_options?.include_usage === true,
    singleCall: wire.parallel_tool_calls === false,
    model: wire.model,
  };
}
