/**
 * A reply in the Responses API's shape: the `response` object (output items: a `reasoning` item
 * with the `<think>` text as its summary, a `message` with one `output_text` part, a
 * `function_call` per call) and, streamed, its events in order (`response.created`,
 * `response.in_progress`, per item `output_item.added` ... `output_item.done` with the text,
 * reasoning-summary and call-argument deltas between, then `response.completed`), each with its
 * `sequence_number`. Malformed calls stay in the message text as on chat completions, and the
 * `edgecall` field carries what the shape has no place for.
 */
import { randomUUID } from "node:crypto";
import type { GenerateResult } from "../backend/model-backend.js";
import { finalTexts } from "../formats/output-stream.js";
import type { ToolCall } from "../messages.js";
import type { StoredItem } from "./item-store.js";
import type { ResponsesPlan } from "./responses-request.js";

/** Per-response values the server chooses. */
export interface ResponsesContext {
  id: string;
  createdAt: number;
  model: string;
  plan: ResponsesPlan;
  randomWeights: boolean;
}

function newId(prefix: string): string {
  return `${prefix}_${randomUUID().replaceAll("-", "")}`;
}

function reasoningItem(id: string, text: string, status = "completed"): StoredItem {
  return { type: "reasoning", id, summary: text === "" ? [] : [{ type: "summary_text", text }], status };
}

function messageItem(id: string, text: string, status = "completed"): StoredItem {
  return {
    type: "message",
    id,
    status,
    role: "assistant",
    content: status === "in_progress" ? [] : [{ type: "output_text", text, annotations: [], logprobs: [] }],
  };
}

function callItem(call: ToolCall, status = "completed"): StoredItem {
  return {
    type: "function_call",
    id: newId("fc"),
    call_id: call.id ?? newId("call"),
    name: call.name,
    arguments: status === "in_progress" ? "" : (call.argumentsText ?? JSON.stringify(call.arguments)),
    status,
  };
}

/** The reply's calls (the first only with `parallel_tool_calls: false`). */
function callsOf(result: GenerateResult, parallel: boolean): ToolCall[] {
  const calls = result.parts.flatMap((part) => (part.type === "tool-call" ? [part.toolCall] : []));
  return parallel ? calls : calls.slice(0, 1);
}

function usageOf(result: GenerateResult) {
  return {
    input_tokens: result.usage.inputTokens,
    input_tokens_details: { cached_tokens: result.usage.cachedInputTokens ?? 0 },
    output_tokens: result.usage.outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: result.usage.inputTokens + result.usage.outputTokens,
  };
}

/** The `response` object; `output` and `result` undefined give the in-progress one. */
export function responseObject(
  context: ResponsesContext,
  output: readonly StoredItem[] | undefined,
  result: GenerateResult | undefined,
  extension: Record<string, unknown> = {},
): Record<string, unknown> {
  const { echo } = context.plan;
  const incomplete = result?.finishReason === "length";
  return {
    id: context.id,
    object: "response",
    created_at: context.createdAt,
    status: result === undefined ? "in_progress" : incomplete ? "incomplete" : "completed",
    error: null,
    incomplete_details: incomplete ? { reason: "max_output_tokens" } : null,
    instructions: echo.instructions,
    max_output_tokens: echo.maxOutputTokens,
    model: context.model,
    output: output ?? [],
    parallel_tool_calls: echo.parallelToolCalls,
    previous_response_id: echo.previousResponseId,
    reasoning: { effort: null, summary: null },
    store: true,
    temperature: echo.temperature,
    text: echo.text,
    tool_choice: echo.toolChoice,
    tools: echo.tools,
    top_p: echo.topP,
    truncation: "disabled",
    usage: result === undefined ? null : usageOf(result),
    metadata: echo.metadata,
    ...(result === undefined
      ? {}
      : {
          edgecall: {
            finishReason: result.finishReason,
            toolCallErrors: result.parts.flatMap((part) =>
              part.type === "tool-call-error" ? [part.error] : [],
            ),
            randomWeights: context.randomWeights,
            timing: result.timing,
            ...extension,
          },
        }),
  };
}

/** The output items of a whole reply: reasoning, the message (when there is text, or nothing else), the calls. */
export function outputItems(result: GenerateResult, parallel: boolean): StoredItem[] {
  const { content, reasoning } = finalTexts(result.parts);
  const calls = callsOf(result, parallel);
  const items: StoredItem[] = [];
  if (reasoning !== "") items.push(reasoningItem(newId("rs"), reasoning));
  if (content !== "" || calls.length === 0) items.push(messageItem(newId("msg"), content));
  for (const call of calls) items.push(callItem(call));
  return items;
}

/**
 * The events of one streamed response, produced as the reply comes: {@link start} at once,
 * {@link reasoning} and {@link text} per delta, {@link finish} with the result.
 */
export class ResponsesEventWriter {
  private sequence = 0;
  private readonly output: StoredItem[] = [];
  private open: { kind: "reasoning" | "message"; id: string; index: number; text: string } | undefined;
  private messageOpened = false;

  constructor(
    private readonly context: ResponsesContext,
    private readonly send: (event: Record<string, unknown>) => void,
  ) {}

  private emit(type: string, fields: Record<string, unknown>): void {
    this.send({ type, sequence_number: this.sequence++, ...fields });
  }

  /** `response.created` and `response.in_progress`. */
  start(): void {
    const response = responseObject(this.context, undefined, undefined);
    this.emit("response.created", { response });
    this.emit("response.in_progress", { response });
  }

  /** A reasoning delta (reasoning after the message began is left to the final response). */
  reasoning(text: string): void {
    if (this.messageOpened) return;
    if (this.open === undefined) {
      const id = newId("rs");
      this.open = { kind: "reasoning", id, index: this.output.length, text: "" };
      this.emit("response.output_item.added", {
        output_index: this.open.index,
        item: reasoningItem(id, "", "in_progress"),
      });
      this.emit("response.reasoning_summary_part.added", {
        item_id: id,
        output_index: this.open.index,
        summary_index: 0,
        part: { type: "summary_text", text: "" },
      });
    }
    this.open.text += text;
    this.emit("response.reasoning_summary_text.delta", {
      item_id: this.open.id,
      output_index: this.open.index,
      summary_index: 0,
      delta: text,
    });
  }

  /** A visible-text delta. */
  text(text: string): void {
    if (this.open?.kind !== "message") {
      this.closeOpen();
      const id = newId("msg");
      this.open = { kind: "message", id, index: this.output.length, text: "" };
      this.messageOpened = true;
      this.emit("response.output_item.added", {
        output_index: this.open.index,
        item: messageItem(id, "", "in_progress"),
      });
      this.emit("response.content_part.added", {
        item_id: id,
        output_index: this.open.index,
        content_index: 0,
        part: { type: "output_text", text: "", annotations: [], logprobs: [] },
      });
    }
    this.open.text += text;
    this.emit("response.output_text.delta", {
      item_id: this.open.id,
      output_index: this.open.index,
      content_index: 0,
      delta: text,
      logprobs: [],
    });
  }

  /** Closes the open item, the calls' items, and `response.completed`; returns the output items. */
  finish(result: GenerateResult, extension: Record<string, unknown>): StoredItem[] {
    const calls = callsOf(result, this.context.plan.echo.parallelToolCalls);
    if (this.open === undefined && !this.messageOpened && calls.length === 0) this.text("");
    this.closeOpen();
    for (const call of calls) {
      const index = this.output.length;
      const item = callItem(call);
      this.emit("response.output_item.added", {
        output_index: index,
        item: { ...item, arguments: "", status: "in_progress" },
      });
      this.emit("response.function_call_arguments.delta", {
        item_id: item.id,
        output_index: index,
        delta: item.arguments,
      });
      this.emit("response.function_call_arguments.done", {
        item_id: item.id,
        output_index: index,
        name: item.name,
        arguments: item.arguments,
      });
      this.emit("response.output_item.done", { output_index: index, item });
      this.output.push(item);
    }
    const type = result.finishReason === "length" ? "response.incomplete" : "response.completed";
    this.emit(type, { response: responseObject(this.context, this.output, result, extension) });
    return this.output;
  }

  /** `response.failed` with the error, for a failure after the stream opened. */
  fail(error: { message: string; code: string | null }): void {
    this.emit("response.failed", {
      response: { ...responseObject(this.context, this.output, undefined), status: "failed", error },
    });
  }

  private closeOpen(): void {
    const open = this.open;
    if (open === undefined) return;
    this.open = undefined;
    if (open.kind === "reasoning") {
      this.emit("response.reasoning_summary_text.done", {
        item_id: open.id,
        output_index: open.index,
        summary_index: 0,
        text: open.text,
      });
      this.emit("response.reasoning_summary_part.done", {
        item_id: open.id,
        output_index: open.index,
        summary_index: 0,
        part: { type: "summary_text", text: open.text },
      });
      const item = reasoningItem(open.id, open.text);
      this.emit("response.output_item.done", { output_index: open.index, item });
      this.output.push(item);
      return;
    }
    const part = { type: "output_text", text: open.text, annotations: [], logprobs: [] };
    this.emit("response.output_text.done", {
      item_id: open.id,
      output_index: open.index,
      content_index: 0,
      text: open.text,
      logprobs: [],
    });
    this.emit("response.content_part.done", {
      item_id: open.id,
      output_index: open.index,
      content_index: 0,
      part,
    });
    const item = messageItem(open.id, open.text);
    this.emit("response.output_item.done", { output_index: open.index, item });
    this.output.push(item);
  }
}
