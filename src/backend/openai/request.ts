/**
 * Builds the JSON body of `POST /chat/completions` from a GenerateRequest: our camelCase messages in
 * OpenAI's wire shape (tool-call arguments as JSON strings, `tool_call_id`), tools, tool choice and
 * sampling settings (`top_k` is not OpenAI's, but llama-server, vLLM, LM Studio and Ollama accept it).
 * The temperature is always sent, 0 (greedy, as in-process) when the run sets none: a server's own
 * default (llama-server's 0.8 with a random seed) would make its scores incomparable with
 * in-process ones.
 */
import type { TemplateVariables } from "../../formats/chat-template.js";
import type { ChatMessage, ToolDefinition } from "../../messages.js";
import type { GenerateRequest } from "../model-backend.js";

/** One message as the server expects it. */
export type OpenAIMessage =
  | { role: "system" | "user"; content: string }
  | {
      role: "assistant";
      content: string;
      tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[];
      reasoning_content?: string;
    }
  | { role: "tool"; content: string; tool_call_id?: string; name?: string };

/**
 * Converts messages. Calls without an id get `call_<message>_<call>`, and a tool message without a
 * `toolCallId` is matched, in order, to the unanswered calls of the assistant message before it:
 * OpenAI's shape (and servers that validate it) needs every tool result tied to a call id.
 */
export function toOpenAIMessages(messages: readonly ChatMessage[]): OpenAIMessage[] {
  const converted: OpenAIMessage[] = [];
  let unanswered: string[] = [];
  messages.forEach((message, messageIndex) => {
    switch (message.role) {
      case "system":
      case "user":
        converted.push({ role: message.role, content: message.content });
        return;
      case "assistant": {
        const wire: OpenAIMessage = { role: "assistant", content: message.content };
        unanswered = [];
        if (message.toolCalls !== undefined && message.toolCalls.length > 0) {
          wire.tool_calls = message.toolCalls.map((call, callIndex) => {
            const id = call.id ?? `call_${messageIndex}_${callIndex}`;
            unanswered.push(id);
            return {
              id,
              type: "function",
              function: { name: call.name, arguments: JSON.stringify(call.arguments) },
            };
          });
        }
        if (message.reasoning !== undefined && message.reasoning !== "")
          wire.reasoning_content = message.reasoning;
        converted.push(wire);
        return;
      }
      case "tool": {
        const wire: OpenAIMessage = { role: "tool", content: message.content };
        const id = message.toolCallId ?? unanswered[0];
        if (id !== undefined) {
          wire.tool_call_id = id;
          unanswered = unanswered.filter((pending) => pending !== id);
        }
        if (message.name !== undefined) wire.name = message.name;
        converted.push(wire);
        return;
      }
    }
  });
  return converted;
}

/** What the body is built with besides the request. */
export interface RequestBodyOptions {
  /** Sent as `chat_template_kwargs` (llama-server, vLLM, SGLang read them) when any is set. */
  templateVariables?: TemplateVariables;
  /** The tools to send instead of the request's (its tools with bounds relaxed for the server's grammar). */
  tools?: readonly ToolDefinition[];
}

/** `chat_template_kwargs` for the variables set, or undefined when none is. */
export function templateKwargs(
  variables: TemplateVariables | undefined,
): Record<string, unknown> | undefined {
  if (variables === undefined) return undefined;
  const kwargs: Record<string, unknown> = {};
  if (variables.enableThinking !== undefined) kwargs.enable_thinking = variables.enableThinking;
  if (variables.dateString !== undefined) kwargs.date_string = variables.dateString;
  return Object.keys(kwargs).length === 0 ? undefined : kwargs;
}

/**
 * The request body for `model`. Sampling settings the run leaves unset are left out, so the
 * server's defaults apply, except the temperature: 0 when unset.
 */
export function toOpenAIRequestBody(
  request: GenerateRequest,
  model: string,
  stream: boolean,
  options: RequestBodyOptions = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = { model, messages: toOpenAIMessages(request.messages) };
  const tools = options.tools ?? request.tools;
  if (tools !== undefined && tools.length > 0) {
    body.tools = tools.map((tool) => ({
      type: "function",
      function: {
        name: tool.name,
        ...(tool.description === undefined ? {} : { description: tool.description }),
        parameters: tool.parameters,
      },
    }));
    if (request.toolChoice !== undefined) body.tool_choice = request.toolChoice;
  }
  const sampling = request.sampling ?? {};
  body.temperature = sampling.temperature ?? 0;
  if (sampling.topP !== undefined) body.top_p = sampling.topP;
  if (sampling.topK !== undefined) body.top_k = sampling.topK;
  if (sampling.seed !== undefined) body.seed = sampling.seed;
  if (request.maxTokens !== undefined) body.max_tokens = request.maxTokens;
  const kwargs = templateKwargs(options.templateVariables);
  if (kwargs !== undefined) body.chat_template_kwargs = kwargs;
  body.stream = stream;
  if (stream) body.stream_options = { include_usage: true };
  return body;
}
