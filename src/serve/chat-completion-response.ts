/**
 * Writes a GenerateResult in OpenAI's chat-completion wire shape, whole or as stream chunks.
 *
 * What the client sees: `content` is the reply's visible text with reasoning and call markup
 * removed; a call the model wrote but that could not be decoded stays in `content` as the raw text
 * the model wrote (as llama-server does), and is also listed with its error under `edgecall`;
 * reasoning goes to `reasoning_content` (llama-server's and vLLM's field); arguments are the JSON the
 * model wrote where it matters (`1.0` stays `1.0`). The `edgecall` field carries what OpenAI's shape
 * has no place for: malformed calls, timing, and whether the weights are random.
 */
import type { ConstrainedDecodingReport, GenerateResult } from "../backend/model-backend.js";
import type { ToolCall, ToolCallError } from "../messages.js";

/** Per-response values the server chooses. */
export interface ResponseContext {
  /** `chatcmpl-...`, shared by every chunk of one stream. */
  id: string;
  /** Unix seconds. */
  created: number;
  model: string;
  /** Return the first call only (`parallel_tool_calls: false`). */
  singleCall: boolean;
  randomWeights: boolean;
  /** More `edgecall` fields, known once the reply is (e.g. `responseFormatProblems`). */
  extension?: Record<string, unknown>;
}

/** A tool call on the wire. */
export interface WireToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/** The reply in wire terms, shared by the whole and streamed shapes. */
interface WireReply {
  content: string | null;
  reasoning: string;
  toolCalls: WireToolCall[];
  finishReason: "stop" | "tool_calls" | "length";
  extension: Record<string, unknown>;
}

let callCounter = 0;

function wireCall(call: ToolCall): WireToolCall {
  callCounter += 1;
  return {
    id: call.id ?? `call_${Date.now().toString(36)}${callCounter.toString(36)}`,
    type: "function",
    function: { name: call.name, arguments: call.argumentsText ?? JSON.stringify(call.arguments) },
  };
}

function wireReply(result: GenerateResult, context: ResponseContext): WireReply {
  const text: string[] = [];
  const reasoning: string[] = [];
  const calls: ToolCall[] = [];
  const errors: ToolCallError[] = [];
  for (const part of result.parts) {
    if (part.type === "text") text.push(part.text);
    else if (part.type === "reasoning") reasoning.push(part.text);
    else if (part.type === "tool-call") calls.push(part.toolCall);
    else {
      errors.push(part.error);
      text.push(part.error.raw);
    }
  }
  const kept = context.singleCall ? calls.slice(0, 1) : calls;
  const content = text.join("").trim();
  const toolCalls = kept.map(wireCall);
  const finishReason =
    result.finishReason === "length" ? "length" : toolCalls.length > 0 ? "tool_calls" : "stop";
  return {
    content: content === "" && toolCalls.length > 0 ? null : content,
    reasoning: reasoning.join("\n").trim(),
    toolCalls,
    finishReason,
    extension: {
      finishReason: result.finishReason,
      toolCallErrors: errors,
      ...constrainedExtension(result.constrained),
      ...(calls.length > kept.length ? { callsLeftOut: calls.length - kept.length } : {}),
      randomWeights: context.randomWeights,
      timing: result.timing,
      ...context.extension,
    },
  };
}

/** Constrained decoding's attempts and the schema problems the returned calls still have, when reported. */
function constrainedExtension(report: ConstrainedDecodingReport | undefined): Record<string, unknown> {
  if (report === undefined) return {};
  return { attempts: report.attempts, argumentProblems: report.argumentProblems };
}

function usageOf(result: GenerateResult) {
  return {
    prompt_tokens: result.usage.inputTokens,
    completion_tokens: result.usage.outputTokens,
    total_tokens: result.usage.inputTokens + result.usage.outputTokens,
  };
}

/** The whole `chat.completion` object. */
export function completionBody(result: GenerateResult, context: ResponseContext): Record<string, unknown> {
  const reply = wireReply(result, context);
  return {
    id: context.id,
    object: "chat.completion",
    created: context.created,
    model: context.model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: reply.content,
          ...(reply.reasoning === "" ? {} : { reasoning_content: reply.reasoning }),
          ...(reply.toolCalls.length > 0 ? { tool_calls: reply.toolCalls } : {}),
        },
        finish_reason: reply.finishReason,
        logprobs: null,
      },
    ],
    usage: usageOf(result),
    edgecall: reply.extension,
  };
}

/** The opening chunk of a stream, sent before the model has answered. */
export function openingChunk(context: ResponseContext): Record<string, unknown> {
  return chunk(context, { role: "assistant", content: "" }, null);
}

function chunk(
  context: ResponseContext,
  delta: Record<string, unknown>,
  finishReason: string | null,
): Record<string, unknown> {
  return {
    id: context.id,
    object: "chat.completion.chunk",
    created: context.created,
    model: context.model,
    choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
  };
}

/**
 * The chunks that follow the opening one once the reply is complete: reasoning, content, one
 * chunk per call (id, name and all its arguments), the finish chunk (carrying `edgecall`), and the
 * usage chunk when asked for. The caller sends `[DONE]` after them.
 */
export function replyChunks(
  result: GenerateResult,
  context: ResponseContext,
  includeUsage: boolean,
): Record<string, unknown>[] {
  const reply = wireReply(result, context);
  const chunks: Record<string, unknown>[] = [];
  if (reply.reasoning !== "") chunks.push(chunk(context, { reasoning_content: reply.reasoning }, null));
  if (reply.content !== null && reply.content !== "")
    chunks.push(chunk(context, { content: reply.content }, null));
  chunks.push(...replyTailChunks(result, context, includeUsage));
  return chunks;
}

/** A chunk of streamed text: visible content or reasoning, as it is generated. */
export function deltaChunk(
  context: ResponseContext,
  kind: "content" | "reasoning",
  text: string,
): Record<string, unknown> {
  return chunk(context, kind === "content" ? { content: text } : { reasoning_content: text }, null);
}

/**
 * The chunks after the streamed text: one per call (id, name and all its arguments), the finish
 * chunk (carrying `edgecall`) and the usage chunk when asked for.
 */
export function replyTailChunks(
  result: GenerateResult,
  context: ResponseContext,
  includeUsage: boolean,
): Record<string, unknown>[] {
  const reply = wireReply(result, context);
  const chunks: Record<string, unknown>[] = [];
  reply.toolCalls.forEach((call, index) => {
    chunks.push(chunk(context, { tool_calls: [{ index, ...call }] }, null));
  });
  chunks.push({ ...chunk(context, {}, reply.finishReason), edgecall: reply.extension });
  if (includeUsage) {
    chunks.push({
      id: context.id,
      object: "chat.completion.chunk",
      created: context.created,
      model: context.model,
      choices: [],
      usage: usageOf(result),
    });
  }
  return chunks;
}
